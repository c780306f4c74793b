import { MessageSquareText } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/reviews";
import { reviewListUrl } from "~/lib/admin-list-urls";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RowActions, RowIntentButton } from "~/components/admin/list/row-actions";
import { Badge } from "~/components/ui/badge";

import { REVIEW_VISIBILITIES, REVIEW_VISIBILITY_LABELS } from "~/lib/domain-values";
import { REVIEW_MESSAGES } from "~/lib/review-messages";
import { adminMeta } from "~/lib/seo";

export { loader, action } from "./reviews.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Reviews");

type ReviewRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<ReviewRow>[] = [
  {
    header: "Review",
    className: "max-w-[12rem] sm:max-w-md",
    cell: (review) => (
      <div className="grid gap-1">
        <span className="font-medium">{review.authorName}</span>
        <Link to={`/courses/${review.courseSlug}`} className="text-sm text-muted-foreground hover:underline">
          {review.courseTitle}
        </Link>
        {review.comment ? <p className="line-clamp-3 text-sm break-words">{review.comment}</p> : null}
      </div>
    ),
  },
  { header: "Rating", align: "right", className: "tabular-nums whitespace-nowrap", cell: (review) => `${review.rating} / 5` },
  {
    header: "Status",
    from: "sm",
    cell: (review) => (
      <Badge variant={review.hidden ? "secondary" : "success"}>{REVIEW_VISIBILITY_LABELS[review.hidden ? "hidden" : "shown"]}</Badge>
    ),
  },
  { header: "Written", from: "md", className: "whitespace-nowrap", cell: (review) => review.written },
];

const VISIBILITY_OPTIONS = REVIEW_VISIBILITIES.map((value) => ({ value, label: REVIEW_VISIBILITY_LABELS[value] }));

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Reviews"
      noun={["review", "reviews"]}
      list={reviewListUrl}
      data={loaderData}
      search={{
        id: "review",
        label: "Search reviews by author, text or course",
        placeholder: "Search by author, text or course",
        maxLength: 200,
      }}
      filters={[{ name: "visibility", label: "Status", allLabel: "All statuses", options: VISIBILITY_OPTIONS, phrase: "with the status" }]}
      focusSearchOnN
      columns={columns}
      rowKey={(review) => review.id}
      rowActions={(review) => (
        <RowActions>
          <RowIntentButton
            intent={review.hidden ? "show" : "hide"}
            fields={{ id: review.id }}
            label={`${review.hidden ? "Show" : "Hide"} review by “${review.authorName}” of ${review.courseTitle}`}
            variant={review.hidden ? "default" : "secondary"}
          >
            {review.hidden ? "Show" : "Hide"}
          </RowIntentButton>
        </RowActions>
      )}
      empty={{ icon: <MessageSquareText />, none: REVIEW_MESSAGES.empty, noMatches: REVIEW_MESSAGES.emptySearch }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
