import { Webhook } from "lucide-react";
import type { Route } from "./+types/developer-webhooks";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RowActions, RowLink } from "~/components/admin/list/row-actions";
import { RowTitle } from "~/components/admin/list/row-title";
import { Badge } from "~/components/ui/badge";
import { adminMeta } from "~/lib/seo";
import { WEBHOOK_MESSAGES, webhookList } from "~/lib/webhooks";
import { webhooksLoader } from "./developer-webhooks.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Webhooks");

export function loader({ request, context }: Route.LoaderArgs) {
  return webhooksLoader({ request, context });
}

type EndpointRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<EndpointRow>[] = [
  {
    header: "Endpoint",
    className: "max-w-[14rem] sm:max-w-md",
    cell: (endpoint) => (
      <RowTitle to={`/admin/developers/webhooks/${endpoint.id}`} title={endpoint.url} detail={endpoint.description || undefined} />
    ),
  },
  { header: "Events", from: "md", className: "max-w-xs text-sm", cell: (endpoint) => endpoint.events },
  { header: "Failed deliveries", from: "lg", align: "right", className: "tabular-nums", cell: (endpoint) => endpoint.failed },
  {
    header: "Status",
    cell: (endpoint) => (endpoint.disabled ? <Badge variant="secondary">Disabled</Badge> : <Badge variant="success">Active</Badge>),
  },
];

export default function AdminWebhooks({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Webhooks"
      noun={["endpoint", "endpoints"]}
      list={webhookList}
      data={loaderData}
      search={{ id: "webhook", label: "Search endpoints by URL or description", placeholder: "Search by URL", maxLength: 200 }}
      create={{ to: "/admin/developers/webhooks/new", label: "Add endpoint", firstLabel: "Add the first endpoint" }}
      columns={columns}
      rowKey={(endpoint) => endpoint.id}
      rowActions={(endpoint) => (
        <RowActions>
          <RowLink to={`/admin/developers/webhooks/${endpoint.id}`} label={`Open deliveries of ${endpoint.url}`}>
            Deliveries
          </RowLink>
        </RowActions>
      )}
      empty={{
        icon: <Webhook />,
        none: WEBHOOK_MESSAGES.empty,
        noneDescription: "An endpoint receives the school's events (an order paid, access granted…) as signed POST requests.",
        noMatches: "No endpoints found matching your search.",
      }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
