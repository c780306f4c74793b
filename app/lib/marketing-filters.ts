import { CATEGORY_LABELS, CATEGORY_SLUGS, PLAYBOOK_CATEGORIES, valueForSlug } from "./domain-values";

/**
 * The playbooks and testimonials pages' filters and their URL form (`category`, `q`, `sort`,
 * defaults omitted), shared by the loaders (which query with them) and the controls in
 * `components/marketing-filters.tsx`.
 */

/** The category pills: the URL value ("ai-chatgpt") and the text ("AI / ChatGPT"). */
export const MARKETING_CATEGORY_OPTIONS = PLAYBOOK_CATEGORIES.map((category) => ({
  value: CATEGORY_SLUGS[category],
  label: CATEGORY_LABELS[category],
}));

/** The stored category a URL value names ("ai-chatgpt" → "AI / ChatGPT"), or null. */
export function marketingCategoryFromSlug(slug: string | null | undefined) {
  return valueForSlug(PLAYBOOK_CATEGORIES, CATEGORY_SLUGS, slug);
}

export const PLAYBOOK_SORTS = ["newest", "popular", "price-asc", "price-desc"] as const;
export type PlaybookSort = (typeof PLAYBOOK_SORTS)[number];
export const PLAYBOOK_SORT_LABELS: Record<PlaybookSort, string> = {
  newest: "Newest",
  popular: "Popular",
  "price-asc": "Price low to high",
  "price-desc": "Price high to low",
};

export const TESTIMONIAL_SORTS = ["newest", "rating"] as const;
export type TestimonialSort = (typeof TESTIMONIAL_SORTS)[number];
export const TESTIMONIAL_SORT_LABELS: Record<TestimonialSort, string> = {
  newest: "Newest",
  rating: "Highest rated",
};

export type ListFilters = { category?: string; q?: string; sort: string };

/** The query string for a set of filters, leaving out the defaults ("All", no search, newest first). */
export function filtersSearch({ category, q, sort }: ListFilters) {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (q) params.set("q", q);
  if (sort && sort !== "newest") params.set("sort", sort);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * A GET form without JavaScript sends every field, defaults too (`?q=&sort=newest`).
 * Returns the tidy URL to redirect to when the request carried such empty or default values.
 */
export function untidyFiltersRedirect(url: URL) {
  const params = new URLSearchParams(url.search);
  let changed = false;
  for (const key of ["category", "q", "sort"]) {
    const value = params.get(key);
    if (value === null) continue;
    if (value.trim() === "" || (key === "sort" && value === "newest")) {
      params.delete(key);
      changed = true;
    }
  }
  if (!changed) return null;
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}
