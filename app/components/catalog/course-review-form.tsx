import { Star } from "lucide-react";
import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { useAnswerToast } from "~/components/use-toast-once";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { REVIEW_LIMITS } from "~/lib/forms/limits";
import { REVIEW_MESSAGES } from "~/lib/review-messages";
import { cn } from "~/lib/utils";

type ReviewAccess = { allowed: true } | { allowed: false; reason: keyof typeof REVIEW_MESSAGES.notAllowed };
export type OwnReview = { access: ReviewAccess; own: { rating: number; comment: string; hidden: boolean } | null };
type ReviewActionData = { errors?: Record<string, string[]>; values?: Record<string, string> } | undefined;

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * "Your review" on the course page: the rating as five radio buttons drawn as stars, and the text.
 * A plain form, so it works without JavaScript; a refused one shows the messages and keeps what
 * was typed. Learners who hold the course but finished nothing yet are told why there is no form.
 */
export function CourseReviewForm({ review }: { review: OwnReview }) {
  if (!review.access.allowed) {
    if (review.access.reason !== "no-completed-lesson") return null;
    return <p className="mt-4 rounded-lg border bg-card p-4 text-sm text-muted-foreground">{REVIEW_MESSAGES.notAllowed[review.access.reason]}</p>;
  }
  return <ReviewForm own={review.own} />;
}

function ReviewForm({ own }: { own: OwnReview["own"] }) {
  const actionData = useActionData() as ReviewActionData;
  useAnswerToast(actionData);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "review";
  const sent = actionData?.values?.intent === "review" ? actionData.values : null;
  const errors = sent ? (actionData?.errors ?? {}) : {};
  const [rating, setRating] = useState(Number(sent?.rating ?? own?.rating ?? 0));
  const comment = sent?.comment ?? own?.comment ?? "";
  const verb = own ? "Update review" : "Post review";

  return (
    <Form
      id="your-review"
      method="post"
      className="mt-6 grid max-w-2xl scroll-mt-24 gap-4 rounded-lg border bg-card p-5"
      aria-labelledby="your-review-heading"
      preventScrollReset
    >
      <h3 id="your-review-heading" className="text-lg font-semibold">
        {own ? "Your review" : "Review this course"}
      </h3>
      {own?.hidden && <p className="text-sm text-muted-foreground">{REVIEW_MESSAGES.hiddenNotice}</p>}
      {errors.form && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.form.join(" ")}
        </p>
      )}
      <fieldset className="grid gap-2" aria-describedby={errors.rating ? "review-rating-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">Your rating</legend>
        <div className="flex gap-1">
          {RATINGS.map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              title={`${value} ${value === 1 ? "star" : "stars"}`}
            >
              <input
                type="radio"
                name="rating"
                value={value} defaultChecked={value === rating}
                onChange={() => setRating(value)}
                className="sr-only"
              />
              <span className="sr-only">
                {value} {value === 1 ? "star" : "stars"}
              </span>
              <Star aria-hidden="true" className={cn("size-7 text-border", value <= rating && "fill-warm text-warm")} />
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id="review-rating-error" className="text-sm font-medium text-destructive">
            {errors.rating.join(" ")}
          </p>
        )}
      </fieldset>
      <FormField label="Your review (optional)" name="comment" error={errors.comment} hint={`Plain text, up to ${REVIEW_LIMITS.comment.toLocaleString("en-US")} characters.`}>
        <Textarea defaultValue={comment} maxLength={REVIEW_LIMITS.comment} rows={4} />
      </FormField>
      <div>
        <Button type="submit" name="intent" value="review" loading={submitting}>
          {verb}
        </Button>
      </div>
    </Form>
  );
}
