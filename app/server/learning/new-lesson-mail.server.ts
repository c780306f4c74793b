import { and, eq, gt, sql } from "drizzle-orm";
import { lessonPath } from "~/lib/learning";
import { db } from "~/server/db/client.server";
import { courseModules, courses, dripOverrides, enrollments, lessons, users } from "~/server/db/schema";
import { newLessonsMail } from "~/server/mail/templates.server";
import { sendDailyLearnerNotices } from "./learner-notices.server";

/**
 * The daily new-lesson notice (issue 25), for courses whose owner turned it on: each learner
 * enrolled in such a course gets one e-mail a day at most (its key names the learner and the day)
 * listing the lessons added in the last day that they can open. A lesson in a module that has not
 * opened for them yet waits for the drip notice instead. Addresses that unsubscribed get nothing.
 */

const DAY_MS = 86_400_000;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

type NewLesson = { userId: string; email: string; name: string; courseTitle: string; courseSlug: string; lessonTitle: string; lessonSlug: string };

/** Lessons added in (now − 1 day, now] to published courses with the notice on, per enrolled learner who can open them. */
export async function listNewLessons({ now = new Date() }: { now?: Date } = {}): Promise<NewLesson[]> {
  const from = new Date(now.getTime() - DAY_MS);
  const opensAt = sql`coalesce(${courseModules.dripDate}, ${enrollments.grantedAt} + ${courseModules.dripDays} * interval '1 day')`;
  return db()
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      courseTitle: courses.title,
      courseSlug: courses.slug,
      lessonTitle: lessons.title,
      lessonSlug: lessons.slug,
    })
    .from(lessons)
    .innerJoin(courses, and(eq(courses.id, lessons.courseId), eq(courses.status, "published"), eq(courses.newLessonMail, true)))
    .innerJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.status, "active")))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .leftJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(
      and(
        sql`${lessons.createdAt} > ${at(from)} and ${lessons.createdAt} <= ${at(now)}`,
        // Added after the learner joined: what was there when they enrolled is not news to them.
        gt(lessons.createdAt, enrollments.grantedAt),
        sql`(${courseModules.id} is null
          or (${courseModules.dripDays} is null and ${courseModules.dripDate} is null)
          or ${opensAt} <= ${at(now)}
          or exists (select 1 from ${dripOverrides} where ${dripOverrides.userId} = ${users.id} and ${dripOverrides.courseId} = ${courses.id}))`,
      ),
    )
    .orderBy(courses.title, lessons.createdAt);
}

/** The daily job: one notice per learner with new lessons, at most one a day. */
export async function sendNewLessonMails({ now = new Date() }: { now?: Date } = {}) {
  return sendDailyLearnerNotices({
    kind: "new-lessons",
    rows: await listNewLessons({ now }),
    now,
    compose: ({ rows, origin, ...notice }) =>
      newLessonsMail({
        ...notice,
        lessons: rows.map((row) => ({ lessonTitle: row.lessonTitle, courseTitle: row.courseTitle, url: `${origin}${lessonPath(row.courseSlug, row.lessonSlug)}` })),
      }),
  });
}
