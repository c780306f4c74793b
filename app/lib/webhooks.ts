import { z } from "~/lib/forms/zod";
import { WEBHOOK_EVENTS } from "~/lib/domain-values";
import { defineListUrl, pageParam, textParam } from "~/lib/list-url";

/** What Admin → Developers → Webhooks says (docs/decisions/050-webhooks.md). */
export const WEBHOOK_MESSAGES = {
  created: "Webhook endpoint added. Copy its signing secret now: it will not be shown again.",
  testQueued: "Test event queued: it appears in the delivery log in a moment",
  redeliverQueued: "Delivery queued again",
  disabled: "Endpoint disabled",
  enabled: "Endpoint enabled",
  deleted: "Endpoint deleted",
  notFound: "Webhook endpoint not found",
  listFailed: "Failed to fetch webhook endpoints",
  empty: "No webhook endpoints yet.",
} as const;

export const WEBHOOK_DESCRIPTION_MAX = 200;

export const webhookForm = z.object({
  url: z.string().trim().min(1, "Enter the URL that receives the events").max(2000, "Keep the URL under 2,000 characters"),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, `Keep the description under ${WEBHOOK_DESCRIPTION_MAX} characters`),
  events: z.array(z.enum(WEBHOOK_EVENTS, "Choose events from the list")).min(1, "Choose at least one event"),
});

export const webhookEndpointActionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send-test") }),
  z.object({ intent: z.literal("disable") }),
  z.object({ intent: z.literal("enable") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("redeliver"), deliveryId: z.uuid("Delivery not found") }),
]);

/** The endpoints list's URL: a search by URL or description, and the page. */
export const webhookList = defineListUrl("/admin/developers/webhooks", { q: textParam({ maxLength: 200 }), page: pageParam() });
