import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { WebhookEvent } from "~/lib/domain-values";
import { JOB_QUEUE } from "~/lib/job-queues";
import { getConfig } from "~/server/platform/config.server";
import { db, type Queryable } from "~/server/db/client.server";
import { anyColumnContains } from "~/server/db/like.server";
import { users, webhookDeliveries, webhookEndpoints } from "~/server/db/schema";
import { enqueue, type JobContext } from "~/server/jobs/queue.server";
import { logger } from "~/server/platform/logger.server";
import { sendMail } from "~/server/mail/mail-queue.server";
import { checkWebhookUrl, guardedLookup, parseWebhookUrl } from "./webhook-address.server";

/**
 * Webhooks (docs/decisions/050-webhooks.md). `emitWebhookEvent` runs in the transaction of the
 * change: it writes one delivery per subscribed endpoint and enqueues each, so an event is sent
 * only if the change commits, and once per endpoint. The `webhook` queue's job sends it, signed
 * as Standard Webhooks says, retried with back-off for about a day; an endpoint still failing
 * three days after its first failure is disabled and its maker e-mailed.
 */

export const WEBHOOK_TIMEOUT_MS = 5_000;
export const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
export const TEST_EVENT = "webhook.test";

export type WebhookPayload = { type: string; timestamp: string; data: Record<string, unknown> };

/** Writes the event's deliveries and enqueues them, in the caller's transaction. */
export async function emitWebhookEvent({ tx, type, data }: { tx: Queryable; type: WebhookEvent; data: Record<string, unknown> }) {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(isNull(webhookEndpoints.disabledAt), sql`${type} = any(${webhookEndpoints.events})`));
  if (endpoints.length === 0) return 0;
  const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data } satisfies WebhookPayload);
  const rows = await tx
    .insert(webhookDeliveries)
    .values(endpoints.map((endpoint) => ({ endpointId: endpoint.id, event: type, body })))
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) await enqueue(tx, JOB_QUEUE.webhook, { deliveryId: row.id });
  return rows.length;
}

// Endpoints ----------------------------------------------------------------------------------

export class WebhookEndpointNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`No webhook endpoint with id ${id}`);
    this.name = "WebhookEndpointNotFoundError";
  }
}

/** A new endpoint after its URL passed the address check; returns the signing secret, shown once. */
export async function createWebhookEndpoint({
  url,
  description,
  events,
  actorId,
}: {
  url: string;
  description: string;
  events: WebhookEvent[];
  actorId: string;
}) {
  const checked = await checkWebhookUrl(url);
  const secret = `whsec_${crypto.randomBytes(32).toString("base64")}`;
  const [row] = await db()
    .insert(webhookEndpoints)
    .values({ url: checked, description, events: [...new Set(events)], secret, createdBy: actorId })
    .returning({ id: webhookEndpoints.id });
  return { id: row!.id, secret };
}

export const WEBHOOK_LIST_PAGE_SIZE = 25;

export async function listWebhookEndpoints({ query = "", page = 1 }: { query?: string; page?: number }) {
  const where = anyColumnContains({ columns: [webhookEndpoints.url, webhookEndpoints.description], text: query, maxLength: 200 });
  const [{ total }] = (await db().select({ total: count() }).from(webhookEndpoints).where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / WEBHOOK_LIST_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const endpoints = await db()
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      disabledAt: webhookEndpoints.disabledAt,
      createdAt: webhookEndpoints.createdAt,
      failed: sql<number>`(select count(*)::int from webhook_deliveries d where d.endpoint_id = ${webhookEndpoints.id} and d.status = 'failed')`,
    })
    .from(webhookEndpoints)
    .where(where)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(WEBHOOK_LIST_PAGE_SIZE)
    .offset((current - 1) * WEBHOOK_LIST_PAGE_SIZE);
  return { endpoints, total, page: current, pageCount };
}

export const DELIVERY_PAGE_SIZE = 25;

/** An endpoint and a page of its delivery log, newest first; null when there is none. */
export async function getWebhookEndpoint({ endpointId, page = 1 }: { endpointId: string; page?: number }) {
  const [endpoint] = await db()
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      disabledAt: webhookEndpoints.disabledAt,
      disabledReason: webhookEndpoints.disabledReason,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) return null;
  const [{ total }] = (await db()
    .select({ total: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / DELIVERY_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const deliveries = await db()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_PAGE_SIZE)
    .offset((current - 1) * DELIVERY_PAGE_SIZE);
  return { endpoint, deliveries, total, page: current, pageCount };
}

export async function setWebhookEndpointEnabled({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const [row] = await db()
    .update(webhookEndpoints)
    .set(
      enabled
        ? { disabledAt: null, disabledReason: null, failingSince: null }
        : { disabledAt: new Date(), disabledReason: "Disabled by an admin" },
    )
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new WebhookEndpointNotFoundError(endpointId);
}

export async function deleteWebhookEndpoint({ endpointId }: { endpointId: string }) {
  const [row] = await db().delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).returning({ id: webhookEndpoints.id });
  if (!row) throw new WebhookEndpointNotFoundError(endpointId);
}

/** "Send test event": a `webhook.test` delivery to this endpoint alone, through the queue like any other. */
export async function sendTestWebhook({ endpointId }: { endpointId: string }) {
  return db().transaction(async (tx) => {
    const [endpoint] = await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint) throw new WebhookEndpointNotFoundError(endpointId);
    const body = JSON.stringify({
      type: TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { message: "A test event from Admin → Developers → Webhooks." },
    });
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId, event: TEST_EVENT, body })
      .returning({ id: webhookDeliveries.id });
    await enqueue(tx, JOB_QUEUE.webhook, { deliveryId: row!.id });
    return row!.id;
  });
}

