/**
 * The public blog list's filters: the category pills, the sorts, and the list's URL (declared with
 * `list-url.ts`, shared by the loader and the page).
 */

import { choiceParam, defineListUrl, optionParam, pageParam, textParam } from "./list-url";
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

const BLOG_CATEGORY_VALUES = BLOG_CATEGORIES.map((item) => item.value);

/** The public blog's URL: `/blog?q=…&category=…&sort=…&page=…`. */
export const blogListUrl = defineListUrl("/blog", {
  q: textParam({ maxLength: 100 }),
  /** null means All. */
  category: optionParam(BLOG_CATEGORY_VALUES),
  sort: choiceParam(
    BLOG_SORTS.map((item) => item.value),
    "newest",
  ),
  page: pageParam(),
});

export type BlogFilters = ReturnType<typeof blogListUrl.parse>;

export const DEFAULT_BLOG_FILTERS: BlogFilters = blogListUrl.defaults;

/** The stored category for a URL value (null for All). */
export function blogCategoryFromSlug(value: BlogCategoryValue | null): PostCategory | null {
  return valueForSlug(POST_CATEGORIES, CATEGORY_SLUGS, value);
}

/** The URL value for a stored category, for links from a post to its category. */
export function blogCategorySlug(category: string): BlogCategoryValue | null {
  return isOneOf(POST_CATEGORIES, category) ? CATEGORY_SLUGS[category] : null;
}
