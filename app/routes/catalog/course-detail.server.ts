import { findCoursePlanOnSale } from "~/server/payments/payment-plans.server";
import { findClosingPlanState } from "~/server/access/paused-plans.server";
import { data, type RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { canSeeCourse } from "~/server/access/draft-visibility.server";
import { invalidForm, readForm } from "~/server/action.server";
import { requireUser } from "~/server/auth/guards.server";
import { findCourseBySlug, type CourseDetail } from "~/server/courses/catalog.server";
import { absoluteImageUrl } from "~/lib/image-url";
import { setCourseSaved } from "~/server/courses/saved-courses.server";
import { dataWithToast } from "~/server/toast.server";
import { SAVE_COURSE_MESSAGES, coursePageForm } from "./course-page-form";
import { REVIEW_MESSAGES } from "~/lib/review-messages";
import { findCourseAccess, reviewAccessFrom, type CourseAccess, type LessonAccessCourse } from "~/server/access/lesson-access.server";
import type { SessionUser } from "~/server/auth/session.server";
import { findOwnReview, saveReview } from "~/server/courses/reviews.server";
import { getCourseProgress } from "~/server/learning/progress.server";
import type { Route } from "./+types/course-detail";
import { lessonPath } from "~/lib/learning";
import { getSessionUser } from "~/server/auth/guards.server";
import { dripOpensAt, hasDripRule, lessonAccessFrom } from "~/server/access/lesson-access.server";
import { formatDate } from "~/lib/dates";
import { findNextLesson } from "~/server/learning/progress.server";
import { findCourseDetailForPage } from "~/server/courses/catalog.server";
import { countCoursePageView } from "~/server/analytics/course-views.server";
import { getConfig } from "~/server/platform/config.server";
import { renderMarkdown } from "~/server/markdown.server";
import { isCourseSaved } from "~/server/courses/saved-courses.server";
import { findOwnCertificate } from "~/server/certificates/certificates.server";
import { getRequestSiteSettings } from "~/server/settings/site-settings.server";
import { toDecimalAmount } from "~/lib/money";
import { listBundlesWithCourseForPage } from "~/server/bundles/bundles.server";

/** A course a visitor may not see does not exist for them. */
export const courseNotFound = () => data({ notFound: true }, { status: 404 });

/**
 * The course page's two forms: Save/Unsave for later (the toast says which), and the learner's
 * review, which the one access rule allows only to a learner who holds the course and finished a
 * lesson. A refused review keeps what was typed.
 */
export async function coursePageAction({
  request,
  context,
  slug,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  slug: string;
}) {
  const user = requireUser({ request, context });
  const parsed = parseForm(coursePageForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const course = await findCourseBySlug({ slug });
  if (!course || !canSeeCourse({ user, course })) throw courseNotFound();
  const form = parsed.data;
  if (form.intent === "review") {
    const access = await findReviewAccess({ user, course });
    if (!access.allowed)
      return data({ errors: { form: [REVIEW_MESSAGES.notAllowed[access.reason]] }, values: parsed.values }, { status: 403 });
    const { created } = await saveReview({
      userId: user.id,
      authorName: user.name,
      courseId: course.id,
      rating: form.rating,
      comment: form.comment,
    });
    return dataWithToast({ reviewSaved: true }, { kind: "success", message: created ? REVIEW_MESSAGES.posted : REVIEW_MESSAGES.updated });
  }
  const { saved } = await setCourseSaved({ userId: user.id, courseId: course.id, saved: form.intent === "save" });
  return dataWithToast({ saved }, { kind: "success", message: saved ? SAVE_COURSE_MESSAGES.saved : SAVE_COURSE_MESSAGES.unsaved });
}

/**
 * The access rule's answer on reviewing, from what the person holds on the course and the lessons
 * they completed; the lessons are counted only for a learner who holds it (the rule refuses admins
 * and everyone else whatever they completed).
 */
async function reviewAccessOf({ user, course, access }: { user: SessionUser; course: LessonAccessCourse; access: CourseAccess }) {
  const holds = access.kind === "open" && access.reason !== "admin";
  const completed = holds ? (await getCourseProgress({ userId: user.id, courseId: course.id })).completedLessons : 0;
  return reviewAccessFrom(access, completed);
}

async function findReviewAccess({ user, course }: { user: SessionUser; course: LessonAccessCourse }) {
  return reviewAccessOf({ user, course, access: await findCourseAccess({ user, course }) });
}

/** For the course page of someone signed in: may they review, and their review so far. */
export async function loadOwnReview({ user, course, access }: { user: SessionUser; course: LessonAccessCourse; access: CourseAccess }) {
  const [allowed, own] = await Promise.all([
    reviewAccessOf({ user, course, access }),
    findOwnReview({ userId: user.id, courseId: course.id }),
  ]);
  return { access: allowed, own };
}

/** schema.org Course data for search engines, as a string safe to put inside a script element. */
export function courseJsonLd({ course, origin, schoolName, currency }: { course: CourseDetail; origin: string; schoolName: string; currency: string }) {
  const url = `${origin}/courses/${course.slug}`;
  const image = absoluteImageUrl(course.coverUrl, origin);
  const value = {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.title,
    description: course.subtitle || course.title,
    url,
    ...(image ? { image } : {}),
    educationalLevel: course.level,
    provider: { "@type": "Organization", name: schoolName, sameAs: origin },
    ...(course.instructor ? { author: { "@type": "Person", name: course.instructor.name } } : {}),
    offers: { "@type": "Offer", category: "Paid", price: toDecimalAmount(course.priceCents, currency), priceCurrency: currency.toUpperCase(), url },
    ...(course.rating !== null && course.reviewCount > 0
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: course.rating, reviewCount: course.reviewCount, bestRating: 5 } }
      : {}),
    hasCourseInstance: {
      "@type": "CourseInstance",
      courseMode: "Online",
      courseWorkload: `PT${Math.max(1, Math.round(course.durationSeconds / 60))}M`,
    },
  };
  // "<" escaped so no text in the data can close the script element early.
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = getSessionUser({ context });
  const course = await findCourseDetailForPage({ slug: params.slug });
  // A draft does not exist for visitors; admins may preview it before publishing.
  if (!course || !canSeeCourse({ user, course })) throw courseNotFound();
  if (course.status === "published") await countCoursePageView({ request, context, courseId: course.id });

  const [description, access, saved, settings] = await Promise.all([
    renderMarkdown(course.longDescriptionMd),
    findCourseAccess({ user, course: { ...course, drips: course.curriculum.some((module) => module.lessons.some(hasDripRule)) } }),
    user ? isCourseSaved({ userId: user.id, courseId: course.id }) : false,
    getRequestSiteSettings({ context }),
  ]);
  // The one access rule decides which lessons link to their page (docs/decisions/014).
  const hasAccess = access.kind === "open";
  const [nextLesson, review, certificate, progress, alsoIn] = await Promise.all([
    hasAccess && user ? findNextLesson({ userId: user.id, courseId: course.id }) : null,
    user ? loadOwnReview({ user, course, access }) : null,
    user ? findOwnCertificate({ userId: user.id, courseId: course.id }) : null,
    hasAccess && user ? getCourseProgress({ userId: user.id, courseId: course.id }) : null,
    // The published bundles holding it ("Also in …", docs/decisions/062).
    listBundlesWithCourseForPage({ courseId: course.id }),
  ]);
  // The payment plan on sale, and whether the person's own plan is paused (docs/decisions/069).
  const paymentPlan = hasAccess ? null : await findCoursePlanOnSale({ courseId: course.id });
  const planClosed =
    user && access.kind === "previews" && access.reason === "plan-paused" ? await findClosingPlanState({ userId: user.id, courseId: course.id }) : null;
  // Every lesson done: the page offers the certificate and a review instead of "Continue learning".
  const finished = Boolean(progress && progress.totalLessons > 0 && progress.completedLessons >= progress.totalLessons);
  const curriculum = course.curriculum.map((module) => ({
    ...module,
    lessons: module.lessons.map(({ dripDays: _days, dripDate: _date, ...lesson }) => {
      const answer = lessonAccessFrom(access, { ...lesson, dripDays: _days, dripDate: _date });
      const opensAt = dripOpensAt(answer);
      return { ...lesson, open: answer.allowed, opensOn: opensAt ? formatDate(opensAt) : null };
    }),
  }));

  const { longDescriptionMd: _markdown, updatedAt: _updatedAt, publishedAt: _publishedAt, ...rest } = course;
  const shown = { ...rest, curriculum };
  return {
    course: shown,
    continuePath: nextLesson ? lessonPath(course.slug, nextLesson.slug) : null,
    descriptionHtml: description.html,
    isDraft: course.status !== "published",
    hasAccess,
    saved,
    review,
    certificateId: certificate?.id ?? null,
    finished,
    /** A finished learner who may review and has not: the card links to the review form. */
    reviewInvited: finished && review?.access.allowed === true && !review.own,
    signedIn: Boolean(user),
    alsoIn,
    paymentPlan,
    planClosed,
    jsonLd: courseJsonLd({ course, origin: getConfig().publicUrl, schoolName: settings.schoolName, currency: settings.currency }),
  };
}

export function action({ request, params, context }: Route.ActionArgs) {
  return coursePageAction({ request, context, slug: params.slug });
}
