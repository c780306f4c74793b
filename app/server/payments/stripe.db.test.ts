import type { AddressInfo } from "node:net";
import { addDays } from "date-fns";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  completedSession,
  createBuyer,
  createCourseForSale,
  deliverStripeEvent,
  ordersOf,
  signedDelivery,
  STRIPE_TEST_CONFIG,
  STRIPE_WEBHOOK_TEST_SECRET,
  stripeEvent,
  useStripeDouble,
} from "../../../tests/support/payments";
import { sendRaw } from "../../../tests/support/raw-http";
import { useTestDatabase } from "../../../tests/support/test-database";
import { createApp } from "../../../server";
import { hasActiveMembership } from "~/server/access/membership.server";
import { getConfig } from "~/server/platform/config.server";
import { accessEvents, enrollments, paymentWebhookEvents, subscriptions, users } from "~/server/db/schema";
import { cancelMembership, refundOrder } from "./billing.server";
import { startCheckout } from "./checkout.server";
import { PaymentProviderError } from "./providers.server";
import { processStripeWebhook } from "./stripe-webhook.server";

const SECRET = STRIPE_WEBHOOK_TEST_SECRET;
const database = useTestDatabase(STRIPE_TEST_CONFIG);

const stripe = useStripeDouble();

const eventsOf = (userId: string) =>
  database().db.select().from(accessEvents).where(eq(accessEvents.userId, userId)).orderBy(asc(accessEvents.createdAt));
const enrollmentOf = async (userId: string, courseId: string) =>
  (
    await database()
      .db.select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
  )[0];

const deliver = (event: object, options?: { secret?: string; timestamp?: number }) => deliverStripeEvent(stripe, event, options);

/** Starts a Stripe checkout for a course and answers the session Stripe created. */
async function startCourseCheckout() {
  const buyer = await createBuyer();
  const course = await createCourseForSale({ priceCents: 24900 });
  const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
  if (started.status !== "redirect") throw new Error(`expected a redirect, got ${started.status}`);
  const [order] = await ordersOf(buyer.id);
  return { buyer, course, started, order: order! };
}

describe("Stripe Checkout (against the local double)", () => {
  it("creates a payment session with our price, our order id and the buyer's e-mail, and leaves the order pending", async () => {
    const { buyer, course, started, order } = await startCourseCheckout();

    const call = stripe.requests.at(-1)!;
    expect(call.path).toBe("/v1/checkout/sessions");
    expect(call.idempotencyKey).toBe(`checkout-${order.id}`);
    expect(Object.fromEntries(call.form)).toMatchObject({
      mode: "payment",
      client_reference_id: order.id,
      customer_email: buyer.email,
      customer_creation: "always",
      "line_items[0][price_data][unit_amount]": "24900",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][product_data][name]": course.title,
      "line_items[0][quantity]": "1",
      "metadata[orderId]": order.id,
      success_url: "http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}",
    });
    expect(started.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_double_/);
    expect(order).toMatchObject({ status: "pending", provider: "stripe" });
    expect(order.checkoutSessionId).toMatch(/^cs_test_double_/);
    expect(await enrollmentOf(buyer.id, course.id)).toBeUndefined();
  });

  it("asks for a monthly subscription at the settings' price, and reuses the buyer's Stripe customer", async () => {
    const buyer = await createBuyer();
    await database()
      .db.update(users)
      .set({ stripeCustomerId: `cus_${buyer.id}` })
      .where(eq(users.id, buyer.id));
    await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });
    const form = Object.fromEntries(stripe.requests.at(-1)!.form);
    expect(form).toMatchObject({
      mode: "subscription",
      customer: `cus_${buyer.id}`,
      "line_items[0][price_data][unit_amount]": "9700",
      "line_items[0][price_data][recurring][interval]": "month",
      "subscription_data[metadata][userId]": buyer.id,
      "subscription_data[metadata][plan]": "monthly",
    });
    expect(form.customer_email).toBeUndefined();
  });

  it("marks the order failed and charges nothing when Stripe refuses", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    stripe.failNext(400, "Invalid currency");
    await expect(startCheckout({ userId: buyer.id, item: { courseId: course.id } })).rejects.toBeInstanceOf(PaymentProviderError);
    expect((await ordersOf(buyer.id)).map((order) => order.status)).toEqual(["failed"]);
  });

  it("opens the billing portal for the member's Stripe customer to cancel", async () => {
    const buyer = await createBuyer();
    await database()
      .db.update(users)
      .set({ stripeCustomerId: `cus_portal_${buyer.id}` })
      .where(eq(users.id, buyer.id));
    await database()
      .db.insert(subscriptions)
      .values({
        userId: buyer.id,
        plan: "monthly",
        status: "active",
        provider: "stripe",
        providerSubscriptionId: `sub_portal_${buyer.id}`,
        currentPeriodEnd: addDays(new Date(), 20),
      });
    const result = await cancelMembership({ userId: buyer.id });
    expect(result.redirectUrl).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const call = stripe.requests.at(-1)!;
    expect(call.path).toBe("/v1/billing_portal/sessions");
    expect(Object.fromEntries(call.form)).toEqual({
      customer: `cus_portal_${buyer.id}`,
      return_url: "http://localhost:3000/account#membership",
    });
  });
});

