import { QUIZ_MESSAGES } from "~/lib/quiz";
import type { Failure } from "~/server/action.server";
import { LessonLockedError, LessonNotFoundError } from "~/server/learning/learning-errors.server";
import { logger } from "~/server/platform/logger.server";

/** Why an attempt was refused; quizFailure below maps each to what the learner sees. */

export class QuizNotFoundError extends Error {
  constructor(readonly lessonId: string) {
    super(`Lesson ${lessonId} has no quiz to answer`);
    this.name = "QuizNotFoundError";
  }
}

export class QuizNoAttemptsLeftError extends Error {
  constructor(readonly lessonId: string) {
    super(`No attempts left at the quiz of lesson ${lessonId}`);
    this.name = "QuizNoAttemptsLeftError";
  }
}

export class QuizAlreadyPassedError extends Error {
  constructor(readonly lessonId: string) {
    super(`The quiz of lesson ${lessonId} is already passed`);
    this.name = "QuizAlreadyPassedError";
  }
}

/** The one place a refused or failed attempt becomes an answer: its message as an error toast, and the status. */
export function quizFailure(error: unknown, details: { userId: string; lessonId: string }): Failure {
  const known: [new (...args: never[]) => Error, number, string][] = [
    [QuizNoAttemptsLeftError, 409, QUIZ_MESSAGES.noAttemptsLeft],
    [QuizAlreadyPassedError, 409, QUIZ_MESSAGES.alreadyPassed],
    [QuizNotFoundError, 404, QUIZ_MESSAGES.submitFailed],
    [LessonNotFoundError, 404, QUIZ_MESSAGES.submitFailed],
    [LessonLockedError, 403, QUIZ_MESSAGES.submitFailed],
  ];
  const match = known.find(([type]) => error instanceof type);
  if (!match) {
    logger.error({ err: error, ...details }, "quiz attempt failed");
    return { toast: { kind: "error", message: QUIZ_MESSAGES.submitFailed }, status: 500 };
  }
  logger.info({ err: error, ...details }, "quiz attempt refused");
  return { toast: { kind: "error", message: match[2] }, status: match[1] };
}
