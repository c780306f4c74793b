import { Download, MailCheck, Upload } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/subscribers";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { adminMeta } from "~/lib/seo";
import {
  SUBSCRIBER_MESSAGES,
  SUBSCRIBER_STATE_LABELS,
  SUBSCRIBER_STATES,
  subscriberExportHref,
  subscriberListUrl,
  SUBSCRIBERS_MAX_QUERY_LENGTH,
  type SubscriberState,
} from "~/lib/subscribers";
export { loader } from "./subscribers.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, SUBSCRIBER_MESSAGES.title);

type SubscriberRow = Route.ComponentProps["loaderData"]["rows"][number];

const STATE_BADGES: Record<SubscriberState, "success" | "warning" | "secondary" | "destructive"> = {
  confirmed: "success",
  pending: "warning",
  unsubscribed: "secondary",
  bounced: "destructive",
};

const columns: AdminListColumn<SubscriberRow>[] = [
  {
    header: "Email",
    className: "max-w-[14rem] break-words sm:max-w-xs",
    cell: (row) => <span className="font-medium">{row.email}</span>,
  },
  { header: "State", cell: (row) => <Badge variant={STATE_BADGES[row.state]}>{SUBSCRIBER_STATE_LABELS[row.state]}</Badge> },
  {
    header: "Consent",
    from: "md",
    className: "max-w-xs",
    cell: (row) => row.consent ?? <span className="text-muted-foreground">Not given yet</span>,
  },
  { header: "Signed up", from: "lg", className: "whitespace-nowrap", cell: (row) => row.signedUp },
];

const STATE_OPTIONS = SUBSCRIBER_STATES.map((state) => ({ value: state, label: SUBSCRIBER_STATE_LABELS[state] }));

/** The newsletter's list: search, filter by state, export what is shown, import (the owner). */
export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <AdminListPage
      title={SUBSCRIBER_MESSAGES.title}
      noun={["subscriber", "subscribers"]}
      list={subscriberListUrl}
      data={loaderData}
      search={{
        id: "subscriber",
        label: "Search subscribers by email or source",
        placeholder: "ann@example.com",
        maxLength: SUBSCRIBERS_MAX_QUERY_LENGTH,
      }}
      filters={[{ name: "state", label: "State", allLabel: "All states", options: STATE_OPTIONS, phrase: "in the state" }]}
      focusSearchOnN
      headerActions={
        <>
          {loaderData.canImport ? (
            <Button asChild variant="outline">
              <Link to="/admin/subscribers/import">
                <Upload aria-hidden="true" /> Import subscribers
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            {/* A plain download: the browser saves the streamed file, no client-side navigation. */}
            <a href={subscriberExportHref(filters)} download>
              <Download aria-hidden="true" /> Export CSV
            </a>
          </Button>
        </>
      }
      columns={columns}
      rowKey={(row) => row.id}
      empty={{
        icon: <MailCheck />,
        none: SUBSCRIBER_MESSAGES.none,
        noneDescription: SUBSCRIBER_MESSAGES.noneDescription,
        noMatches: SUBSCRIBER_MESSAGES.noMatches,
      }}
      pagesLabel="Subscribers pages"
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
