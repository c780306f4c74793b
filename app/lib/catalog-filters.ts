import { choiceParam, defineListUrl, pageParam, slugParam, textParam } from "./list-url";
import { LEVEL_LABELS, LEVEL_SLUGS, LEVELS, valueForSlug } from "./domain-values";

/**
 * The catalog's filters: pills, sorts, limits, and its URL (declared with `list-url.ts`, shared by
 * the loader, which queries with it, and the page, which renders the controls and builds links).
 */

export const CATALOG_PAGE_SIZE = 24;
/** "Load more" stops here (1,200 cards); past it, searching or filtering is the better tool. */
export const CATALOG_MAX_PAGE = 50;
/** Longer searches are cut: nobody types more, and it bounds the ILIKE pattern. */
export const CATALOG_MAX_QUERY_LENGTH = 100;

/** The level pills: the URL value and the text. */
export const CATALOG_LEVEL_OPTIONS = LEVELS.map((level) => ({ value: LEVEL_SLUGS[level], label: LEVEL_LABELS[level] }));
/** The topic pills, the owner's topics (Admin → Topics): the URL value and the text. */
export function catalogTopicOptions(topics: ReadonlyArray<{ name: string; slug: string }>) {
  return topics.map((topic) => ({ value: topic.slug, label: topic.name }));
}

export const CATALOG_SORTS = [
  { value: "popular", label: "Most Popular" },
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "title", label: "A-Z" },
] as const;

/**
 * The catalog's URL. The level and topic are kept as the URL gave them (a slug such as "beginner"
 * or "ai-chatgpt"), or null for All: an unknown value is kept, not dropped, so it matches no
 * course and `/courses?topic=execution` shows the empty state rather than quietly showing
 * everything. Sort and view only arrange the results, so an unknown one means the default.
 * `page` is how many pages of results are shown: page 2 means the first 48.
 */
export const catalogListUrl = defineListUrl("/courses", {
  q: textParam({ maxLength: CATALOG_MAX_QUERY_LENGTH }),
  level: slugParam(),
  topic: slugParam(),
  /** `bundles`: the published bundles only (docs/decisions/062); null: courses, with the bundles above them. */
  type: slugParam(),
  sort: choiceParam(
    CATALOG_SORTS.map((sort) => sort.value),
    "popular",
  ),
  view: choiceParam(["grid", "list"], "grid"),
  page: pageParam({ max: CATALOG_MAX_PAGE }),
});

export type CatalogFilters = ReturnType<typeof catalogListUrl.parse>;
export type CatalogSort = CatalogFilters["sort"];
export type CatalogView = CatalogFilters["view"];

export const DEFAULT_CATALOG_FILTERS: CatalogFilters = catalogListUrl.defaults;

/** The stored level a URL value names exactly ("beginner" → "Beginner"), or null when it names none. */
export function levelFromSlug(slug: string | null) {
  return valueForSlug(LEVELS, LEVEL_SLUGS, slug);
}

/** The catalog's "Show" pills: every course, or the bundles. */
export const CATALOG_TYPE_OPTIONS = [{ value: "bundles", label: "Bundles" }] as const;

/** True when a search, a level, a topic or the bundles filter narrows the list (sort, view and page do not). */
export function hasActiveFilters(filters: CatalogFilters) {
  return Boolean(filters.q || filters.level || filters.topic || filters.type);
}
