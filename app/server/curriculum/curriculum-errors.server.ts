/** Typed failures of curriculum operations; builder-failures.server.ts turns them into the spec's messages. */

export class ModuleNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`No module with id ${id} in this course`);
    this.name = "ModuleNotFoundError";
  }
}

export class LessonNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`No lesson with id ${id} in this course`);
    this.name = "LessonNotFoundError";
  }
}

export class LessonSlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`Another lesson of this course already has the slug ${slug}`);
    this.name = "LessonSlugTakenError";
  }
}

/** A video path that is not one of this course's uploads (a hand-made form, or another course's file). */
export class ForeignVideoPathError extends Error {
  constructor(readonly path: string) {
    super(`The video ${path} does not belong to this course`);
    this.name = "ForeignVideoPathError";
  }
}