describe("POST /api/webhooks/stripe", () => {
  it("fulfils a signed checkout.session.completed: order paid, access granted, the Stripe customer kept", async () => {
    const { buyer, course, order } = await startCourseCheckout();
    const answer = await deliver(completedSession(order, { customer: `cus_${buyer.id}` }));

    expect(answer).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
    const [paid] = await ordersOf(buyer.id);
    expect(paid).toMatchObject({ status: "paid", paymentId: `pi_${order.id.slice(0, 8)}` });
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "active", source: "purchase" });
    const [user] = await database().db.select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, buyer.id));
    expect(user!.customer).toBe(`cus_${buyer.id}`);
  });

  it("refuses a tampered payload, a wrong secret and a stale timestamp, and changes nothing", async () => {
    const { buyer, order } = await startCourseCheckout();
    const event = completedSession(order);
    const { payload, signature } = signedDelivery(stripe.client, event, { secret: SECRET });
    const tampered = payload.replace('"amount_total":24900', '"amount_total":1');

    const answers = [
      await processStripeWebhook({ payload: tampered, signature }),
      await deliver(event, { secret: "whsec_someone_else" }),
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await processStripeWebhook({ payload, signature: undefined }),
    ];

    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
    expect((await ordersOf(buyer.id))[0]).toMatchObject({ status: "pending" });
    const [stored] = await database().db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, event.id));
    expect(stored).toBeUndefined();
  });

  it("changes nothing on a replay or on concurrent duplicates of one event", async () => {
    const { buyer, order } = await startCourseCheckout();
    const event = completedSession(order);

    const concurrent = await Promise.all([1, 2, 3, 4].map(() => deliver(event)));
    const replay = await deliver(event);

    expect(concurrent.map((answer) => answer.body.outcome).sort()).toEqual(["duplicate", "duplicate", "duplicate", "paid"]);
    expect(replay.body.outcome).toBe("duplicate");
    expect((await eventsOf(buyer.id)).map((row) => row.type)).toEqual(["purchase", "grant"]);
    const stored = await database().db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, event.id));
    expect(stored).toHaveLength(1);
  });

  it("does not grant access before a delayed payment succeeds", async () => {
    const { buyer, course, order } = await startCourseCheckout();
    expect((await deliver(completedSession(order, { payment_status: "unpaid" }))).body.outcome).toBe("awaiting-payment");
    expect(await enrollmentOf(buyer.id, course.id)).toBeUndefined();
    const succeeded = stripeEvent("checkout.session.async_payment_succeeded", completedSession(order).data.object);
    expect((await deliver(succeeded)).body.outcome).toBe("paid");
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "active" });
  });

  it("expires an abandoned checkout's order", async () => {
    const { buyer, order } = await startCourseCheckout();
    const expired = stripeEvent("checkout.session.expired", {
      id: order.checkoutSessionId,
      object: "checkout.session",
      client_reference_id: order.id,
    });
    expect((await deliver(expired)).body.outcome).toBe("closed");
    expect((await ordersOf(buyer.id))[0]).toMatchObject({ status: "expired" });
  });

  it("refunds on charge.refunded: the order is refunded and that course's access revoked; a partial refund changes nothing", async () => {
    const { buyer, course, order } = await startCourseCheckout();
    await deliver(completedSession(order));
    const paymentIntent = `pi_${order.id.slice(0, 8)}`;
    const charge = { id: `ch_${order.id.slice(0, 8)}`, object: "charge", payment_intent: paymentIntent, amount: 24900 };

    expect((await deliver(stripeEvent("charge.refunded", { ...charge, refunded: false, amount_refunded: 100 }))).body.outcome).toBe(
      "partial-refund",
    );
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "active" });

    const refunded = stripeEvent("charge.refunded", { ...charge, refunded: true, amount_refunded: 24900 });
    expect((await deliver(refunded)).body.outcome).toBe("refunded");
    expect((await deliver(refunded)).body.outcome).toBe("duplicate");

    expect((await ordersOf(buyer.id))[0]).toMatchObject({ status: "refunded" });
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "revoked" });
    expect((await eventsOf(buyer.id)).map((row) => row.type)).toEqual(["purchase", "grant", "refund", "revoke"]);
  });

  it("refunds a Stripe course order from our side through the refunds endpoint; the webhook that follows changes nothing", async () => {
    const { buyer, course, order } = await startCourseCheckout();
    await deliver(completedSession(order));
    const paymentIntent = `pi_${order.id.slice(0, 8)}`;

    expect(await refundOrder({ orderId: order.id, actorId: null })).toEqual({ refunded: true, itemTitle: course.title });
    const call = stripe.requests.at(-1)!;
    expect([call.path, call.form.get("payment_intent"), call.idempotencyKey]).toEqual(["/v1/refunds", paymentIntent, `refund-${order.id}`]);
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "revoked" });

    const echo = stripeEvent("charge.refunded", { id: "ch_echo", object: "charge", payment_intent: paymentIntent, refunded: true });
    expect((await deliver(echo)).body.outcome).toBe("unchanged");
  });

  it("refuses to refund a Stripe membership from our side without asking Stripe: it is refunded and canceled there", async () => {
    const buyer = await createBuyer();
    await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });
    const [order] = await ordersOf(buyer.id);
    const suffix = order!.id.slice(0, 8);
    await deliver(
      completedSession(order!, { mode: "subscription", payment_intent: null, invoice: `in_r_${suffix}`, subscription: `sub_r_${suffix}` }),
    );
    const calls = stripe.requests.length;

    await expect(refundOrder({ orderId: order!.id, actorId: null })).rejects.toMatchObject({ reason: "membership-at-stripe" });
    expect(stripe.requests).toHaveLength(calls);
    expect((await ordersOf(buyer.id))[0]).toMatchObject({ status: "paid" });
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);
  });

  it("runs a membership from checkout to its end: started, canceled at period end, deleted", async () => {
    const buyer = await createBuyer();
    await startCheckout({ userId: buyer.id, item: { plan: "yearly" } });
    const [order] = await ordersOf(buyer.id);
    const subscriptionId = `sub_${order!.id.slice(0, 8)}`;
    const periodEnd = Math.floor(addDays(new Date(), 365).getTime() / 1000);

    await deliver(
      completedSession(order!, {
        mode: "subscription",
        payment_intent: null,
        invoice: `in_${order!.id.slice(0, 8)}`,
        subscription: subscriptionId,
      }),
    );
    const [started] = await database().db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect(started).toMatchObject({ userId: buyer.id, plan: "yearly", status: "active", provider: "stripe" });
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);

    const subscription = (fields: Record<string, unknown>) => ({
      id: subscriptionId,
      object: "subscription",
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      metadata: { userId: buyer.id, plan: "yearly", orderId: order!.id },
      items: { object: "list", data: [{ id: "si_1", object: "subscription_item", current_period_end: periodEnd }] },
      ...fields,
    });
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        subscription({ cancel_at_period_end: true, canceled_at: Math.floor(Date.now() / 1000) }),
      ),
    );
    const [ending] = await database().db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect(ending).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(ending!.currentPeriodEnd.getTime()).toBe(periodEnd * 1000);
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);

    await deliver(stripeEvent("customer.subscription.deleted", subscription({ status: "canceled", ended_at: periodEnd })));
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(false);
    // A late "updated" from before the deletion does not bring it back.
    expect((await deliver(stripeEvent("customer.subscription.updated", subscription({})))).body.outcome).toBe("ignored");
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(false);
    expect((await eventsOf(buyer.id)).map((row) => row.type)).toEqual(["membership_started", "membership_ended"]);
  });

  it("writes a subscription Stripe reports before the checkout completes, and links the order to it", async () => {
    const buyer = await createBuyer();
    await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });
    const [order] = await ordersOf(buyer.id);
    const subscriptionId = `sub_early_${order!.id.slice(0, 8)}`;
    const created = stripeEvent("customer.subscription.created", {
      id: subscriptionId,
      object: "subscription",
      status: "active",
      cancel_at_period_end: false,
      canceled_at: null,
      metadata: { userId: buyer.id, plan: "monthly" },
      items: { object: "list", data: [{ id: "si_2", current_period_end: Math.floor(addDays(new Date(), 30).getTime() / 1000) }] },
    });
    expect((await deliver(created)).body.outcome).toBe("created");
    await deliver(
      completedSession(order!, {
        mode: "subscription",
        payment_intent: null,
        invoice: `in_early_${order!.id.slice(0, 8)}`,
        subscription: subscriptionId,
      }),
    );
    const rows = await database().db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
    expect(rows).toHaveLength(1);
    expect((await ordersOf(buyer.id))[0]).toMatchObject({ status: "paid", subscriptionId: rows[0]!.id });
    expect((await eventsOf(buyer.id)).map((row) => row.type)).toEqual(["membership_started"]);
  });

  it("ends access by the period end alone when Stripe's last word was past_due and the period passed", async () => {
    const buyer = await createBuyer();
    await database()
      .db.insert(subscriptions)
      .values({
        userId: buyer.id,
        plan: "monthly",
        status: "past_due",
        provider: "stripe",
        providerSubscriptionId: `sub_past_${buyer.id}`,
        currentPeriodEnd: addDays(new Date(), -1),
      });
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(false);
  });

  describe("through the Express server", () => {
    async function withServer<T>(run: (base: string) => Promise<T>) {
      const build = vi.fn(() => Promise.reject(new Error("no React Router build in this test")));
      const server = createApp({ config: getConfig(), build }).listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      try {
        return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      } finally {
        server.closeAllConnections();
        server.close();
      }
    }

    it("verifies the raw body as sent, without a same-origin header, and refuses a bad signature", async () => {
      const { buyer, order } = await startCourseCheckout();
      const { payload, signature } = signedDelivery(stripe.client, completedSession(order), { secret: SECRET });
      await withServer(async (base) => {
        // Pretty-printed JSON: parsing and re-serialising would change the bytes and fail the signature.
        const bad = await fetch(`${base}/api/webhooks/stripe`, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature, origin: "https://evil.example" },
          body: JSON.stringify(JSON.parse(payload), null, 2),
        });
        expect(bad.status).toBe(400);
        const good = await fetch(`${base}/api/webhooks/stripe`, {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature, origin: "https://evil.example" },
          body: payload,
        });
        expect(good.status).toBe(200);
        expect(await good.json()).toEqual({ received: true, outcome: "paid" });
      });
      expect((await ordersOf(buyer.id))[0]).toMatchObject({ status: "paid" });
    });

    it("caps the webhook's body at 1 MB like every other body", async () => {
      await withServer(async (base) => {
        const answer = await sendRaw(`${base}/api/webhooks/stripe`, {
          headers: { "content-type": "application/json" },
          size: 2 * 1024 * 1024,
        });
        expect(answer.status).toBe(413);
      });
    });
  });

  it("keeps the first account's Stripe customer when a second account pays with the same customer", async () => {
    const first = await startCourseCheckout();
    const second = await startCourseCheckout();
    const customer = `cus_shared_${first.order.id.slice(0, 8)}`;
    await deliver(completedSession(first.order, { customer }));
    expect((await deliver(completedSession(second.order, { customer }))).body.outcome).toBe("paid");
    const owners = await database().db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customer));
    expect(owners).toEqual([{ id: first.buyer.id }]);
    expect(await enrollmentOf(second.buyer.id, second.course.id)).toMatchObject({ status: "active" });
  });
});
