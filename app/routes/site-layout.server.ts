import { listMenuCourses } from "~/server/courses/course-cards.server";
import { listSocialLinks, readPublicNavigation } from "~/server/pages/navigation.server";

/** The header's Courses menu (five published courses, featured first, then the most popular), the owner's navigation lists and social links. */
export async function loader() {
  const [menuCourses, navigation, social] = await Promise.all([listMenuCourses({ limit: 5 }), readPublicNavigation(), listSocialLinks()]);
  return { menuCourses, navigation, social };
}
