import { KeyRound } from "lucide-react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/developers";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RowActions } from "~/components/admin/list/row-actions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { useAnswerToast } from "~/components/use-toast-once";
import { API_KEY_MESSAGES, API_KEY_NAME_MAX, apiKeyList } from "~/lib/api-keys";
import { adminMeta } from "~/lib/seo";
import { developersAction, developersLoader } from "./developers.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Developers");

export function loader({ request, context }: Route.LoaderArgs) {
  return developersLoader({ request, context });
}

/** Revoke: posts `{ intent: "revoke", id }`, answered with the toast to show. */
export function action({ request, context }: Route.ActionArgs) {
  return developersAction({ request, context });
}

type KeyRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<KeyRow>[] = [
  {
    header: "Key",
    className: "max-w-[12rem] sm:max-w-xs",
    cell: (key) => (
      <div className="grid gap-0.5">
        <span className="font-medium break-words">{key.name}</span>
        <code className="text-xs text-muted-foreground">{key.prefix}</code>
      </div>
    ),
  },
  { header: "Scopes", from: "md", className: "max-w-xs text-sm", cell: (key) => key.scopes },
  { header: "Last used", from: "sm", className: "whitespace-nowrap", cell: (key) => key.lastUsed },
  {
    header: "Created",
    from: "lg",
    className: "whitespace-nowrap",
    cell: (key) => (
      <div className="grid gap-0.5 text-sm">
        <span>{key.created}</span>
        <span className="text-muted-foreground">by {key.createdBy}</span>
      </div>
    ),
  },
  {
    header: "Status",
    cell: (key) => (key.revoked ? <Badge variant="secondary">Revoked {key.revoked}</Badge> : <Badge variant="success">Active</Badge>),
  },
];

/** Revoke, after asking: a revoked key is refused at once, for good. */
function RevokeKeyButton({ id, name }: { id: string; name: string }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data);
  return (
    <ConfirmButton
      trigger={
        <Button type="button" variant="destructive" size="sm" loading={fetcher.state !== "idle"} aria-label={`Revoke ${name}`}>
          Revoke
        </Button>
      }
      title={`Revoke “${name}”?`}
      description="Every request made with this key will be refused from now on. This cannot be undone."
      confirmLabel="Revoke key"
      onConfirm={() => fetcher.submit({ intent: "revoke", id }, { method: "post" })}
    />
  );
}

export default function AdminDevelopers({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <AdminListPage
        title="Developers"
        noun={["API key", "API keys"]}
        list={apiKeyList}
        data={loaderData}
        search={{ id: "api-key", label: "Search API keys by name", placeholder: "Search by name", maxLength: API_KEY_NAME_MAX }}
        create={{ to: "/admin/developers/new", label: "New API key", firstLabel: "Create the first API key" }}
        headerActions={
          <>
            <Button asChild variant="outline">
              <Link to="/admin/developers/webhooks">Webhooks</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/developers/docs">API reference</Link>
            </Button>
          </>
        }
        columns={columns}
        rowKey={(key) => key.id}
        rowActions={(key) => (key.revoked ? null : <RowActions>{<RevokeKeyButton id={key.id} name={key.name} />}</RowActions>)}
        empty={{
          icon: <KeyRound />,
          none: API_KEY_MESSAGES.empty,
          noneDescription: "A key lets another tool (a CRM, Zapier, your own script) use the school's REST API.",
          noMatches: API_KEY_MESSAGES.emptySearch,
        }}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
