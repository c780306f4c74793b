import { data, type RouterContextProvider } from "react-router";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "~/lib/domain-values";
import { formatDateTime } from "~/lib/dates";
import { parseForm } from "~/lib/forms/parse-form";
import { isUuid } from "~/lib/uuid";
import { WEBHOOK_MESSAGES, webhookEndpointActionForm, webhookForm, webhookList } from "~/lib/webhooks";
import { invalidForm, readForm } from "~/server/action.server";
import { readAdminList } from "~/server/admin-list.server";
import { requireSuperAdmin } from "~/server/auth/guards.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import { WebhookAddressError } from "~/server/webhooks/webhook-address.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  redeliverWebhook,
  sendTestWebhook,
  setWebhookEndpointEnabled,
  WebhookEndpointNotFoundError,
} from "~/server/webhooks/webhooks.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Admin → Developers → Webhooks: every endpoint, newest first. */
export function webhooksLoader({ request, context }: Args) {
  requireSuperAdmin({ request, context });
  return readAdminList({
    request,
    list: webhookList,
    failure: WEBHOOK_MESSAGES.listFailed,
    what: "webhook endpoint list",
    read: async ({ q, page }) => {
      const result = await listWebhookEndpoints({ query: q, page });
      const rows = result.endpoints.map((endpoint) => ({
        id: endpoint.id,
        url: endpoint.url,
        description: endpoint.description,
        events: endpoint.events.join(", "),
        disabled: endpoint.disabledAt !== null,
        failed: endpoint.failed,
        created: formatDateTime(endpoint.createdAt),
      }));
      return { ...result, rows };
    },
  });
}

export function newWebhookLoader({ request, context }: Args) {
  requireSuperAdmin({ request, context });
  return { events: WEBHOOK_EVENTS.map((event) => ({ value: event, label: WEBHOOK_EVENT_LABELS[event] })) };
}

/** Adds an endpoint after the address check, and answers its secret in the page's data: the only time it is shown. */
export async function newWebhookAction({ request, context }: Args) {
  const admin = requireSuperAdmin({ request, context });
  const form = await readForm(request);
  const events = form.getAll("events").filter((value): value is string => typeof value === "string");
  const url = String(form.get("url") ?? "");
  const description = String(form.get("description") ?? "");
  const values = { url, description, events: events.join(",") };
  const parsed = webhookForm.safeParse({ url, description, events });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    return invalidForm({ errors, values });
  }
  try {
    const created = await createWebhookEndpoint({ ...parsed.data, actorId: admin.id });
    return dataWithToast({ created }, { kind: "success", message: WEBHOOK_MESSAGES.created });
  } catch (error) {
    if (!(error instanceof WebhookAddressError)) throw error;
    return invalidForm({ errors: { url: [error.message] }, values });
  }
}

const STATUS_LABELS = { pending: "Retrying", succeeded: "Delivered", failed: "Failed" } as const;

/** One endpoint and its delivery log (event, status, response code, duration, the body sent). */
export async function webhookLoader({ request, context, params }: Args & { params: { id?: string } }) {
  requireSuperAdmin({ request, context });
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1") || 1;
  const found = isUuid(params.id ?? "") ? await getWebhookEndpoint({ endpointId: params.id!, page }) : null;
  if (!found) throw data({ message: WEBHOOK_MESSAGES.notFound }, { status: 404 });
  const { endpoint, deliveries } = found;
  return {
    endpoint: {
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      disabled: endpoint.disabledAt ? `${formatDateTime(endpoint.disabledAt)}: ${endpoint.disabledReason ?? ""}` : null,
      created: formatDateTime(endpoint.createdAt),
    },
    deliveries: deliveries.map((delivery) => ({
      id: delivery.id,
      event: delivery.event,
      status: STATUS_LABELS[delivery.status as keyof typeof STATUS_LABELS] ?? delivery.status,
      succeeded: delivery.status === "succeeded",
      failed: delivery.status === "failed",
      responseStatus: delivery.responseStatus === null ? "—" : String(delivery.responseStatus),
      duration: delivery.durationMs === null ? "—" : `${delivery.durationMs} ms`,
      attempts: delivery.attempts,
      error: delivery.error,
      when: formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt),
      body: delivery.body,
    })),
    total: found.total,
    page: found.page,
    pageCount: found.pageCount,
  };
}

/** Send test event, Redeliver, Disable, Enable and Delete. */
export async function webhookAction({ request, context, params }: Args & { params: { id?: string } }) {
  requireSuperAdmin({ request, context });
  const parsed = parseForm(webhookEndpointActionForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const endpointId = params.id ?? "";
  if (!isUuid(endpointId)) return dataWithToast({}, { kind: "error", message: WEBHOOK_MESSAGES.notFound }, 404);
  try {
    switch (parsed.data.intent) {
      case "send-test":
        await sendTestWebhook({ endpointId });
        return dataWithToast({}, { kind: "success", message: WEBHOOK_MESSAGES.testQueued });
      case "redeliver":
        await redeliverWebhook({ endpointId, deliveryId: parsed.data.deliveryId });
        return dataWithToast({}, { kind: "success", message: WEBHOOK_MESSAGES.redeliverQueued });
      case "disable":
      case "enable":
        await setWebhookEndpointEnabled({ endpointId, enabled: parsed.data.intent === "enable" });
        return dataWithToast(
          {},
          { kind: "success", message: parsed.data.intent === "enable" ? WEBHOOK_MESSAGES.enabled : WEBHOOK_MESSAGES.disabled },
        );
      case "delete":
        await deleteWebhookEndpoint({ endpointId });
        return redirectWithToast("/admin/developers/webhooks", { kind: "success", message: WEBHOOK_MESSAGES.deleted });
    }
  } catch (error) {
    if (error instanceof WebhookEndpointNotFoundError) return dataWithToast({}, { kind: "error", message: WEBHOOK_MESSAGES.notFound }, 404);
    throw error;
  }
}
