import { listMenuCourses } from "~/server/courses/course-cards.server";

/** The header's Courses menu: five published courses, featured first, then the most popular. */
export async function loader() {
  return { menuCourses: await listMenuCourses({ limit: 5 }) };
}
