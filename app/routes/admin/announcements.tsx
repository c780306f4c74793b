import { Megaphone } from "lucide-react";
import { useRevalidateWhile } from "~/components/use-revalidate-while";
import type { Route } from "./+types/announcements";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { Badge } from "~/components/ui/badge";
import { ANNOUNCEMENT_MESSAGES } from "~/lib/announcements";
import { formatDateTime } from "~/lib/dates";
import { ANNOUNCEMENT_AUDIENCE_LABELS, ANNOUNCEMENT_STATUS_LABELS, ANNOUNCEMENT_AUDIENCES, isOneOf } from "~/lib/domain-values";
import { defineListUrl, pageParam, textParam } from "~/lib/list-url";
import { adminMeta } from "~/lib/seo";
import { readAdminList } from "~/server/admin-list.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { listAdminAnnouncements } from "~/server/marketing/announcements.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Announcements");

const announcementList = defineListUrl("/admin/announcements", { q: textParam({ maxLength: 200 }), page: pageParam() });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return readAdminList({
    request,
    list: announcementList,
    failure: ANNOUNCEMENT_MESSAGES.listFailed,
    what: "admin announcement list",
    read: async ({ q, page }) => {
      const result = await listAdminAnnouncements({ query: q, page });
      const rows = result.announcements.map((row) => ({
        id: row.id,
        subject: row.subject,
        to: isOneOf(ANNOUNCEMENT_AUDIENCES, row.audience)
          ? row.audience === "course"
            ? `${ANNOUNCEMENT_AUDIENCE_LABELS.course}: ${row.courseTitle ?? "a deleted course"}`
            : ANNOUNCEMENT_AUDIENCE_LABELS[row.audience]
          : row.audience,
        sending: row.status === "sending",
        // Still moving: queuing, or queued messages not yet delivered or failed.
        moving: row.status === "sending" || row.sentCount + row.failedCount < row.queuedCount,
        status: row.status === "sent" ? ANNOUNCEMENT_STATUS_LABELS.sent : ANNOUNCEMENT_STATUS_LABELS.sending,
        progress: `${row.queuedCount.toLocaleString("en-US")} of ${row.recipientCount.toLocaleString("en-US")} queued`,
        delivered: `${row.sentCount.toLocaleString("en-US")} sent · ${row.failedCount.toLocaleString("en-US")} failed`,
        created: formatDateTime(row.createdAt),
      }));
      return { ...result, rows };
    },
  });
}

type AnnouncementRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<AnnouncementRow>[] = [
  {
    header: "Announcement",
    className: "max-w-[12rem] sm:max-w-md",
    cell: (row) => (
      <div className="grid gap-0.5">
        <span className="font-medium break-words">{row.subject}</span>
        <span className="text-sm text-muted-foreground">{row.to}</span>
      </div>
    ),
  },
  { header: "Status", cell: (row) => <Badge variant={row.sending ? "warning" : "success"}>{row.status}</Badge> },
  {
    header: "Delivery",
    from: "md",
    cell: (row) => (
      <div className="grid gap-0.5 text-sm">
        <span>{row.progress}</span>
        <span className="text-muted-foreground">{row.delivered}</span>
      </div>
    ),
  },
  { header: "Created", from: "lg", className: "whitespace-nowrap", cell: (row) => row.created },
];

export default function AdminAnnouncements({ loaderData }: Route.ComponentProps) {
  // While one is sending, the counts are read again every few seconds.
  useRevalidateWhile(loaderData.rows.some((row) => row.moving));
  return (
    <AdminListPage
      title="Announcements"
      noun={["announcement", "announcements"]}
      list={announcementList}
      data={loaderData}
      search={{ id: "announcement", label: "Search announcements by subject", placeholder: "Search by subject", maxLength: 200 }}
      create={{ to: "/admin/announcements/new", label: "New announcement", firstLabel: "Write the first announcement" }}
      columns={columns}
      rowKey={(row) => row.id}
      empty={{ icon: <Megaphone />, none: ANNOUNCEMENT_MESSAGES.empty, noMatches: ANNOUNCEMENT_MESSAGES.emptySearch }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
