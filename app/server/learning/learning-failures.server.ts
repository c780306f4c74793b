import { LEARNING_MESSAGES } from "~/lib/learning";
import type { Failure } from "~/server/action.server";
import { logger } from "~/server/platform/logger.server";
import { QUIZ_MESSAGES } from "~/lib/quiz";
import { LessonCompletedByQuizError, LessonLockedError, LessonNotFoundError } from "./learning-errors.server";

/**
 * The one place a refused or failed progress write becomes an answer: 404 for a lesson the
 * person cannot see (gone, or a draft), 403 for one that is locked to them (access revoked while
 * the page was open), 500 otherwise; always "Failed to save progress".
 */
export function learningFailure(error: unknown, details: { userId: string; lessonId?: string }): Failure {
  if (error instanceof LessonCompletedByQuizError)
    return { toast: { kind: "error", message: QUIZ_MESSAGES.completeByPassing }, status: 409 };
  const status = error instanceof LessonNotFoundError ? 404 : error instanceof LessonLockedError ? 403 : 500;
  if (status === 500) logger.error({ err: error, ...details }, "saving lesson progress failed");
  else logger.warn({ err: error, ...details }, "lesson progress refused");
  return { toast: { kind: "error", message: LEARNING_MESSAGES.failed }, status };
}
