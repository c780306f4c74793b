import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as payments from "../../../tests/support/payments";
import { useTestDatabase } from "../../../tests/support/test-database";
import { hasActiveMembership } from "~/server/access/membership.server";
import { accessEvents, orders, subscriptions } from "~/server/db/schema";
import { startCheckout } from "./checkout.server";

/**
 * Stripe's side of two tabs paying for the same thing, and of a membership refunded in Stripe's
 * dashboard: signed webhook deliveries, the API calls answered by the local double.
 */

const { completedSession, createBuyer, createCourseForSale, mailsTo, ordersOf, stripeEvent } = payments;
const database = useTestDatabase(payments.STRIPE_TEST_CONFIG);
const stripe = payments.useStripeDouble();
const eventTypesOf = async (userId: string) =>
  (await database().db.select({ type: accessEvents.type }).from(accessEvents).where(eq(accessEvents.userId, userId)))
    .map((row) => row.type)
    .sort();
const deliver = (event: object) => payments.deliverStripeEvent(stripe, event);
const callsTo = (method: string, path: string) => stripe.requests.filter((call) => call.method === method && call.path === path);

/** A membership checkout's completion: Stripe's subscription and first invoice, named after the order. */
const membershipCompletion = (order: { id: string; checkoutSessionId: string | null; amountCents: number }) => {
  const suffix = order.id.slice(0, 8);
  return completedSession(order, {
    mode: "subscription",
    payment_intent: null,
    invoice: `in_m_${suffix}`,
    subscription: `sub_m_${suffix}`,
  });
};

async function startTwoCheckouts(buyerId: string, item: Parameters<typeof startCheckout>[0]["item"]) {
  for (let tab = 0; tab < 2; tab++) {
    const started = await startCheckout({ userId: buyerId, item });
    if (started.status !== "redirect") throw new Error(`expected a redirect, got ${started.status}`);
  }
  return ordersOf(buyerId);
}

describe("two tabs paying for the same thing at Stripe", () => {
  it("keeps one course purchase and refunds the other through Stripe", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 12900 });
    const pending = await startTwoCheckouts(buyer.id, { courseId: course.id });

    const answers = await Promise.all(pending.map((order) => deliver(completedSession(order))));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const rows = await ordersOf(buyer.id);
    expect(rows.map((order) => order.status).sort()).toEqual(["paid", "refunded"]);
    const duplicate = rows.find((order) => order.status === "refunded")!;
    const refunds = callsTo("POST", "/v1/refunds").filter((call) => call.form.get("metadata[orderId]") === duplicate.id);
    expect(refunds.map((call) => call.form.get("payment_intent"))).toEqual([`pi_${duplicate.id.slice(0, 8)}`]);
    expect(await eventTypesOf(buyer.id)).toEqual(["grant", "purchase", "refund"]);
    expect((await mailsTo(buyer.email)).some((mail) => mail.includes(`Subject: Your payment for ${course.title} was refunded`))).toBe(true);
  });

  it("keeps one membership, and cancels and refunds the second subscription at Stripe", async () => {
    const buyer = await createBuyer();
    const pending = await startTwoCheckouts(buyer.id, { plan: "monthly" });

    const answers = await Promise.all(pending.map((order) => deliver(membershipCompletion(order))));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const rows = await ordersOf(buyer.id);
    expect(rows.map((order) => order.status).sort()).toEqual(["paid", "refunded"]);
    const kept = rows.find((order) => order.status === "paid")!;
    const duplicate = rows.find((order) => order.status === "refunded")!;
    const suffix = duplicate.id.slice(0, 8);
    expect(callsTo("DELETE", `/v1/subscriptions/sub_m_${suffix}`)).toHaveLength(1);
    const refunds = callsTo("POST", "/v1/refunds").filter((call) => call.form.get("metadata[orderId]") === duplicate.id);
    expect(refunds.map((call) => call.form.get("payment_intent"))).toEqual([`pi_m_${suffix}`]);
    const live = await database().db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
    expect(live.map((row) => [row.providerSubscriptionId, row.status])).toEqual([[`sub_m_${kept.id.slice(0, 8)}`, "active"]]);
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);
    expect(await eventTypesOf(buyer.id)).toEqual(["membership_started", "refund"]);
  });
});

describe("a membership refunded in Stripe's dashboard", () => {
  async function paidMembership() {
    const buyer = await createBuyer();
    await startCheckout({ userId: buyer.id, item: { plan: "yearly" } });
    const [order] = await ordersOf(buyer.id);
    await deliver(membershipCompletion(order!));
    return { buyer, order: order!, paymentIntent: `pi_m_${order!.id.slice(0, 8)}` };
  }

  const refundedCharge = (paymentIntent: string) =>
    stripeEvent("charge.refunded", {
      id: `ch_${paymentIntent.slice(3)}`,
      object: "charge",
      payment_intent: paymentIntent,
      refunded: true,
      amount: 97000,
    });

  it("stores the first invoice's payment, so charge.refunded finds the order and marks it refunded", async () => {
    const { buyer, paymentIntent } = await paidMembership();
    expect((await ordersOf(buyer.id))[0]).toMatchObject({ status: "paid", paymentId: paymentIntent });

    expect((await deliver(refundedCharge(paymentIntent))).body.outcome).toBe("refunded");

    expect((await ordersOf(buyer.id))[0]).toMatchObject({ status: "refunded" });
    expect(await eventTypesOf(buyer.id)).toEqual(["membership_started", "refund"]);
  });

  it("finds an order stored before the fix, by the invoice its payment paid", async () => {
    const { buyer, order, paymentIntent } = await paidMembership();
    await database()
      .db.update(orders)
      .set({ paymentId: `in_m_${order.id.slice(0, 8)}` })
      .where(eq(orders.id, order.id));

    expect((await deliver(refundedCharge(paymentIntent))).body.outcome).toBe("refunded");

    expect((await ordersOf(buyer.id))[0]).toMatchObject({ status: "refunded" });
  });
});
