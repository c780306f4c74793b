import { and, eq } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { memoByKeyUntilContentChanges } from "~/server/db/content-memo.server";
import { courses, lessons, courseModules } from "~/server/db/schema";
import { courseDripsColumn, lessonReleaseColumns } from "~/server/curriculum/lesson-release.server";

/**
 * The lesson a lesson page is about, with its course, or null when the slugs name none. Drafts
 * are returned too: the access rule decides who sees them. The content columns are read here but
 * the page returns them only to people the rule lets open the lesson.
 */
export async function findLessonBySlugs({ courseSlug, lessonSlug }: { courseSlug: string; lessonSlug: string }) {
  const [row] = await db()
    .select({
      course: { id: courses.id, slug: courses.slug, title: courses.title, status: courses.status, priceCents: courses.priceCents, drips: courseDripsColumn },
      lesson: {
        id: lessons.id,
        slug: lessons.slug,
        title: lessons.title,
        summary: lessons.summary,
        type: lessons.type,
        contentMd: lessons.contentMd,
        videoProvider: lessons.videoProvider,
        videoUrl: lessons.videoUrl,
        videoStoragePath: lessons.videoStoragePath,
        captionsPath: lessons.captionsPath,
        embedCode: lessons.embedCode,
        durationSeconds: lessons.durationSeconds,
        isPreview: lessons.isPreview,
        ...lessonReleaseColumns,
      },
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(and(eq(courses.slug, courseSlug), eq(lessons.slug, lessonSlug)))
    .limit(1);
  return row ?? null;
}

/** A course by slug, for the /learn/{course} redirect. */
export async function findLearningCourse({ slug }: { slug: string }) {
  const [row] = await db()
    .select({ id: courses.id, slug: courses.slug, status: courses.status })
    .from(courses)
    .where(eq(courses.slug, slug))
    .limit(1);
  return row ?? null;
}

const keptLessons = memoByKeyUntilContentChanges((key) => {
  const [courseSlug = "", lessonSlug = ""] = JSON.parse(key) as [string, string];
  return findLessonBySlugs({ courseSlug, lessonSlug });
});

/**
 * The lesson page's read of findLessonBySlugs (issue 44, docs/decisions/076): the course's and the
 * lesson's own rows, the same for everyone (the access rule decides afterwards, per person), kept
 * in memory until the next content write (courses, lessons and course_modules have the page-cache
 * trigger; every instance is told). Callers must not change what it returns.
 */
export function findLessonBySlugsForPage({ courseSlug, lessonSlug }: { courseSlug: string; lessonSlug: string }) {
  return keptLessons.get(JSON.stringify([courseSlug, lessonSlug]));
}
