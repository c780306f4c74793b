import { reviewListUrl } from "~/lib/admin-list-urls";
import type { RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { REVIEW_MESSAGES } from "~/lib/review-messages";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { setReviewHidden } from "~/server/courses/reviews.server";
import { dataWithToast } from "~/server/toast.server";
import { reviewListForm } from "./reviews-form";
import type { Route } from "./+types/reviews";
import { formatDate } from "~/lib/dates";
import { readAdminList } from "~/server/admin-list.server";
import { listAdminReviews } from "~/server/courses/reviews.server";

/** Hide or show a review: it leaves (or rejoins) the course page, the rating and the count on the next request. */
export async function reviewListAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  requireAdmin({ request, context });
  const parsed = parseForm(reviewListForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const { intent, id } = parsed.data;
  const found = await setReviewHidden({ reviewId: id, hidden: intent === "hide" });
  if (!found) return dataWithToast({}, { kind: "error", message: REVIEW_MESSAGES.notFound }, 404);
  return dataWithToast({}, { kind: "success", message: intent === "hide" ? REVIEW_MESSAGES.hidden : REVIEW_MESSAGES.shown });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return readAdminList({
    request,
    list: reviewListUrl,
    failure: REVIEW_MESSAGES.fetchListFailed,
    what: "admin review list",
    read: async ({ q, visibility, page }) => {
      const result = await listAdminReviews({ query: q, visibility, page });
      const rows = result.reviews.map((review) => ({
        id: review.id,
        authorName: review.authorName,
        rating: review.rating,
        comment: review.comment,
        hidden: review.hiddenAt !== null,
        courseTitle: review.courseTitle,
        courseSlug: review.courseSlug,
        written: formatDate(review.createdAt),
      }));
      return { ...result, rows };
    },
  });
}

/** Hide and Show: the row buttons post an `intent`, answered with the toast to show. */
export function action({ request, context }: Route.ActionArgs) {
  return reviewListAction({ request, context });
}
