import { and, desc, eq, max } from "drizzle-orm";
import { findCoursesAccess, type LessonAccessUser } from "~/server/access/lesson-access.server";
import { listEnrolledCourses } from "~/server/access/enrollments.server";
import { courseSummaryColumns } from "~/server/courses/course-cards.server";
import { db } from "~/server/db/client.server";
import { courses, lessonProgress, lessons } from "~/server/db/schema";
import { findNextLessons, listCourseProgress } from "./progress.server";

const MY_COURSES_LIMIT = 100;

/** Courses the learner has started (any progress row), the most recently touched first. */
async function listStartedCourses({ userId }: { userId: string }) {
  return db()
    .select({ ...courseSummaryColumns, lastActivity: max(lessonProgress.updatedAt) })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessonProgress.userId, userId), eq(courses.status, "published")))
    .groupBy(courses.id)
    .orderBy(desc(max(lessonProgress.updatedAt)))
    .limit(MY_COURSES_LIMIT);
}

/**
 * The account's "My courses": the courses the learner is enrolled in, and those they have started
 * (which is how a member's courses show up), kept only where the one access rule opens the whole
 * course. Each with its progress and where "Continue learning" goes.
 */
export async function listMyCourses({ user }: { user: NonNullable<LessonAccessUser> }) {
  const [enrolled, started] = await Promise.all([listEnrolledCourses({ userId: user.id }), listStartedCourses({ userId: user.id })]);
  const byId = new Map<string, { id: string; slug: string; title: string; subtitle: string; coverUrl: string | null; topics: string[] }>();
  // Recently studied first, then enrolments by grant date.
  for (const { id, slug, title, subtitle, coverUrl, topics } of [...started, ...enrolled]) {
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
