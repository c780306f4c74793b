import { Megaphone } from "lucide-react";
import { useRevalidateWhile } from "~/components/use-revalidate-while";
import type { Route } from "./+types/announcements";
import { announcementListUrl } from "~/lib/admin-list-urls";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { Badge } from "~/components/ui/badge";
import { ANNOUNCEMENT_MESSAGES } from "~/lib/announcements";

import { adminMeta } from "~/lib/seo";
export { loader } from "./announcements.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Announcements");

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
      list={announcementListUrl}
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
