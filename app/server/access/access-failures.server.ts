import { USER_MESSAGES } from "~/lib/user-messages";
import type { Failure } from "~/server/action.server";
import { logger } from "~/server/platform/logger.server";
import { CourseAccessTargetNotFoundError } from "./course-access.server";

export type AccessOperation = "grant" | "revoke";

const FAILED: Record<AccessOperation, string> = { grant: USER_MESSAGES.grantFailed, revoke: USER_MESSAGES.revokeFailed };

/**
 * The one place a failed grant or revoke becomes what the admin sees (§8): the spec's message as
 * an error toast, 404 when the user or the course is gone and 500 otherwise, logged once here.
 */
export function accessFailure(operation: AccessOperation, error: unknown, details: { userId: string; courseId: string }): Failure {
  const missing = error instanceof CourseAccessTargetNotFoundError;
  if (missing) logger.warn({ err: error, operation, ...details }, "course access change for a missing user or course");
  else logger.error({ err: error, operation, ...details }, "course access change failed");
  return { toast: { kind: "error", message: FAILED[operation] }, status: missing ? 404 : 500 };
}
