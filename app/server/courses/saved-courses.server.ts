import { and, desc, eq } from "drizzle-orm";
import { courseCardColumns, type CourseCard } from "./course-cards.server";
import { db } from "~/server/db/client.server";
import { courses, savedCourses } from "~/server/db/schema";

/** Whether this user has saved this course. */
export async function isCourseSaved({ userId, courseId }: { userId: string; courseId: string }) {
  const [row] = await db()
    .select({ courseId: savedCourses.courseId })
    .from(savedCourses)
    .where(and(eq(savedCourses.userId, userId), eq(savedCourses.courseId, courseId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Saves or unsaves a course for a user. It sets the state the button showed rather than
 * flipping it, so a double submit or two open tabs cannot undo the user's choice.
 */
export async function setCourseSaved({ userId, courseId, saved }: { userId: string; courseId: string; saved: boolean }) {
  if (saved) {
    await db().insert(savedCourses).values({ userId, courseId }).onConflictDoNothing();
  } else {
    await db().delete(savedCourses).where(and(eq(savedCourses.userId, userId), eq(savedCourses.courseId, courseId)));
  }
  return { saved };
}

/**
 * A user's saved courses as course cards, most recently saved first, for the account page.
 * A saved course that was unpublished since is left out until it is published again.
 */
export async function listSavedCourses({ userId, limit = 100 }: { userId: string; limit?: number }): Promise<CourseCard[]> {
  return db()
    .select(courseCardColumns)
    .from(savedCourses)
    .innerJoin(courses, eq(courses.id, savedCourses.courseId))
    .where(and(eq(savedCourses.userId, userId), eq(courses.status, "published")))
    .orderBy(desc(savedCourses.createdAt), desc(courses.id))
    .limit(limit);
}
