import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { getConfig } from "~/server/platform/config.server";
import { db } from "~/server/db/client.server";
import { asc, eq } from "drizzle-orm";
import { courses, orders, users } from "~/server/db/schema";
import { setStripeClient } from "~/server/payments/stripe-client.server";
import { processStripeWebhook } from "~/server/payments/stripe-webhook.server";
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

/** The user's orders, oldest first. */
export const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));

/** The outbox messages (as text) addressed to `email`. */
export async function mailsTo(email: string) {
  await deliverQueuedMailNow();
  const dir = getConfig().mail.outboxDir;
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(names.map((name) => fs.readFile(path.join(dir, name), "utf8")));
  return texts.filter((text) => text.includes(email)).map((text) => text.replace(/=\r?\n/g, ""));
}

/** A list of invoice payments as Stripe answers it: one paid PaymentIntent, or nothing. */
function invoicePayments(invoiceId: string | null, paymentIntent: string | null) {
  const data = invoiceId
    ? [
        {
          id: `inpay_${invoiceId.slice(3)}`,
          object: "invoice_payment",
          invoice: invoiceId,
          status: "paid",
          payment: { type: "payment_intent", payment_intent: paymentIntent },
        },
      ]
    : [];
  return { object: "list", data, has_more: false, url: "/v1/invoice_payments" };
}

export type StripeDoubleRequest = { method: string; path: string; form: URLSearchParams; idempotencyKey: string | undefined };

/**
 * A small local HTTP double of the Stripe endpoints the app calls (Stripe's own mock server cannot
 * be installed here): Checkout Sessions, coupons, billing-portal sessions, refunds, invoices and their
 * payments, canceling a subscription or setting when it ends, and reading a Price. It answers the way Stripe's API does (form-encoded
 * requests, JSON objects, Stripe's error shape) and records every request for the test to read. `failNext` makes the next call fail as Stripe would.
 */
