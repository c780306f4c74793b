import { and, asc, eq } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { db, type Queryable } from "~/server/db/client.server";
import { courseInstructors, courses, users } from "~/server/db/schema";
import { recordAccessEvent } from "./record-access-event.server";

/**
 * A course's instructors (issue 42, docs/decisions/057): the people an admin names, in the course
 * builder, to answer and moderate that course's discussions. Being one gives staff powers in that
 * course's discussions only (`discussionAccessFrom`); it opens no lesson content and no other course.
 * Every change is one transaction with its audit row.
 */

export class InstructorError extends Error {
  constructor(
    readonly code: "no-such-person" | "not-found",
    message: string,
  ) {
    super(message);
  }
}

export const INSTRUCTOR_MESSAGES = {
  noSuchPerson: "No account has that e-mail address.",
  added: "Instructor added",
  removed: "Instructor removed",
  notInstructor: "That person is not an instructor of this course.",
} as const;

/** The course's instructors, by name, for the builder. */
export async function listCourseInstructors({ courseId }: { courseId: string }) {
  if (!isUuid(courseId)) return [];
  return db()
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(courseInstructors)
    .innerJoin(users, eq(users.id, courseInstructors.userId))
    .where(eq(courseInstructors.courseId, courseId))
    .orderBy(asc(users.name), asc(users.email));
}

/** Whether this person is an instructor of this course. */
export async function isCourseInstructor({ userId, courseId, database = db() }: { userId: string; courseId: string; database?: Queryable }) {
  if (!isUuid(courseId)) return false;
  const [row] = await database
    .select({ userId: courseInstructors.userId })
    .from(courseInstructors)
    .where(and(eq(courseInstructors.courseId, courseId), eq(courseInstructors.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** The published courses this person teaches: their discussions inbox (`findDiscussionInboxScope`). */
export async function listTaughtCourseIds({ userId, database = db() }: { userId: string; database?: Queryable }) {
  const rows = await database
    .select({ courseId: courseInstructors.courseId })
    .from(courseInstructors)
    .innerJoin(courses, eq(courses.id, courseInstructors.courseId))
    .where(and(eq(courseInstructors.userId, userId), eq(courses.status, "published")))
    .orderBy(asc(courses.title));
  return rows.map((row) => row.courseId);
}

/** Names the account with this address instructor of the course (again: nothing changes, nothing recorded). */
export async function addCourseInstructor({ actorId, courseId, email }: { actorId: string; courseId: string; email: string }) {
  const [course] = isUuid(courseId) ? await db().select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).limit(1) : [];
  if (!course) throw new InstructorError("not-found", "This course no longer exists.");
  const [person] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!person) throw new InstructorError("no-such-person", INSTRUCTOR_MESSAGES.noSuchPerson);
  return db().transaction(async (tx) => {
    const added = await tx.insert(courseInstructors).values({ courseId, userId: person.id, createdBy: actorId }).onConflictDoNothing().returning();
    if (added.length > 0) await recordAccessEvent({ tx, type: "instructor_added", userId: person.id, courseId, actorId });
    return added.length > 0;
  });
}

/** Takes the instructor's role on the course away, audited. False when they had none. */
export async function removeCourseInstructor({ actorId, courseId, userId }: { actorId: string; courseId: string; userId: string }) {
  if (!isUuid(courseId)) return false;
  return db().transaction(async (tx) => {
    const removed = await tx
      .delete(courseInstructors)
      .where(and(eq(courseInstructors.courseId, courseId), eq(courseInstructors.userId, userId)))
      .returning();
    if (removed.length === 0) return false;
    await recordAccessEvent({ tx, type: "instructor_removed", userId, courseId, actorId });
    return true;
  });
}
