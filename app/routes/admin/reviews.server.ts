import type { RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { REVIEW_MESSAGES } from "~/lib/review-messages";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { setReviewHidden } from "~/server/courses/reviews.server";
import { dataWithToast } from "~/server/toast.server";
import { reviewListForm } from "./reviews-form";

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
