import { Form, Link, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/developer-webhook";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListTable, type AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RowActions, RowIntentButton } from "~/components/admin/list/row-actions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { useAnswerToast } from "~/components/use-toast-once";
import { adminMeta } from "~/lib/seo";
import { webhookAction, webhookLoader } from "./developer-webhook.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Webhook endpoint");

export function loader({ request, context, params }: Route.LoaderArgs) {
  return webhookLoader({ request, context, params });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return webhookAction({ request, context, params });
}

type DeliveryRow = Route.ComponentProps["loaderData"]["deliveries"][number];

const columns: AdminListColumn<DeliveryRow>[] = [
  {
    header: "Event",
    className: "max-w-[16rem] sm:max-w-md",
    cell: (delivery) => (
      <div className="grid gap-1">
        <code className="font-medium">{delivery.event}</code>
        <span className="text-xs text-muted-foreground">{delivery.when}</span>
        {delivery.error ? <span className="text-xs text-destructive">{delivery.error}</span> : null}
        <details className="text-xs">
          <summary className="cursor-pointer">Body sent</summary>
          <pre className="mt-1 max-h-60 overflow-auto rounded bg-muted p-2 whitespace-pre-wrap break-all">{delivery.body}</pre>
        </details>
      </div>
    ),
  },
  {
    header: "Status",
    cell: (delivery) => (
      <Badge variant={delivery.succeeded ? "success" : delivery.failed ? "destructive" : "warning"}>{delivery.status}</Badge>
    ),
  },
  { header: "Response", from: "sm", className: "tabular-nums", cell: (delivery) => delivery.responseStatus },
  { header: "Duration", from: "md", className: "tabular-nums whitespace-nowrap", cell: (delivery) => delivery.duration },
  { header: "Attempts", from: "lg", align: "right", className: "tabular-nums", cell: (delivery) => delivery.attempts },
];

function EndpointButton({
  intent,
  label,
  children,
  variant = "outline",
}: {
  intent: string;
  label: string;
  children: string;
  variant?: "outline" | "default";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <Button type="submit" name="intent" value={intent} variant={variant} loading={busy} aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}

function DeleteEndpointButton({ url }: { url: string }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data);
  return (
    <ConfirmButton
      trigger={
        <Button type="button" variant="destructive" loading={fetcher.state !== "idle"} aria-label={`Delete ${url}`}>
          Delete
        </Button>
      }
      title={`Delete “${url}”?`}
      description="The endpoint stops receiving events at once, and its delivery log is deleted with it."
      confirmLabel="Delete endpoint"
      onConfirm={() => fetcher.submit({ intent: "delete" }, { method: "post" })}
    />
  );
}

export default function WebhookEndpointPage({ loaderData, actionData }: Route.ComponentProps) {
  useAnswerToast(actionData);
  const { endpoint, deliveries, page, pageCount, total } = loaderData;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <p className="text-sm">
          <Link to="/admin/developers/webhooks" className="underline">
            Webhooks
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight break-all">{endpoint.url}</h1>
        {endpoint.description ? <p className="text-muted-foreground">{endpoint.description}</p> : null}
        <p className="text-sm">
          Events: <code>{endpoint.events.join(", ")}</code>
        </p>
        <p className="text-sm">
          {endpoint.disabled ? <Badge variant="secondary">Disabled {endpoint.disabled}</Badge> : <Badge variant="success">Active</Badge>}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <EndpointButton intent="send-test" label={`Send test event to ${endpoint.url}`} variant="default">
          Send test event
        </EndpointButton>
        {endpoint.disabled ? (
          <EndpointButton intent="enable" label={`Enable ${endpoint.url}`}>
            Enable
          </EndpointButton>
        ) : (
          <EndpointButton intent="disable" label={`Disable ${endpoint.url}`}>
            Disable
          </EndpointButton>
        )}
        <DeleteEndpointButton url={endpoint.url} />
      </div>
      <section aria-labelledby="deliveries-title" className="grid gap-3">
        <h2 id="deliveries-title" className="text-lg font-semibold">
          Deliveries ({total})
        </h2>
        {deliveries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing sent yet. "Send test event" sends one now.</p>
        ) : (
          <AdminListTable
            label="Deliveries"
            columns={columns}
            rows={deliveries}
            rowKey={(delivery) => delivery.id}
            rowActions={(delivery) => (
              <RowActions>
                <RowIntentButton
                  intent="redeliver"
                  fields={{ deliveryId: delivery.id }}
                  label={`Redeliver ${delivery.event} of ${delivery.when}`}
                  variant="outline"
                >
                  Redeliver
                </RowIntentButton>
              </RowActions>
            )}
          />
        )}
        {pageCount > 1 ? (
          <nav aria-label="Delivery pages" className="flex gap-2 text-sm">
            {page > 1 ? <Link to={`?page=${page - 1}`}>Newer</Link> : null}
            <span>
              Page {page} of {pageCount}
            </span>
            {page < pageCount ? <Link to={`?page=${page + 1}`}>Older</Link> : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
