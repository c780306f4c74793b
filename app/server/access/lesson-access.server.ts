import type { PublishStatus } from "~/lib/domain-values";
import { isAdminRole } from "~/lib/roles";
import { canSeeCourse } from "./draft-visibility.server";
import { listActiveEnrollmentCourseIds } from "./enrollments.server";
import { hasActiveMembership } from "./membership.server";

/**
 * The one answer to "may this person open this lesson?" (§6). The lesson page, the video route,
 * the course page's lesson list, "Continue learning" and the account's "My courses" ask here and
 * nowhere else:
 *
 *   admin (admin, super_admin)                         → any lesson, drafts included
 *   draft course                                       → nobody else
 *   free-preview lesson of a published course          → anyone, signed in or not
 *   other lessons of a published course                → an active enrollment, or an active membership
 *
 * The rule has two halves so lists can ask once per course instead of once per lesson:
 * `findCoursesAccess` reads what the person holds (role, enrollments, membership) for many courses
 * in two queries, and `lessonAccessFrom` decides one lesson from that, without the database.
 * `findLessonAccess` is the two together.
 *
 * Writing a review (issue 24) is decided here too, from the same course-level answer:
 *   a learner who holds the course (enrolled or member) and completed at least one lesson → yes
 *   admins → no (they hide reviews, they do not write them); everyone else → no
 */

export type LessonAccessUser = { id: string; role: string | null } | null;
export type LessonAccessLesson = { isPreview: boolean };
export type LessonAccessCourse = { id: string; status: PublishStatus | string };

/** What a person holds on a whole course, before looking at any lesson. */
export type CourseAccess =
  /** Every lesson opens. */
  | { kind: "open"; reason: "admin" | "enrolled" | "member" }
  /** Only free previews open: a visitor (`sign-in`) or someone signed in without access (`not-enrolled`). */
  | { kind: "previews"; reason: "sign-in" | "not-enrolled" }
  /** Not public, and the person is not an admin: nothing opens and the course does not exist for them. */
  | { kind: "hidden"; reason: "draft" };

export type LessonAccess =
  | { allowed: true; reason: "admin" | "preview" | "enrolled" | "member" }
  /** `draft`: the course is not public (answer as if it did not exist); `sign-in`: a visitor; `not-enrolled`: signed in without access. */
  | { allowed: false; reason: "draft" | "sign-in" | "not-enrolled" };

/** The course-level answer for each course (by id), with one enrollment query and one membership query at most. */
export async function findCoursesAccess({
  user,
  courses,
}: {
  user: LessonAccessUser;
  courses: LessonAccessCourse[];
}): Promise<Map<string, CourseAccess>> {
  const answers = new Map<string, CourseAccess>();
  if (user && isAdminRole(user.role)) {
    for (const course of courses) answers.set(course.id, { kind: "open", reason: "admin" });
    return answers;
  }
  const published = courses.filter((course) => canSeeCourse({ user, course }));
  for (const course of courses) if (!canSeeCourse({ user, course })) answers.set(course.id, { kind: "hidden", reason: "draft" });
  if (published.length === 0) return answers;
  if (!user) {
    for (const course of published) answers.set(course.id, { kind: "previews", reason: "sign-in" });
    return answers;
  }
  const enrolled = new Set(await listActiveEnrollmentCourseIds({ userId: user.id, courseIds: published.map((course) => course.id) }));
  const rest = published.filter((course) => !enrolled.has(course.id));
  const member = rest.length > 0 && (await hasActiveMembership({ userId: user.id }));
  for (const course of published) {
    answers.set(
      course.id,
      enrolled.has(course.id)
        ? { kind: "open", reason: "enrolled" }
        : member
          ? { kind: "open", reason: "member" }
          : { kind: "previews", reason: "not-enrolled" },
    );
  }
  return answers;
}

/** The course-level answer for one course. */
export async function findCourseAccess({ user, course }: { user: LessonAccessUser; course: LessonAccessCourse }): Promise<CourseAccess> {
  return (await findCoursesAccess({ user, courses: [course] })).get(course.id)!;
}

/** One lesson, decided from what the person holds on its course. Pure: lists call it per lesson. */
export function lessonAccessFrom(courseAccess: CourseAccess, lesson: LessonAccessLesson): LessonAccess {
  if (courseAccess.kind === "open") return { allowed: true, reason: courseAccess.reason };
  if (courseAccess.kind === "hidden") return { allowed: false, reason: "draft" };
  if (lesson.isPreview) return { allowed: true, reason: "preview" };
  return { allowed: false, reason: courseAccess.reason };
}

/**
 * May this person submit an attempt at a quiz lesson (docs/decisions/024)? Whoever may open the
 * lesson and is signed in: attempts are kept per account, so a visitor reads a free-preview quiz
 * but signs in to answer it. How many attempts remain is the quiz's own rule, counted where the
 * attempt is written (app/server/quizzes).
 */
export function quizSubmitAccessFrom(user: LessonAccessUser, lessonAccess: LessonAccess): LessonAccess {
  if (lessonAccess.allowed && !user) return { allowed: false, reason: "sign-in" };
  return lessonAccess;
}

export async function findLessonAccess({
  user,
  lesson,
  course,
}: {
  user: LessonAccessUser;
  lesson: LessonAccessLesson;
  course: LessonAccessCourse;
}): Promise<LessonAccess> {
  return lessonAccessFrom(await findCourseAccess({ user, course }), lesson);
}

export type ReviewAccess =
  | { allowed: true }
  /** `no-completed-lesson`: holds the course but has finished nothing yet; `admin`: the school's own staff. */
  | { allowed: false; reason: "draft" | "sign-in" | "not-enrolled" | "no-completed-lesson" | "admin" };

/** May this person rate and review the course? Pure, like `lessonAccessFrom`. */
export function reviewAccessFrom(courseAccess: CourseAccess, completedLessons: number): ReviewAccess {
  if (courseAccess.kind === "hidden") return { allowed: false, reason: "draft" };
  if (courseAccess.kind === "previews") return { allowed: false, reason: courseAccess.reason };
  if (courseAccess.reason === "admin") return { allowed: false, reason: "admin" };
  return completedLessons > 0 ? { allowed: true } : { allowed: false, reason: "no-completed-lesson" };
}
