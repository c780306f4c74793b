/** What the bundle screens and checkout say about bundles (docs/decisions/062). */
export const BUNDLES_PAGE_SIZE = 25;
export const BUNDLES_MAX_QUERY_LENGTH = 100;
export const BUNDLE_LIMITS = { title: 120, slug: 80, description: 2000, courses: 50 } as const;

export const BUNDLE_MESSAGES = {
  created: "Bundle created",
  saved: "Bundle saved",
  invalid: "Check the highlighted fields",
  notFound: "This bundle no longer exists",
  listFailed: "The bundles could not be loaded. Try again.",
  slugTaken: "Another bundle already uses this slug",
  noPublishedCourse: "A bundle needs at least one published course",
  unknownCourse: "One of the chosen courses no longer exists",
  negativePrice: "Enter a price of 0 or more",
} as const;

/** "Save $40" against the courses bought one by one; nothing when the bundle saves nothing. */
export function bundleSavingsCents({ priceCents, coursesCents }: { priceCents: number; coursesCents: number }) {
  return Math.max(0, coursesCents - priceCents);
}
