import type { PublishStatus } from "~/lib/domain-values";
import { isAdminRole } from "~/lib/roles";
import { hasActiveEnrollment } from "./enrollments.server";

/**
 * The one answer to "may this person open this lesson?" (§6). Lesson pages and the video route
 * ask here and nowhere else:
 *
 *   admin (admin, super_admin)                         → any lesson, drafts included
 *   draft course                                       → nobody else
 *   free-preview lesson of a published course          → anyone, signed in or not
 *   other lessons of a published course                → an active enrollment
 *
 * Memberships will be one more row of this table (the learning issue).
 */

export type LessonAccessUser = { id: string; role: string | null } | null;
export type LessonAccessLesson = { isPreview: boolean };
export type LessonAccessCourse = { id: string; status: PublishStatus | string };

export type LessonAccess =
  | { allowed: true; reason: "admin" | "preview" | "enrolled" }
  /** `draft`: the course is not public (answer as if it did not exist); `sign-in`: a visitor; `not-enrolled`: signed in without access. */
  | { allowed: false; reason: "draft" | "sign-in" | "not-enrolled" };

export async function findLessonAccess({
  user,
  lesson,
  course,
}: {
  user: LessonAccessUser;
  lesson: LessonAccessLesson;
  course: LessonAccessCourse;
}): Promise<LessonAccess> {
  if (user && isAdminRole(user.role)) return { allowed: true, reason: "admin" };
  if (course.status !== "published") return { allowed: false, reason: "draft" };
  if (lesson.isPreview) return { allowed: true, reason: "preview" };
  if (!user) return { allowed: false, reason: "sign-in" };
  if (await hasActiveEnrollment({ userId: user.id, courseId: course.id })) return { allowed: true, reason: "enrolled" };
  return { allowed: false, reason: "not-enrolled" };
}

/** Just yes or no. */
export async function canOpenLesson(args: Parameters<typeof findLessonAccess>[0]) {
  return (await findLessonAccess(args)).allowed;
}
