import { listFeaturedCourses } from "~/server/courses/course-cards.server";
import { getFeaturedInstructor } from "~/server/courses/course-cards.server";
import { listHighlightedTestimonials } from "~/server/marketing/marketing.server";

export async function loader() {
  const [featured, testimonials, instructor] = await Promise.all([
    listFeaturedCourses({ limit: 3 }),
    listHighlightedTestimonials({ limit: 3 }),
    getFeaturedInstructor(),
  ]);
  return { featured, testimonials, instructor };
}
