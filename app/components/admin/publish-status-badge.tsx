import { Badge } from "~/components/ui/badge";
import { PUBLISH_STATUS_LABELS } from "~/lib/domain-values";

/** A post's or a course's status as the admin screens show it: Published (green) or Draft. */
export function PublishStatusBadge({ status, className }: { status: string; className?: string }) {
  const published = status === "published";
  return (
    <Badge variant={published ? "success" : "secondary"} className={className}>
      {PUBLISH_STATUS_LABELS[published ? "published" : "draft"]}
    </Badge>
  );
}
