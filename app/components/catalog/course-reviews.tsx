import { Star } from "lucide-react";
import { formatDate } from "~/lib/dates";
import { CourseReviewForm, type OwnReview } from "./course-review-form";

type ShownReview = { id: string; rating: number; comment: string | null; authorName: string; createdAt: Date | string };

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, index) => (
        <Star key={index} aria-hidden="true" className={index < Math.round(rating) ? "size-4 fill-warm text-warm" : "size-4 text-border"} />
      ))}
    </span>
  );
}

/** The course page's rating summary, the signed-in learner's own review form, and the latest reviews. */
export function CourseReviews({
  course,
  own,
}: {
  course: { rating: number | null; reviewCount: number; reviews: ShownReview[] };
  /** Null for visitors. */
  own: OwnReview | null;
}) {
  return (
    <section aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight">
        Reviews
      </h2>
      {course.rating !== null ? (
        <div className="mt-2 flex items-center gap-3 text-sm text-muted-foreground">
          <Stars rating={course.rating} />
          <span>
            <span className="font-semibold text-foreground">{course.rating.toFixed(1)}</span> average from {course.reviewCount}{" "}
            {course.reviewCount === 1 ? "review" : "reviews"}
          </span>
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">No reviews yet.</p>
      )}
      {own && <CourseReviewForm review={own} />}
      {course.reviews.length > 0 && (
        <ul className="mt-5 grid gap-4 md:grid-cols-2">
          {course.reviews.map((review) => (
            <li key={review.id} className="flex flex-col gap-3 rounded-lg border bg-card p-5">
              <div className="flex items-center justify-between gap-3">
                <Stars rating={review.rating} />
                <time dateTime={new Date(review.createdAt).toISOString()} className="text-xs text-muted-foreground">
                  {formatDate(review.createdAt)}
                </time>
              </div>
              {review.comment && <p className="text-sm">{review.comment}</p>}
              <p className="mt-auto text-sm font-semibold">{review.authorName}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
