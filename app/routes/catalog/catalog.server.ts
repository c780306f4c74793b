import { redirect } from "react-router";
import type { Route } from "./+types/catalog";
import { catalogListUrl, hasActiveFilters } from "~/lib/catalog-filters";
import { listPublishedBundles } from "~/server/bundles/bundles.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { listCatalogCourses } from "~/server/courses/catalog.server";
import { listTopics } from "~/server/courses/topics.server";

export async function loader({ url }: Route.LoaderArgs) {
  const filters = catalogListUrl.parse(url.searchParams);
  // One address per view: a plain GET form sends defaults (sort=popular, empty q), and old
  // links may carry junk; both are sent to the tidy URL the page itself would link to.
  const canonicalQuery = catalogListUrl.toParams(filters).toString();
  if (canonicalQuery !== url.searchParams.toString()) {
    throw redirect(canonicalQuery ? `${url.pathname}?${canonicalQuery}` : url.pathname);
  }
  // The bundles filter shows the bundles alone; the unfiltered catalog shows them above the courses.
  const onlyBundles = filters.type === "bundles";
  const [{ courses, total }, topics, bundles] = await Promise.all([
    onlyBundles ? { courses: [], total: 0 } : listCatalogCourses({ filters }),
    listTopics(),
    onlyBundles || !hasActiveFilters(filters) ? listPublishedBundles() : [],
  ]);
  return {
    filters,
    courses,
    total,
    topics: topics.map(({ name, slug }) => ({ name, slug })),
    bundles: bundles.map(({ id, slug, title, coverUrl, priceCents, courseTitles }) => ({ id, slug, title, coverUrl, priceCents, courseTitles })),
    currency: (await getSiteSettings()).currency,
  };
}
