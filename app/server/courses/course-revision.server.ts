import { sql } from "drizzle-orm";
import { courses } from "~/server/db/schema";

/**
 * A course's `revision` counts every change to the course or its curriculum, from the Edit Course
 * screen, the builder or the course list. The Edit Course form carries the revision it was opened
 * on, and its save is refused when the course has moved on (docs/decisions/011).
 */

/** The `set` value of a write that changes a course or its curriculum: one more revision. */
export const nextRevision = () => sql`${courses.revision} + 1`;

/**
 * The Edit Course form was opened on an older revision of the course: since then the builder, the
 * course list or another Edit Course save changed it. Nothing is saved, so a stale form can neither
 * undo those changes nor delete lessons it never showed.
 */
export class CourseChangedError extends Error {
  constructor(
    readonly courseId: string,
    readonly expectedRevision: number,
    readonly currentRevision: number,
  ) {
    super(`Course ${courseId} is at revision ${currentRevision}, the form was opened on ${expectedRevision}`);
    this.name = "CourseChangedError";
  }
}
