/**
 * Why a progress write was refused. The lesson page and the progress route map these to a status;
 * a learner only meets them with a stale page (access revoked, lesson deleted, course unpublished).
 */
export class LessonNotFoundError extends Error {
  constructor(readonly lessonId: string) {
    super(`No lesson ${lessonId} this person can see`);
    this.name = "LessonNotFoundError";
  }
}

export class LessonLockedError extends Error {
  constructor(readonly lessonId: string) {
    super(`Lesson ${lessonId} is not open to this person`);
    this.name = "LessonLockedError";
  }
}

/** A quiz lesson is completed by passing its quiz, never by the Mark as complete button (docs/decisions/024). */
export class LessonCompletedByQuizError extends Error {
  constructor(readonly lessonId: string) {
    super(`Lesson ${lessonId} is a quiz: passing it completes it`);
    this.name = "LessonCompletedByQuizError";
  }
}
