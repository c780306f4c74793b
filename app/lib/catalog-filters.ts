import { LEVEL_LABELS, LEVEL_SLUGS, LEVELS, TOPIC_LABELS, TOPIC_SLUGS, TOPICS, valueForSlug } from "./domain-values";

/**
 * The catalog's filter state and its URL form, shared by the loader (which queries with it) and
 * the page (which renders the controls and builds links). Defaults are left out of the URL so
 * `/courses` is the unfiltered catalog and every filtered view has one shareable address.
 */

export const CATALOG_PAGE_SIZE = 24;
/** "Load more" stops here (1,200 cards); past it, searching or filtering is the better tool. */
export const CATALOG_MAX_PAGE = 50;
/** Longer searches are cut: nobody types more, and it bounds the ILIKE pattern. */
export const CATALOG_MAX_QUERY_LENGTH = 100;

/** The level pills: the URL value and the text. */
export const CATALOG_LEVEL_OPTIONS = LEVELS.map((level) => ({ value: LEVEL_SLUGS[level], label: LEVEL_LABELS[level] }));
/** The topic pills: the URL value and the text. */
export const CATALOG_TOPIC_OPTIONS = TOPICS.map((topic) => ({ value: TOPIC_SLUGS[topic], label: TOPIC_LABELS[topic] }));

export const CATALOG_SORTS = [
  { value: "popular", label: "Most Popular" },
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "title", label: "A-Z" },
] as const;

export type CatalogSort = (typeof CATALOG_SORTS)[number]["value"];
export type CatalogView = "grid" | "list";

export type CatalogFilters = {
  q: string;
  /**
   * The level and topic as the URL gave them (a slug such as "beginner" or "ai-chatgpt"),
   * or null for All. An unknown value is kept, not dropped: it matches no course, so
   * `/courses?topic=execution` shows the empty state rather than quietly showing everything.
   */
  level: string | null;
  topic: string | null;
  sort: CatalogSort;
  view: CatalogView;
  /** How many pages of results are shown: page 2 means the first 48. */
  page: number;
};

export const DEFAULT_CATALOG_FILTERS: CatalogFilters = { q: "", level: null, topic: null, sort: "popular", view: "grid", page: 1 };

/** The stored level a URL value names exactly ("beginner" → "Beginner"), or null when it names none. */
export function levelFromSlug(slug: string | null) {
  return valueForSlug(LEVELS, LEVEL_SLUGS, slug);
}

/** The stored topic a URL value names exactly ("ai-chatgpt" → "AI & ChatGPT"), or null when it names none. */
export function topicFromSlug(slug: string | null) {
  return valueForSlug(TOPICS, TOPIC_SLUGS, slug);
}

function isSort(value: string | null): value is CatalogSort {
  return CATALOG_SORTS.some((sort) => sort.value === value);
}

/** Reads the filter state from a URL query. Never throws: bad values fall back or match nothing. */
export function parseCatalogFilters(params: URLSearchParams): CatalogFilters {
  const q = (params.get("q") ?? "").trim().slice(0, CATALOG_MAX_QUERY_LENGTH);
  const level = params.get("level")?.trim() || null;
  const topic = params.get("topic")?.trim() || null;
  const sortParam = params.get("sort");
  // Sort and view only arrange the results, so an unknown one means the default arrangement.
  const sort = isSort(sortParam) ? sortParam : DEFAULT_CATALOG_FILTERS.sort;
  const view: CatalogView = params.get("view") === "list" ? "list" : "grid";
  const pageNumber = Number.parseInt(params.get("page") ?? "", 10);
  const page = Number.isFinite(pageNumber) ? Math.min(Math.max(pageNumber, 1), CATALOG_MAX_PAGE) : 1;
  return { q, level, topic, sort, view, page };
}

/** The URL query for a filter state, defaults left out, in a stable order. */
export function serializeCatalogFilters(filters: Partial<CatalogFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set("q", filters.q.trim());
  if (filters.level) params.set("level", filters.level);
  if (filters.topic) params.set("topic", filters.topic);
  if (filters.sort && filters.sort !== DEFAULT_CATALOG_FILTERS.sort) params.set("sort", filters.sort);
  if (filters.view && filters.view !== DEFAULT_CATALOG_FILTERS.view) params.set("view", filters.view);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/**
 * The link for the current filters with some changed. Any change other than the page starts
 * again from the first page, since "the first 48" of a different list means nothing.
 */
export function catalogHref(pathname: string, filters: CatalogFilters, changes: Partial<CatalogFilters>) {
  const next = { ...filters, ...changes };
  if (!("page" in changes)) next.page = 1;
  const query = serializeCatalogFilters(next).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** True when nothing narrows the list (sort, view and page do not). */
export function hasActiveFilters(filters: CatalogFilters) {
  return Boolean(filters.q || filters.level || filters.topic);
}
