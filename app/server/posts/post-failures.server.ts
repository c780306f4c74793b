import { POST_MESSAGES } from "~/lib/post-messages";
import type { Failure } from "~/server/action.server";
import { logger } from "~/server/platform/logger.server";
import { PostNotFoundError } from "./admin-posts.server";

export type PostOperation = "status" | "delete" | "save";

const FAILED: Record<PostOperation, string> = {
  status: POST_MESSAGES.statusFailed,
  delete: POST_MESSAGES.deleteFailed,
  save: POST_MESSAGES.saveFailed,
};

/**
 * The one place a failed post operation becomes what the admin sees (§8): the spec's message as
 * an error toast, 404 when the post is gone and 500 otherwise, logged once here.
 */
export function postFailure(operation: PostOperation, error: unknown, details: { id?: string } = {}): Failure {
  const missing = error instanceof PostNotFoundError;
  if (missing) logger.warn({ err: error, operation, ...details }, "post operation on a missing post");
  else logger.error({ err: error, operation, ...details }, "post operation failed");
  // Saving a post that no longer exists says so; a status change or delete keeps its own message.
  const message = missing && operation === "save" ? POST_MESSAGES.notFound : FAILED[operation];
  return { toast: { kind: "error", message }, status: missing ? 404 : 500 };
}
