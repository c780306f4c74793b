import { BUNDLES_MAX_QUERY_LENGTH } from "./bundles";
import { COUPONS_MAX_QUERY_LENGTH } from "./coupons";
import { AFFILIATES_MAX_QUERY_LENGTH } from "./affiliates";
import { AFFILIATE_STATUSES, COUPON_STATUSES, PUBLISH_STATUSES, REVIEW_VISIBILITIES } from "./domain-values";
import { defineListUrl, optionParam, pageParam, textParam } from "./list-url";

/**
 * The admin lists' states and their URLs, declared with `list-url.ts` and shared by each list's
 * loader (in its route's `.server.ts`) and its page. The users and orders lists keep theirs beside
 * their filters (`user-list-filters.ts`, `order-list-filters.ts`).
 */

/** The announcements list (`/admin/announcements?q=…&page=2`). */
export const announcementListUrl = defineListUrl("/admin/announcements", { q: textParam({ maxLength: 200 }), page: pageParam() });

/** The blog list (`/admin/blog?q=…&page=2`). */
export const postListUrl = defineListUrl("/admin/blog", { q: textParam({ maxLength: 200 }), page: pageParam() });

/** The coupons list (`/admin/coupons?q=…&status=active&page=2`). */
export const couponListUrl = defineListUrl("/admin/coupons", {
  q: textParam({ maxLength: COUPONS_MAX_QUERY_LENGTH }),
  status: optionParam(COUPON_STATUSES),
  page: pageParam(),
});

/** The courses list (`/admin/courses?q=…&page=2`). */
export const courseListUrl = defineListUrl("/admin/courses", { q: textParam({ maxLength: 200 }), page: pageParam() });

/** The quizzes list (`/admin/quizzes?q=…&page=2`). */
export const quizListUrl = defineListUrl("/admin/quizzes", { q: textParam({ maxLength: 200 }), page: pageParam() });

/** The reviews list (`/admin/reviews?q=…&visibility=hidden&page=2`). */
export const reviewListUrl = defineListUrl("/admin/reviews", {
  q: textParam({ maxLength: 200 }),
  visibility: optionParam(REVIEW_VISIBILITIES),
  page: pageParam(),
});

/** The affiliates list (`/admin/affiliates?q=…&status=pending&page=2`). */
export const affiliateListUrl = defineListUrl("/admin/affiliates", {
  q: textParam({ maxLength: AFFILIATES_MAX_QUERY_LENGTH }),
  status: optionParam(AFFILIATE_STATUSES),
  page: pageParam(),
});

/** The bundles list (`/admin/bundles?q=…&status=draft&page=2`). */
export const bundleListUrl = defineListUrl("/admin/bundles", {
  q: textParam({ maxLength: BUNDLES_MAX_QUERY_LENGTH }),
  status: optionParam(PUBLISH_STATUSES),
  page: pageParam(),
});
