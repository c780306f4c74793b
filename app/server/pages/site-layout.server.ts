import { memoByKeyUntilContentChanges } from "~/server/db/content-memo.server";
import { listMenuCourses } from "~/server/courses/course-cards.server";
import { listSocialLinks, readPublicNavigation } from "./navigation.server";

/**
 * How long the header's Courses menu is kept at most: its order counts learners, which enrol
 * without a content write (the page cache's copies catch up the same way, docs/decisions/022).
 */
export const SITE_LAYOUT_KEEP_MS = 60_000;

const keptLayout = memoByKeyUntilContentChanges(
  async () => {
    const [menuCourses, navigation, social] = await Promise.all([listMenuCourses({ limit: 5 }), readPublicNavigation(), listSocialLinks()]);
    return { menuCourses, navigation, social };
  },
  { maxAgeMs: SITE_LAYOUT_KEEP_MS, maxEntries: 1 },
);

/**
 * What the header and footer of every public page show: the Courses menu (five published courses,
 * featured first, then the most popular), the owner's navigation lists and social links. The same
 * for everyone, so kept in memory (issue 44) until the next content write (courses, pages,
 * navigation and social links all have the page-cache trigger; every instance is told) and
 * SITE_LAYOUT_KEEP_MS at most. Callers must not change what it returns.
 */
export function readSiteLayout() {
  return keptLayout.get("");
}
