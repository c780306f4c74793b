import { and, desc, eq, max, sql } from "drizzle-orm";
import { findCoursesAccess, type LessonAccessUser } from "~/server/access/lesson-access.server";
import { courseSummaryColumns } from "~/server/courses/course-cards.server";
import { db } from "~/server/db/client.server";
import { courses, enrollments, lessonProgress, lessons } from "~/server/db/schema";
import { findNextLessons, listCourseProgress } from "./progress.server";

const MY_COURSES_LIMIT = 100;

/**
 * The courses the learner has started (any progress row; the most recently touched first) and
 * those they are enrolled in (the latest granted first), 100 of each, in one statement.
 */
async function listStartedAndEnrolledCourses({ userId }: { userId: string }) {
  const started = db()
    .select({ ...courseSummaryColumns, started: sql<boolean>`true`.as("started"), at: max(lessonProgress.updatedAt).as("at") })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessonProgress.userId, userId), eq(courses.status, "published")))
    .groupBy(courses.id)
    .orderBy(desc(max(lessonProgress.updatedAt)))
    .limit(MY_COURSES_LIMIT);
  const enrolled = db()
    .select({ ...courseSummaryColumns, started: sql<boolean>`false`.as("started"), at: sql<Date>`${enrollments.grantedAt}`.as("at") })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, userId), eq(enrollments.status, "active"), eq(courses.status, "published")))
    .orderBy(desc(enrollments.grantedAt))
    .limit(MY_COURSES_LIMIT);
  const rows = await started.unionAll(enrolled);
  const time = (value: Date | string | null) => (value === null ? 0 : new Date(value).getTime());
  // Recently studied first, then enrolments by grant date.
  return rows.sort((a, b) => Number(b.started) - Number(a.started) || time(b.at) - time(a.at));
}

/**
 * The account's "My courses": the courses the learner is enrolled in, and those they have started
 * (which is how a member's courses show up), kept only where the one access rule opens the whole
 * course. Each with its progress and where "Continue learning" goes.
 */
export async function listMyCourses({ user }: { user: NonNullable<LessonAccessUser> }) {
  const byId = new Map<string, { id: string; slug: string; title: string; subtitle: string; coverUrl: string | null; topics: string[] }>();
  for (const { id, slug, title, subtitle, coverUrl, topics } of await listStartedAndEnrolledCourses({ userId: user.id })) {
    if (!byId.has(id)) byId.set(id, { id, slug, title, subtitle, coverUrl, topics });
  }
  const candidates = [...byId.values()];
  const access = await findCoursesAccess({ user, courses: candidates.map((course) => ({ id: course.id, status: "published" })) });
  const open = candidates.filter((course) => access.get(course.id)?.kind === "open").slice(0, MY_COURSES_LIMIT);
  const ids = open.map((course) => course.id);
  const [progress, next] = await Promise.all([
    listCourseProgress({ userId: user.id, courseIds: ids }),
    findNextLessons({ userId: user.id, courseIds: ids }),
  ]);
  return open.map((course) => ({
    ...course,
    progress: progress.get(course.id) ?? { totalLessons: 0, completedLessons: 0, percent: 0 },
    nextLessonSlug: next.get(course.id)?.slug ?? null,
  }));
}
