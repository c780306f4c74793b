import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Stripe from "stripe";
import { getConfig } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { courses, users } from "~/server/db/schema";
import { unique } from "./test-database";
import { deliverQueuedMailNow } from "./mail-queue";

/** Shared pieces of the payments tests: buyers, courses for sale, the outbox, and a Stripe double. */

export async function createBuyer() {
  const id = unique("buyer");
  const email = `${id}@example.test`;
  await db()
    .insert(users)
    .values({ id, email, name: `Buyer ${id}`, emailVerified: true });
  return { id, email };
}

export async function createCourseForSale({
  priceCents = 19700,
  status = "published",
}: { priceCents?: number; status?: "draft" | "published" } = {}) {
  const [course] = await db()
    .insert(courses)
    .values({ title: `Course ${unique("c")}`, slug: unique("course"), status, priceCents })
    .returning({ id: courses.id, title: courses.title, slug: courses.slug, priceCents: courses.priceCents });
  return course!;
}

/** The outbox messages (as text) addressed to `email`. */
export async function mailsTo(email: string) {
  await deliverQueuedMailNow();
  const dir = getConfig().mail.outboxDir;
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(names.map((name) => fs.readFile(path.join(dir, name), "utf8")));
  return texts.filter((text) => text.includes(email)).map((text) => text.replace(/=\r?\n/g, ""));
}

export type StripeDoubleRequest = { method: string; path: string; form: URLSearchParams; idempotencyKey: string | undefined };

/**
 * A small local HTTP double of the Stripe endpoints the app calls (Stripe's own mock server cannot
 * be installed here): Checkout Sessions, billing-portal sessions and refunds. It answers the way
 * Stripe's API does (form-encoded requests, JSON objects, Stripe's error shape) and records every
 * request for the test to read. `failNext` makes the next call fail as Stripe would.
 */
export async function startStripeDouble() {
  const requests: StripeDoubleRequest[] = [];
  let counter = 0;
  let failure: { status: number; message: string } | null = null;

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stripe.double");
      const form = new URLSearchParams(body);
      requests.push({
        method: req.method ?? "",
        path: url.pathname,
        form,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${++counter}` });
        res.end(JSON.stringify(value));
      };
      if (failure) {
        const { status, message } = failure;
        failure = null;
        return send(status, { error: { type: status >= 500 ? "api_error" : "invalid_request_error", message } });
      }
      const n = ++counter;
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const id = `cs_test_double_${n}`;
        return send(200, {
          id,
          object: "checkout.session",
          mode: form.get("mode"),
          client_reference_id: form.get("client_reference_id"),
          customer: form.get("customer"),
          customer_email: form.get("customer_email"),
          payment_status: "unpaid",
          status: "open",
          url: `https://checkout.stripe.com/c/pay/${id}`,
        });
      }
      if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
        return send(200, {
          id: `bps_double_${n}`,
          object: "billing_portal.session",
          customer: form.get("customer"),
          return_url: form.get("return_url"),
          url: `https://billing.stripe.com/p/session/test_${n}`,
        });
      }
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        return send(200, { id: `re_double_${n}`, object: "refund", payment_intent: form.get("payment_intent"), status: "succeeded" });
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const client = new Stripe("sk_test_double", { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
  return {
    client,
    requests,
    failNext(status: number, message = "The double was told to fail") {
      failure = { status, message };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;

let eventCounter = 0;

/** A Stripe event as Stripe sends it, with a unique id unless given. */
export function stripeEvent(type: string, object: Record<string, unknown>, { id, created }: { id?: string; created?: number } = {}) {
  return {
    id: id ?? `evt_test_${Date.now().toString(36)}_${++eventCounter}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** The payload and Stripe-Signature header of one delivery, signed with the SDK's own test helper. */
export function signedDelivery(stripe: Stripe, event: object, { secret, timestamp }: { secret: string; timestamp?: number }) {
  const payload = JSON.stringify(event);
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}
