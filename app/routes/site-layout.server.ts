import { listMenuCourses } from "~/server/courses/course-cards.server";
import { listNavigationPages } from "~/server/pages/pages.server";

/** The header's Courses menu (five published courses, featured first, then the most popular) and the owner's pages linked from the header and footer. */
export async function loader() {
  const [menuCourses, pages] = await Promise.all([listMenuCourses({ limit: 5 }), listNavigationPages()]);
  const link = (page: (typeof pages)[number]) => ({ to: `/p/${page.slug}`, label: page.title });
  return {
    menuCourses,
    headerPages: pages.filter((page) => page.inHeader).map(link),
    footerPages: pages.filter((page) => page.inFooter).map(link),
  };
}
