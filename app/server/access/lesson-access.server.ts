import type { PublishStatus } from "~/lib/domain-values";
import { isAdminRole } from "~/lib/roles";
import type { Queryable } from "~/server/db/client.server";
import { findCourseHoldings } from "./course-holdings.server";
import { listTaughtCourseIds } from "./course-instructors.server";
import { canSeeCourse } from "./draft-visibility.server";
import { listDripOverrides } from "./drip.server";
import { listActiveEnrollments } from "./enrollments.server";
import { findActiveMembership } from "./membership.server";
import { listPausedPlanCourseIds } from "./paused-plans.server";

/**
 * The one answer to "may this person open this lesson?" (§6). The lesson page, the video route, its
 * downloadable files (issue 38),
 * the course page's lesson list, "Continue learning" and the account's "My courses" ask here and
 * nowhere else:
 *
 *   admin (admin, super_admin)                         → any lesson, drafts included
 *   draft course                                       → nobody else
 *   free-preview lesson of a published course          → anyone, signed in or not
 *   other lessons of a published course                → an active enrollment, or an active membership,
 *                                                        once the lesson's module has opened (drip)
 *   … bought by a payment plan now `paused`             → previews only (`plan-paused`), unless a
 *                                                        membership opens the course; paying reopens it
 *                                                        (docs/decisions/069)
 *
 * Drip (issue 24): a module opens `dripDays` days after the person's access to the course began
 * (the enrollment's grant, or the membership's start), or on `dripDate`. Until then its lessons
 * answer `drip` with the moment they open. Free previews and admins ignore drip, and an admin can
 * open everything at once for one learner (a drip override).
 *
 * The rule has two halves so lists can ask once per course instead of once per lesson:
 * `findCoursesAccess` reads what the person holds (role, enrollments, membership) for many courses
 * in two queries, and `lessonAccessFrom` decides one lesson from that, without the database.
 * `findLessonAccess` is the two together.
 *
 * Writing a review (issue 24) is decided here too, from the same course-level answer:
 *   a learner who holds the course (enrolled or member) and completed at least one lesson → yes
 *   admins → no (they hide reviews, they do not write them); everyone else → no
 *
 * And earning a certificate (issue 36), at the moment the last lesson is completed:
 *   whoever holds the whole course then (enrolled, member, admin) → yes
 *   someone who only reaches free previews (revoked, refunded, never enrolled) → no
 * A certificate already issued stays valid when access ends (docs/decisions/041).
 */

export type LessonAccessUser = { id: string; role: string | null } | null;
/** `dripDays`/`dripDate`: when the lesson opens (its module's drip rule); both null open it with the course. */
export type LessonAccessLesson = { isPreview: boolean; dripDays: number | null; dripDate: Date | null };
/**
 * `drips: false` says no lesson of the course has a drip rule, so no drip override can change an
 * answer and the rule does not read them (one query less on every page of such a course, issue 21);
 * left out, they are read.
 */
export type LessonAccessCourse = { id: string; status: PublishStatus | string; drips?: boolean };

/** What a person holds on a whole course, before looking at any lesson. */
export type CourseAccess =
  /** Every lesson opens (an admin), or every lesson once its module has opened (`since`: when the access began; `waived`: an override). */
  | { kind: "open"; reason: "admin" }
  | { kind: "open"; reason: "enrolled" | "member"; since: Date; waived: boolean }
  /** Only free previews open: a visitor (`sign-in`) or someone signed in without access (`not-enrolled`). */
  | { kind: "previews"; reason: "sign-in" | "not-enrolled" | "plan-paused" }
  /** Not public, and the person is not an admin: nothing opens and the course does not exist for them. */
  | { kind: "hidden"; reason: "draft" };

export type LessonAccess =
  | { allowed: true; reason: "admin" | "preview" | "enrolled" | "member" }
  /** `draft`: the course is not public (answer as if it did not exist); `sign-in`: a visitor; `not-enrolled`: signed in without access. */
  | { allowed: false; reason: "draft" | "sign-in" | "not-enrolled" | "plan-paused" }
  /** Held, but the lesson's module opens later (drip). */
  | { allowed: false; reason: "drip"; opensAt: Date };

