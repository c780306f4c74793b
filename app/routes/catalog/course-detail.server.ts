import { data, type RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { canSeeCourse } from "~/server/access/draft-visibility.server";
import { invalidForm } from "~/server/action.server";
import { requireUser } from "~/server/auth/guards.server";
import { findCourseBySlug, type CourseDetail } from "~/server/courses/catalog.server";
import { absoluteImageUrl } from "~/lib/image-url";
import { setCourseSaved } from "~/server/courses/saved-courses.server";
import { dataWithToast } from "~/server/toast.server";
import { SAVE_COURSE_MESSAGES, saveCourseForm } from "./save-course-form";

/** A course a visitor may not see does not exist for them. */
export const courseNotFound = () => data({ notFound: true }, { status: 404 });

/** Save or unsave the course for later; the page stays, the toast says which. */
export async function saveCourseAction({
  request,
  context,
  slug,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  slug: string;
}) {
  const user = requireUser({ request, context });
  const parsed = parseForm(saveCourseForm, await request.formData());
  if (parsed.errors) return invalidForm(parsed);
  const course = await findCourseBySlug({ slug });
  if (!course || !canSeeCourse({ user, course })) throw courseNotFound();
  const { saved } = await setCourseSaved({ userId: user.id, courseId: course.id, saved: parsed.data.intent === "save" });
  return dataWithToast({ saved }, { kind: "success", message: saved ? SAVE_COURSE_MESSAGES.saved : SAVE_COURSE_MESSAGES.unsaved });
}

/** schema.org Course data for search engines, as a string safe to put inside a script element. */
export function courseJsonLd({ course, origin, schoolName }: { course: CourseDetail; origin: string; schoolName: string }) {
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
    offers: { "@type": "Offer", category: "Paid", price: (course.priceCents / 100).toFixed(2), priceCurrency: "USD", url },
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
