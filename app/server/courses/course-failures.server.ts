import { COURSE_MESSAGES } from "~/lib/course-messages";
import type { Failure } from "~/server/action.server";
import { logger } from "~/server/platform/logger.server";
import { CourseNotFoundError, LessonNotInCourseError } from "./admin-courses.server";
import { CourseChangedError } from "./course-revision.server";

export type CourseOperation = "status" | "delete" | "save";

const FAILED: Record<CourseOperation, string> = {
  status: COURSE_MESSAGES.statusFailed,
  delete: COURSE_MESSAGES.deleteFailed,
  save: COURSE_MESSAGES.saveFailed,
};

/**
 * The one place a failed course operation becomes what the admin sees (§8): the spec's message as
 * an error toast, 404 when the course is gone, 409 when the form is stale (the course changed
 * since it was opened, or its lessons did), 500 otherwise, logged once here.
 */
export function courseFailure(operation: CourseOperation, error: unknown, details: { courseId?: string } = {}): Failure {
  if (error instanceof CourseNotFoundError) {
    logger.warn({ err: error, operation, ...details }, "course operation on a missing course");
    // Saving a course that no longer exists says so; a status change or delete keeps its own message.
    return { toast: { kind: "error", message: operation === "save" ? COURSE_MESSAGES.notFound : FAILED[operation] }, status: 404 };
  }
  if (error instanceof CourseChangedError) {
    logger.info({ operation, ...details, expected: error.expectedRevision, current: error.currentRevision }, "stale course form refused");
    return { toast: { kind: "error", message: COURSE_MESSAGES.courseChanged, description: COURSE_MESSAGES.courseChangedHint }, status: 409 };
  }
  if (error instanceof LessonNotInCourseError) {
    logger.warn({ err: error, operation, ...details }, "course saved with stale lessons");
    return { toast: { kind: "error", message: FAILED[operation], description: COURSE_MESSAGES.lessonsChanged }, status: 409 };
  }
  logger.error({ err: error, operation, ...details }, "course operation failed");
  return { toast: { kind: "error", message: FAILED[operation] }, status: 500 };
}