/** The course-level answer for each course (by id), with one enrollment query and one membership query at most. */
export async function findCoursesAccess({
  user,
  courses,
  database,
}: {
  user: LessonAccessUser;
  courses: LessonAccessCourse[];
  /** A transaction that must read what it is about to decide on (a certificate); the pool otherwise. */
  database?: Queryable;
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
  const ids = published.map((course) => course.id);
  const [enrollments, overrides] = await Promise.all([
    listActiveEnrollments({ userId: user.id, courseIds: ids, database }),
    listDripOverrides({ userId: user.id, courseIds: published.filter((course) => course.drips !== false).map((course) => course.id) }),
  ]);
  // A paused payment plan closes the enrollment it bought (docs/decisions/069).
  const paused = await listPausedPlanCourseIds({ userId: user.id, courseIds: enrollments.map((row) => row.courseId), database });
  const enrolledSince = new Map(enrollments.filter((row) => !paused.has(row.courseId)).map((row) => [row.courseId, row.grantedAt]));
  const membership = published.some((course) => !enrolledSince.has(course.id)) ? await findActiveMembership({ userId: user.id, database }) : null;
  for (const course of published) {
    const since = enrolledSince.get(course.id);
    const waived = overrides.has(course.id);
    answers.set(
      course.id,
      since
        ? { kind: "open", reason: "enrolled", since, waived }
        : membership
          ? { kind: "open", reason: "member", since: membership.startedAt, waived }
          : { kind: "previews", reason: paused.has(course.id) ? "plan-paused" : "not-enrolled" },
    );
  }
  return answers;
}

const DAY_MS = 86_400_000;

/** When a lesson opens for access that began at `since`; null: with the course. */
export function releaseTime(lesson: Pick<LessonAccessLesson, "dripDays" | "dripDate">, since: Date): Date | null {
  if (lesson.dripDate) return lesson.dripDate;
  if (lesson.dripDays) return new Date(since.getTime() + lesson.dripDays * DAY_MS);
  return null;
}

/** The course-level answer for one course. */
export async function findCourseAccess({
  user,
  course,
  database,
}: {
  user: LessonAccessUser;
  course: LessonAccessCourse;
  database?: Queryable;
}): Promise<CourseAccess> {
  // The pages' case (one course, a signed-in learner, no transaction): one prepared query.
  if (!database && user && !isAdminRole(user.role) && canSeeCourse({ user, course })) {
    const held = await findCourseHoldings({ userId: user.id, courseId: course.id });
    const waived = course.drips !== false && held.waived;
    if (held.enrolledSince && !held.planPaused) return { kind: "open", reason: "enrolled", since: held.enrolledSince, waived };
    if (held.memberSince) return { kind: "open", reason: "member", since: held.memberSince, waived };
    return { kind: "previews", reason: held.enrolledSince && held.planPaused ? "plan-paused" : "not-enrolled" };
  }
  return (await findCoursesAccess({ user, courses: [course], database })).get(course.id)!;
}

/** One lesson, decided from what the person holds on its course. Pure: lists call it per lesson. */
export function lessonAccessFrom(courseAccess: CourseAccess, lesson: LessonAccessLesson, now = new Date()): LessonAccess {
  if (courseAccess.kind === "open") {
    if (courseAccess.reason === "admin") return { allowed: true, reason: "admin" };
    const opensAt = lesson.isPreview || courseAccess.waived ? null : releaseTime(lesson, courseAccess.since);
    if (opensAt && opensAt > now) return { allowed: false, reason: "drip", opensAt };
    return { allowed: true, reason: courseAccess.reason };
  }
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

/** When a lesson refused by drip opens, or null for any other answer. */
export const dripOpensAt = (access: LessonAccess) => (!access.allowed && access.reason === "drip" ? access.opensAt : null);

export async function findLessonAccess({
  user,
  lesson,
  course,
}: {
  user: LessonAccessUser;
  lesson: LessonAccessLesson;
  course: LessonAccessCourse;
}): Promise<LessonAccess> {
  // An override only changes when a lesson with a drip rule opens: for any other, it is not read.
  const drips = course.drips ?? hasDripRule(lesson);
  return lessonAccessFrom(await findCourseAccess({ user, course: { ...course, drips } }), lesson);
}

/** Does the lesson wait for a drip rule (its module's) at all? */
export const hasDripRule = (lesson: Pick<LessonAccessLesson, "dripDays" | "dripDate">) => lesson.dripDays !== null || lesson.dripDate !== null;

export type ReviewAccess =
  | { allowed: true }
  /** `no-completed-lesson`: holds the course but has finished nothing yet; `admin`: the school's own staff. */
  | { allowed: false; reason: "draft" | "sign-in" | "not-enrolled" | "plan-paused" | "no-completed-lesson" | "admin" };

/** May this person rate and review the course? Pure, like `lessonAccessFrom`. */
export function reviewAccessFrom(courseAccess: CourseAccess, completedLessons: number): ReviewAccess {
  if (courseAccess.kind === "hidden") return { allowed: false, reason: "draft" };
  if (courseAccess.kind === "previews") return { allowed: false, reason: courseAccess.reason };
  if (courseAccess.reason === "admin") return { allowed: false, reason: "admin" };
  return completedLessons > 0 ? { allowed: true } : { allowed: false, reason: "no-completed-lesson" };
}

/** May this person be given the course's certificate now? Only while holding the whole course (not previews alone). Pure. */
export const certificateAccessFrom = (courseAccess: CourseAccess) => courseAccess.kind === "open";

export type DiscussionAccess =
  /** `write`: may ask, reply and mark helpful; `staff`: answers with a badge and moderates. */
  | { read: true; write: boolean; staff: boolean; reason: "admin" | "preview" | "enrolled" | "member" | "instructor"; writeRefusal: DiscussionWriteRefusal | null }
  | { read: false; write: false; staff: false; reason: LessonAccess["reason"] };

/** Why someone who reads a discussion cannot write in it. */
export type DiscussionWriteRefusal = "sign-in" | "confirm-email";

/**
 * Who reads and writes a lesson's discussion (issue 42, docs/decisions/044): exactly the people
 * who may open the lesson, so drip, revoke, refund and drafts all apply, and nobody else gets any
 * of it. A free-preview lesson's discussion is read by everyone, and written by signed-in people
 * with a confirmed address (a preview is open to anyone, so an address stands behind each post).
 * Whether the person is stopped from posting (a ban) is the discussions domain's check, at write.
 * Staff: admins everywhere, and a course's instructors (docs/decisions/057) in that course's
 * discussions only. An instructor reads and writes a published course's discussions even where
 * its lessons stay closed to them (not enrolled, or drip); a draft course's, never.
 */
export function discussionAccessFrom(
  user: (NonNullable<LessonAccessUser> & { emailVerified: boolean }) | null,
  lessonAccess: LessonAccess,
  { instructor = false }: { instructor?: boolean } = {},
): DiscussionAccess {
  const teaches = Boolean(user && instructor);
  if (!lessonAccess.allowed) {
    if (teaches && (lessonAccess.reason === "not-enrolled" || lessonAccess.reason === "drip")) {
      return { read: true, write: true, staff: true, reason: "instructor", writeRefusal: null };
    }
    return { read: false, write: false, staff: false, reason: lessonAccess.reason };
  }
  const staff = Boolean(user && (isAdminRole(user.role) || teaches));
  const writeRefusal: DiscussionWriteRefusal | null = !user
    ? "sign-in"
    : lessonAccess.reason === "preview" && !user.emailVerified
      ? "confirm-email"
      : null;
  return { read: true, write: writeRefusal === null, staff, reason: lessonAccess.reason, writeRefusal };
}

/** Which courses' threads a person's discussions inbox (Admin → Discussions) holds. */
export type DiscussionInboxScope = { kind: "all" } | { kind: "courses"; courseIds: string[] } | { kind: "none" };

/**
 * Who opens the discussions inbox, and of what (issue 42, docs/decisions/059): an admin, every
 * course's threads; a course's instructor, the threads of the published courses they teach and
 * nothing else (the same courses `discussionAccessFrom` makes them staff of); anyone else, none.
 * Pure: `taughtCourseIds` are the published courses the person is named instructor of.
 */
export function discussionInboxScopeFrom(user: LessonAccessUser, taughtCourseIds: readonly string[]): DiscussionInboxScope {
  if (!user) return { kind: "none" };
  if (isAdminRole(user.role)) return { kind: "all" };
  return taughtCourseIds.length > 0 ? { kind: "courses", courseIds: [...taughtCourseIds] } : { kind: "none" };
}

/** The inbox rule with the person's taught courses read (not read at all for an admin or a visitor). */
export async function findDiscussionInboxScope({ user, database }: { user: LessonAccessUser; database?: Queryable }) {
  if (!user || isAdminRole(user.role)) return discussionInboxScopeFrom(user, []);
  return discussionInboxScopeFrom(user, await listTaughtCourseIds({ userId: user.id, database }));
}

/** Does the scope hold this course? */
export const inboxHoldsCourse = (scope: DiscussionInboxScope, courseId: string) =>
  scope.kind === "all" || (scope.kind === "courses" && scope.courseIds.includes(courseId));
