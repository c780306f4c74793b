/**
 * The blog list's filters and their URL form (`q`, `category`, `sort`, `page`, defaults omitted),
 * shared by the loader (parsing) and the page (links, the GET form, live updates).
 */

import { CATEGORY_LABELS, CATEGORY_SLUGS, isOneOf, POST_CATEGORIES, valueForSlug, type PostCategory } from "./domain-values";

export const BLOG_PAGE_SIZE = 9;

/** The spec's category pills in order: `value` is the URL form, `label` the text. */
export const BLOG_CATEGORIES = POST_CATEGORIES.map((category) => ({ value: CATEGORY_SLUGS[category], label: CATEGORY_LABELS[category] }));

export const BLOG_SORTS = [
  { value: "newest", label: "Newest" },
  { value: "popular", label: "Popular" },
  { value: "reading-time", label: "Reading time" },
  { value: "a-z", label: "A-Z" },
] as const;

export type BlogCategoryValue = (typeof CATEGORY_SLUGS)[PostCategory];
export type BlogSort = (typeof BLOG_SORTS)[number]["value"];

export type BlogFilters = {
  q: string;
  /** null means All. */
  category: BlogCategoryValue | null;
  sort: BlogSort;
  page: number;
};

export const DEFAULT_BLOG_FILTERS: BlogFilters = { q: "", category: null, sort: "newest", page: 1 };

const MAX_QUERY_LENGTH = 100;

/** Reads the filters from a query string; anything unknown falls back to its default. */
export function parseBlogFilters(search: URLSearchParams): BlogFilters {
  const q = (search.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const categoryParam = search.get("category");
  const category = BLOG_CATEGORIES.find((item) => item.value === categoryParam)?.value ?? null;
  const sortParam = search.get("sort");
  const sort = BLOG_SORTS.find((item) => item.value === sortParam)?.value ?? DEFAULT_BLOG_FILTERS.sort;
  const pageNumber = Number(search.get("page"));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 10_000 ? pageNumber : 1;
  return { q, category, sort, page };
}

/** The query string for these filters ("" or "?…"), omitting defaults. */
export function blogFiltersToSearch(filters: Partial<BlogFilters>): string {
  const params = new URLSearchParams();
  const q = filters.q?.trim();
  if (q) params.set("q", q);
  if (filters.category) params.set("category", filters.category);
  if (filters.sort && filters.sort !== DEFAULT_BLOG_FILTERS.sort) params.set("sort", filters.sort);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The stored category for a URL value (null for All). */
export function blogCategoryFromSlug(value: BlogCategoryValue | null): PostCategory | null {
  return valueForSlug(POST_CATEGORIES, CATEGORY_SLUGS, value);
}

/** The URL value for a stored category, for links from a post to its category. */
export function blogCategorySlug(category: string): BlogCategoryValue | null {
  return isOneOf(POST_CATEGORIES, category) ? CATEGORY_SLUGS[category] : null;
}
