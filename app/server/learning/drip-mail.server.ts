import { and, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { MEMBERSHIP_ACCESS_STATUSES } from "~/lib/domain-values";
import { db } from "~/server/db/client.server";
import { courseModules, courses, dripOverrides, enrollments, subscriptions, users } from "~/server/db/schema";
import { dripOpenedMail } from "~/server/mail/templates.server";
import { sendDailyLearnerNotices } from "./learner-notices.server";

/**
 * The daily drip notice (issue 24): each learner whose modules opened in the last day gets one
 * e-mail listing them, at most one a day (its key names the learner and the day), with the
 * one-click unsubscribe of marketing mail. Learners an admin opened everything for, and addresses
 * that unsubscribed, get nothing.
 */

const DAY_MS = 86_400_000;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

type Opened = { userId: string; email: string; name: string; courseTitle: string; courseSlug: string; moduleTitle: string };

/** Modules that opened in (from, to] for the holders whose access began at `since`. */
function openedIn(since: SQL, from: Date, to: Date) {
  const opensAt = sql`coalesce(${courseModules.dripDate}, ${since} + ${courseModules.dripDays} * interval '1 day')`;
  return and(
    sql`(${courseModules.dripDays} is not null or ${courseModules.dripDate} is not null)`,
    sql`${opensAt} > ${at(from)} and ${opensAt} <= ${at(to)}`,
    sql`not exists (select 1 from ${dripOverrides} where ${dripOverrides.userId} = ${users.id} and ${dripOverrides.courseId} = ${courses.id})`,
  );
}

const openedColumns = {
  userId: users.id,
  email: users.email,
  name: users.name,
  courseTitle: courses.title,
  courseSlug: courses.slug,
  moduleTitle: courseModules.title,
};

export async function listModulesOpened({ now = new Date() }: { now?: Date } = {}): Promise<Opened[]> {
  const from = new Date(now.getTime() - DAY_MS);
  const [enrolled, members] = await Promise.all([
    db()
      .select(openedColumns)
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .innerJoin(courses, and(eq(courses.id, enrollments.courseId), eq(courses.status, "published")))
      .innerJoin(courseModules, eq(courseModules.courseId, courses.id))
      .where(and(eq(enrollments.status, "active"), openedIn(sql`${enrollments.grantedAt}`, from, now))),
    // Members hold every published course they are not enrolled in, from the membership's start.
    db()
      .select(openedColumns)
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(courses, eq(courses.status, "published"))
      .innerJoin(courseModules, eq(courseModules.courseId, courses.id))
      .where(
        and(
          inArray(subscriptions.status, [...MEMBERSHIP_ACCESS_STATUSES]),
          gt(subscriptions.currentPeriodEnd, now),
          sql`not exists (select 1 from ${enrollments} where ${enrollments.userId} = ${users.id} and ${enrollments.courseId} = ${courses.id} and ${enrollments.status} = 'active')`,
          openedIn(sql`${subscriptions.createdAt}`, from, now),
        ),
      ),
  ]);
  return [...enrolled, ...members];
}

/** The daily job: one notice per learner whose modules opened in the last day. */
export async function sendDripOpenedMails({ now = new Date() }: { now?: Date } = {}) {
  return sendDailyLearnerNotices({
    kind: "drip",
    rows: await listModulesOpened({ now }),
    now,
    compose: ({ rows, origin, ...notice }) =>
      dripOpenedMail({
        ...notice,
        modules: [...new Map(rows.map((row) => [`${row.courseSlug}/${row.moduleTitle}`, row])).values()].map((row) => ({
          moduleTitle: row.moduleTitle,
          courseTitle: row.courseTitle,
          url: `${origin}/courses/${row.courseSlug}`,
        })),
      }),
  });
}
