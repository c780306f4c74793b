import { eq } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { CourseNotFoundError } from "~/server/courses/admin-courses.server";
import { nextRevision } from "~/server/courses/course-revision.server";
import { db } from "~/server/db/client.server";
import { isUniqueViolation } from "~/server/db/errors.server";
import { courses } from "~/server/db/schema";

/**
 * The course builder's Details tab: read a course's details, save them, publish or unpublish.
 * (The New/Edit Course screen has its own, fuller save in this folder.)
 */

export class CourseSlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`Another course already has the slug ${slug}`);
    this.name = "CourseSlugTakenError";
  }
}

/** What the builder's Details tab shows, or null when no course has this id. */
export async function getCourseDetails({ courseId }: { courseId: string }) {
  if (!isUuid(courseId)) return null;
  const [course] = await db()
    .select({
      id: courses.id,
      title: courses.title,
      slug: courses.slug,
      description: courses.longDescriptionMd,
      priceCents: courses.priceCents,
      coverUrl: courses.coverUrl,
      certificatesEnabled: courses.certificatesEnabled,
      newLessonMail: courses.newLessonMail,
      status: courses.status,
      publishedAt: courses.publishedAt,
    })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  return course ?? null;
}

/**
 * Saves the builder's Details: title, slug, description (the long description, docs/decisions/002)
 * price in cents, whether the course gives certificates of completion, and whether its learners get the daily new-lesson e-mail. The slug is the admin's; a slug another course has is refused, not renamed.
 */
export async function updateCourseDetails({
  courseId,
  title,
  slug,
  description,
  priceCents,
  certificatesEnabled,
  newLessonMail,
}: {
  courseId: string;
  title: string;
  slug: string;
  description: string;
  priceCents: number;
  /** Left as it is when not given. */
  certificatesEnabled?: boolean;
  newLessonMail?: boolean;
}) {
  if (!isUuid(courseId)) throw new CourseNotFoundError(courseId);
  try {
    const [updated] = await db()
      .update(courses)
      .set({
        title,
        slug,
        longDescriptionMd: description,
        priceCents,
        ...(certificatesEnabled === undefined ? {} : { certificatesEnabled }),
        ...(newLessonMail === undefined ? {} : { newLessonMail }),
        revision: nextRevision(),
        updatedAt: new Date(),
      })
      .where(eq(courses.id, courseId))
      .returning({ id: courses.id, slug: courses.slug });
    if (!updated) throw new CourseNotFoundError(courseId);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw new CourseSlugTakenError(slug);
    throw error;
  }
}