/** Redeliver: the same delivery (same id and body, so a receiver can tell a repeat) sent again. */
export async function redeliverWebhook({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", error: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .returning({ id: webhookDeliveries.id });
    if (!row) throw new WebhookEndpointNotFoundError(endpointId);
    await enqueue(tx, JOB_QUEUE.webhook, { deliveryId });
  });
}

// Sending ------------------------------------------------------------------------------------

export type WebhookAttempt = { status: number | null; durationMs: number; error: string | null; responseBody: string };

/** The signed headers of a delivery, as Standard Webhooks defines them. */
export function signWebhook({ secret, id, body, at = new Date() }: { secret: string; id: string; body: string; at?: Date }) {
  const signature = new Webhook(secret).sign(id, at, body);
  return { "webhook-id": id, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature };
}

/**
 * One POST: the address checked again (and the connection made to the checked address only), 5 s
 * for the whole exchange, no redirect followed (a 3xx is a failure), at most 64 KB of the answer read.
 */
export async function postWebhook({
  url,
  headers,
  body,
}: {
  url: string;
  headers: Record<string, string>;
  body: string;
}): Promise<WebhookAttempt> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  let target: URL;
  let allowed: boolean;
  try {
    await checkWebhookUrl(url);
    ({ url: target, allowed } = parseWebhookUrl(url));
  } catch (error) {
    return { status: null, durationMs: elapsed(), error: (error as Error).message, responseBody: "" };
  }
  const client = target.protocol === "https:" ? https : http;
  return new Promise<WebhookAttempt>((resolve) => {
    let settled = false;
    const finish = (attempt: WebhookAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(attempt);
    };
    const request = client.request(
      target,
      {
        method: "POST",
        lookup: guardedLookup(allowed),
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "course-site-webhooks/1",
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let received = 0;
        const done = () => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          finish({
            status,
            durationMs: elapsed(),
            error: ok
              ? null
              : status >= 300 && status < 400
                ? `Redirect to ${response.headers.location ?? "?"} not followed`
                : `HTTP ${status}`,
            responseBody: Buffer.concat(chunks).toString("utf8"),
          });
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          const room = WEBHOOK_MAX_RESPONSE_BYTES - received;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          received += chunk.length;
          if (received >= WEBHOOK_MAX_RESPONSE_BYTES) done();
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`));
    }, WEBHOOK_TIMEOUT_MS);
    request.on("error", (error) => finish({ status: null, durationMs: elapsed(), error: error.message, responseBody: "" }));
    request.end(body);
  });
}

/**
 * The `webhook` queue's job. A delivery already succeeded is left alone (a redelivery sets it
 * back to pending first). A failure is recorded and thrown, so the queue retries it; on the last
 * attempt it stays failed. Three days of failures disable the endpoint and mail its maker.
 */
export async function deliverQueuedWebhook(data: Record<string, unknown>, job: Pick<JobContext, "isLastAttempt">) {
  const deliveryId = String(data.deliveryId ?? "");
  const [row] = await db()
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.delivery.status === "succeeded") return;
  const { delivery, endpoint } = row;
  if (endpoint.disabledAt) {
    await db()
      .update(webhookDeliveries)
      .set({ status: "failed", error: "The endpoint is disabled" })
      .where(eq(webhookDeliveries.id, deliveryId));
    return;
  }
  const attempt = await postWebhook({
    url: endpoint.url,
    headers: signWebhook({ secret: endpoint.secret, id: delivery.id, body: delivery.body }),
    body: delivery.body,
  });
  const succeeded = attempt.error === null;
  const now = new Date();
  await db().transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status: succeeded ? "succeeded" : job.isLastAttempt ? "failed" : "pending",
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        responseStatus: attempt.status,
        durationMs: attempt.durationMs,
        error: attempt.error,
        lastAttemptAt: now,
      })
      .where(eq(webhookDeliveries.id, deliveryId));
    if (succeeded) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ failingSince: webhookEndpoints.failingSince });
    if (updated?.failingSince && now.getTime() - updated.failingSince.getTime() >= DISABLE_AFTER_MS) {
      await disableFailingEndpoint({ tx, endpointId: endpoint.id, url: endpoint.url, createdBy: endpoint.createdBy });
    }
  });
  if (!succeeded && !job.isLastAttempt) throw new Error(`Webhook delivery failed: ${attempt.error}`);
  if (!succeeded) logger.warn({ deliveryId, endpointId: endpoint.id, error: attempt.error }, "webhook delivery failed for good");
}

async function disableFailingEndpoint({
  tx,
  endpointId,
  url,
  createdBy,
}: {
  tx: Queryable;
  endpointId: string;
  url: string;
  createdBy: string | null;
}) {
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: new Date(), disabledReason: "Every delivery failed for three days" })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  if (!disabled) return;
  const [owner] = createdBy ? await tx.select({ email: users.email }).from(users).where(eq(users.id, createdBy)) : [];
  if (!owner) return;
  const page = `${getConfig().publicUrl}/admin/developers/webhooks/${endpointId}`;
  await sendMail(
    {
      kind: "other",
      key: `webhook-disabled:${endpointId}:${Date.now()}`,
      to: owner.email,
      subject: "A webhook endpoint was disabled",
      text: `Every delivery to ${url} has failed for three days, so the school stopped sending to it.\n\nSee its delivery log, then enable it again: ${page}\n`,
      html: `<p>Every delivery to <strong>${escapeHtml(url)}</strong> has failed for three days, so the school stopped sending to it.</p><p><a href="${escapeHtml(page)}">See its delivery log</a>, then enable it again.</p>`,
    },
    { database: tx },
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