export async function startStripeDouble() {
  const requests: StripeDoubleRequest[] = [];
  let counter = 0;
  let failure: { status: number; message: string } | null = null;
  let chargeDecline: string | null = null;
  const prices = new Map<string, { unit_amount: number; currency: string }>();

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
          // Stripe Tax's switches as Stripe echoes them: the tax is computed once the buyer gives an address.
          automatic_tax: {
            enabled: form.get("automatic_tax[enabled]") === "true",
            liability: null,
            status: form.get("automatic_tax[enabled]") === "true" ? "requires_location_inputs" : null,
          },
          billing_address_collection: form.get("billing_address_collection"),
          tax_id_collection: { enabled: form.get("tax_id_collection[enabled]") === "true" },
          customer_details: null,
          total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
          payment_status: "unpaid",
          status: "open",
          url: `https://checkout.stripe.com/c/pay/${id}`,
        });
      }
      if (req.method === "POST" && url.pathname === "/v1/coupons") {
        return send(200, {
          id: `coupon_double_${n}`,
          object: "coupon",
          amount_off: Number(form.get("amount_off")),
          currency: form.get("currency"),
          duration: form.get("duration"),
          max_redemptions: Number(form.get("max_redemptions")),
          name: form.get("name"),
          valid: true,
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
      // Invoices and their payments: invoice `in_X` was paid by PaymentIntent `pi_X`, and back.
      const invoice = /^\/v1\/invoices\/(in_[\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && invoice) {
        const id = invoice[1]!;
        return send(200, { id, object: "invoice", status: "paid", payments: invoicePayments(id, `pi_${id.slice(3)}`) });
      }
      if (req.method === "GET" && url.pathname === "/v1/invoice_payments") {
        const paymentIntent = url.searchParams.get("payment[payment_intent]") ?? "";
        return send(
          200,
          paymentIntent.startsWith("pi_") ? invoicePayments(`in_${paymentIntent.slice(3)}`, paymentIntent) : invoicePayments(null, null),
        );
      }
      // Prices the test set with `setPrice` (the configured STRIPE_PRICE_MONTHLY/_YEARLY).
      const price = /^\/v1\/prices\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && price) {
        const found = prices.get(price[1]!);
        if (!found)
          return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such price: '${price[1]}'` } });
        return send(200, { id: price[1], object: "price", active: true, type: "recurring", ...found });
      }
      // PaymentIntents (one-click upsells, docs/decisions/070): `pi_X` was paid by customer `cus_X` with
      // card `pm_X`; a new off-session one succeeds, unless `declineNextCharge` makes the bank refuse it.
      const paymentIntent = /^\/v1\/payment_intents\/(pi_[\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && paymentIntent) {
        const id = paymentIntent[1]!;
        return send(200, {
          id,
          object: "payment_intent",
          status: "succeeded",
          customer: `cus_${id.slice(3)}`,
          payment_method: `pm_${id.slice(3)}`,
        });
      }
      if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
        if (chargeDecline) {
          const code = chargeDecline;
          chargeDecline = null;
          return send(402, {
            error: {
              type: "card_error",
              code,
              decline_code: code === "card_declined" ? "insufficient_funds" : undefined,
              message: "Your card was declined.",
            },
          });
        }
        return send(200, {
          id: `pi_offsession_${n}`,
          object: "payment_intent",
          status: "succeeded",
          amount: Number(form.get("amount")),
          currency: form.get("currency"),
          customer: form.get("customer"),
          payment_method: form.get("payment_method"),
        });
      }
      const subscription = /^\/v1\/subscriptions\/(sub_[\w-]+)$/.exec(url.pathname);
      if (req.method === "POST" && subscription) {
        const cancelAt = form.get("cancel_at");
        return send(200, { id: subscription[1], object: "subscription", status: "active", cancel_at: cancelAt ? Number(cancelAt) : null });
      }
      if (req.method === "DELETE" && subscription) {
        return send(200, { id: subscription[1], object: "subscription", status: "canceled", canceled_at: Math.floor(Date.now() / 1000) });
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
    /** What `GET /v1/prices/:id` answers for this Price from now on. */
    setPrice(id: string, price: { unit_amount: number; currency: string }) {
      prices.set(id, price);
    },
    /** The next off-session charge is refused by the bank with this code (`card_declined`, `authentication_required`). */
    declineNextCharge(code = "card_declined") {
      chargeDecline = code;
    },
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

/** The webhook secret and the configuration of a test file that talks to the Stripe double. */
export const STRIPE_WEBHOOK_TEST_SECRET = "whsec_test_secret_for_the_double";
export const STRIPE_TEST_CONFIG = { STRIPE_SECRET_KEY: "sk_test_double", STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_TEST_SECRET };

/** The Stripe double as the app's Stripe client for the enclosing file or describe block. */
export function useStripeDouble(): StripeDouble {
  const stripe = {} as StripeDouble;
  beforeAll(async () => {
    Object.assign(stripe, await startStripeDouble());
    setStripeClient(stripe.client);
  });
  afterAll(async () => {
    setStripeClient(undefined);
    await stripe.close();
  });
  return stripe;
}

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

/** Stripe's checkout.session.completed for one of our orders, paid, as a course payment unless `extra` says otherwise. */
export function completedSession(
  order: { id: string; checkoutSessionId: string | null; amountCents: number },
  extra: Record<string, unknown> = {},
) {
  return stripeEvent("checkout.session.completed", {
    id: order.checkoutSessionId,
    object: "checkout.session",
    mode: "payment",
    client_reference_id: order.id,
    payment_status: "paid",
    status: "complete",
    amount_total: order.amountCents,
    currency: "usd",
    customer: `cus_${order.id.slice(0, 8)}`,
    payment_intent: `pi_${order.id.slice(0, 8)}`,
    subscription: null,
    invoice: null,
    ...extra,
  });
}

/** Delivers an event to the webhook as Stripe would: signed with the endpoint's secret (or another, to be refused). */
export function deliverStripeEvent(
  stripe: StripeDouble,
  event: object,
  { secret = STRIPE_WEBHOOK_TEST_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
) {
  return processStripeWebhook(signedDelivery(stripe.client, event, { secret, timestamp }));
}

/**
 * What a completed session carries when Stripe Tax charged tax: the total with it, the tax in
 * `total_details`, and the buyer's name, address and validated tax ID in `customer_details`.
 */
export function taxedSessionFields({
  netCents,
  taxCents,
  name = "Beispiel GmbH",
  address = { line1: "Hauptstraße 1", line2: null, postal_code: "10115", city: "Berlin", state: null, country: "DE" },
  taxId = { type: "eu_vat", value: "DE123456789" },
}: {
  netCents: number;
  taxCents: number;
  name?: string | null;
  address?: Record<string, string | null> | null;
  taxId?: { type: string; value: string } | null;
}) {
  return {
    amount_subtotal: netCents,
    amount_total: netCents + taxCents,
    automatic_tax: { enabled: true, liability: null, status: "complete" },
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: taxCents },
    customer_details: {
      email: "buyer@example.test",
      name,
      address,
      phone: null,
      tax_exempt: "none",
      tax_ids: taxId ? [taxId] : [],
    },
  };
}
