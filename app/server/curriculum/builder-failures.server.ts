import { BUILDER_EXTRA_MESSAGES, BUILDER_MESSAGES } from "~/lib/builder-messages";
import type { FieldErrors } from "~/lib/forms/parse-form";
import type { Failure } from "~/server/action.server";
import { CourseNotFoundError } from "~/server/courses/admin-courses.server";
import { CourseSlugTakenError } from "~/server/courses/course-details.server";
import { logger } from "~/server/platform/logger.server";
import { CaptionsInvalidError } from "~/server/video/lesson-captions.server";
import { StreamNotFoundError } from "~/server/video/lesson-streams.server";
import { CAPTIONS_MESSAGES } from "~/lib/webvtt";
import { ForeignVideoPathError, LessonNotFoundError, LessonSlugTakenError, ModuleNotFoundError } from "./curriculum-errors.server";

export type BuilderOperation =
  | "details"
  | "status"
  | "create-module"
  | "update-module"
  | "delete-module"
  | "create-lesson"
  | "update-lesson"
  | "delete-lesson"
  | "move"
  | "retry-transcode"
  | "captions";

/** §8 Builder: what each failed operation says, in the destructive toast titled 'Error'. */
export const BUILDER_FAILURE_MESSAGES: Record<BuilderOperation, string> = {
  details: BUILDER_MESSAGES.detailsFailed,
  status: BUILDER_MESSAGES.statusFailed,
  "create-module": BUILDER_MESSAGES.moduleCreateFailed,
  "update-module": BUILDER_MESSAGES.moduleUpdateFailed,
  "delete-module": BUILDER_MESSAGES.moduleDeleteFailed,
  "create-lesson": BUILDER_MESSAGES.lessonCreateFailed,
  "update-lesson": BUILDER_MESSAGES.lessonUpdateFailed,
  "delete-lesson": BUILDER_MESSAGES.lessonDeleteFailed,
  move: BUILDER_EXTRA_MESSAGES.moveFailed,
  "retry-transcode": BUILDER_EXTRA_MESSAGES.transcodeRetryFailed,
  captions: CAPTIONS_MESSAGES.failed,
};

const MISSING = [CourseNotFoundError, ModuleNotFoundError, LessonNotFoundError, StreamNotFoundError];

/**
 * The one place a failed builder operation becomes what the admin sees: the spec's message as an
 * error toast, the status (404 gone, 409 slug taken, 400 refused, 500 otherwise), and the field
 * message when one field is to blame. Logged once here.
 */
export function builderFailure(
  operation: BuilderOperation,
  error: unknown,
  details: Record<string, unknown> = {},
): Failure & { errors?: FieldErrors } {
  const toast = { kind: "error" as const, message: BUILDER_FAILURE_MESSAGES[operation] };
  if (error instanceof CourseSlugTakenError) {
    logger.info({ operation, ...details, slug: error.slug }, "course slug taken");
    return { toast, status: 409, errors: { slug: [BUILDER_EXTRA_MESSAGES.courseSlugTaken] } };
  }
  if (error instanceof LessonSlugTakenError) {
    logger.info({ operation, ...details, slug: error.slug }, "lesson slug taken");
    return { toast, status: 409, errors: { slug: [BUILDER_EXTRA_MESSAGES.lessonSlugTaken] } };
  }
  if (error instanceof ForeignVideoPathError) {
    logger.warn({ err: error, operation, ...details }, "lesson video path from another course refused");
    return { toast, status: 400, errors: { videoStoragePath: ["Upload the video again"] } };
  }
  if (error instanceof CaptionsInvalidError) {
    logger.info({ operation, ...details, reason: error.message }, "captions refused");
    return { toast, status: 400, errors: { captions: [error.message] } };
  }
  if (MISSING.some((type) => error instanceof type)) {
    logger.warn({ err: error, operation, ...details }, "builder operation on a missing record");
    return { toast, status: 404 };
  }
  logger.error({ err: error, operation, ...details }, "builder operation failed");
  return { toast, status: 500 };
}
