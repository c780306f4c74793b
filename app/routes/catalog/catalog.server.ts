import { redirect } from "react-router";
import type { Route } from "./+types/catalog";
import { catalogListUrl } from "~/lib/catalog-filters";
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
  const [{ courses, total }, topics] = await Promise.all([listCatalogCourses({ filters }), listTopics()]);
  return { filters, courses, total, topics: topics.map(({ name, slug }) => ({ name, slug })) };
}
