import { addDays, addMonths } from "date-fns";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  completedSession,
  createBuyer,
  createCourseForSale,
  deliverStripeEvent,
  ordersOf,
  STRIPE_TEST_CONFIG,
  stripeEvent,
  useStripeDouble,
} from "../../../tests/support/payments";
import { useTestDatabase } from "../../../tests/support/test-database";
import { findCourseAccess } from "~/server/access/lesson-access.server";
import { createBundle } from "~/server/bundles/bundles.server";
import { orderLines, paymentPlans } from "~/server/db/schema";
import { refundOrder } from "./billing.server";
import { startCheckout } from "./checkout.server";
import { saveBundlePlan } from "./payment-plans.server";

/** A bundle's payment plan with Stripe (docs/decisions/073), against the local HTTP double. */

const database = useTestDatabase(STRIPE_TEST_CONFIG);
const stripe = useStripeDouble();

const planOf = async (userId: string) => (await database().db.select().from(paymentPlans).where(eq(paymentPlans.userId, userId)))[0]!;
const opens = async (userId: string, courseId: string) =>
  (await findCourseAccess({ user: { id: userId, role: "user" }, course: { id: courseId, status: "published" } })).kind === "open";

const invoiceOf = (id: string, subscription: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: "invoice",
  billing_reason: "subscription_cycle",
  amount_paid: 11000,
  currency: "usd",
  total_taxes: [],
  status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
  parent: { type: "subscription_details", subscription_details: { subscription } },
  ...extra,
});

/** A $200 bundle of two courses with a plan of 2 × $110, bought by the plan through Stripe Checkout and completed by the webhook. */
async function boughtByStripePlan() {
  const first = await createCourseForSale({ priceCents: 14900 });
  const second = await createCourseForSale({ priceCents: 9900 });
  const bundle = await createBundle({
    input: {
      title: "Stripe plan bundle",
      slug: `stripe-plan-bundle-${Math.random().toString(36).slice(2, 8)}`,
      description: "",
      coverUrl: null,
      priceCents: 20000,
      status: "published",
      courseIds: [first.id, second.id],
    },
  });
  await saveBundlePlan({ bundleId: bundle.id, payments: 2, instalmentCents: 11000 });
  const buyer = await createBuyer();
  const started = await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id }, withPlan: true });
  expect(started.status).toBe("redirect");
  const checkout = stripe.requests.filter((request) => request.path === "/v1/checkout/sessions").at(-1)!;
  const [order] = await ordersOf(buyer.id);
  const subscription = `sub_${order!.id.slice(0, 8)}`;
  const delivered = await deliverStripeEvent(
    stripe,
    completedSession(order!, {
      mode: "subscription",
      amount_total: 11000,
      payment_intent: null,
      invoice: `in_${order!.id.slice(0, 8)}`,
      subscription,
      metadata: { orderId: order!.id, userId: buyer.id, paymentPlanPayments: "2" },
    }),
  );
  expect(delivered.status).toBe(200);
  return { first, second, bundle, buyer, order: order!, subscription, checkout: Object.fromEntries(checkout.form) };
}

describe("a bundle's payment plan with Stripe (against the local double)", () => {
  it("checks out as a monthly subscription priced from the database, opens every course, and ends itself after N payments", async () => {
    const { first, second, bundle, buyer, order, subscription, checkout } = await boughtByStripePlan();
    expect(checkout).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "11000",
      "line_items[0][price_data][recurring][interval]": "month",
      "subscription_data[metadata][paymentPlanPayments]": "2",
    });
    expect(await planOf(buyer.id)).toMatchObject({ provider: "stripe", providerSubscriptionId: subscription, bundleId: bundle.id, paidCount: 1, status: "active" });
    expect(await opens(buyer.id, first.id)).toBe(true);
    expect(await opens(buyer.id, second.id)).toBe(true);
    const [paid] = await ordersOf(buyer.id);
    const ending = stripe.requests.filter((request) => request.method === "POST" && request.path === `/v1/subscriptions/${subscription}`).at(-1)!;
    const expected = addDays(addMonths(paid!.paidAt!, 2), -1).getTime();
    expect(Math.abs(Number(ending.form.get("cancel_at")) * 1000 - expected)).toBeLessThan(1000);
    expect(order.kind).toBe("bundle");
  });

  it("records invoice.paid as the bundle's next instalment, once per invoice, until completed", async () => {
    const { first, second, bundle, buyer, subscription } = await boughtByStripePlan();
    const invoice = invoiceOf(`in_b2${buyer.id.slice(-6)}`, subscription);
    expect((await deliverStripeEvent(stripe, stripeEvent("invoice.paid", invoice))).body).toMatchObject({ outcome: "plan-paid" });
    // The same invoice again: the plan is over, nothing more is recorded.
    expect((await deliverStripeEvent(stripe, stripeEvent("invoice.paid", invoice))).body).toMatchObject({ outcome: "plan-closed" });
    expect(await planOf(buyer.id)).toMatchObject({ paidCount: 2, status: "completed" });
    const orders = await ordersOf(buyer.id);
    expect(orders.map((row) => [row.kind, row.bundleId, row.instalmentNumber, row.amountCents, row.paymentId])).toEqual([
      ["bundle", bundle.id, 1, 11000, expect.stringMatching(/^pi_/)],
      ["bundle", bundle.id, 2, 11000, `pi_b2${buyer.id.slice(-6)}`],
    ]);
    const [line] = await database().db.select().from(orderLines).where(eq(orderLines.orderId, orders[1]!.id));
    expect(line).toMatchObject({ kind: "bundle", bundleCourseIds: [first.id, second.id], amountCents: 11000 });
  });

  it("its subscription deleted at Stripe before the last instalment cancels the plan and closes the bundle's courses", async () => {
    const { first, second, buyer, order, subscription } = await boughtByStripePlan();
    const ended = stripeEvent("customer.subscription.deleted", {
      id: subscription,
      object: "subscription",
      status: "canceled",
      metadata: { orderId: order.id, paymentPlanPayments: "2" },
      ended_at: Math.floor(Date.now() / 1000),
    });
    expect((await deliverStripeEvent(stripe, ended)).body).toMatchObject({ outcome: "plan-canceled" });
    expect(await planOf(buyer.id)).toMatchObject({ status: "canceled", paidCount: 1 });
    expect(await opens(buyer.id, first.id)).toBe(false);
    expect(await opens(buyer.id, second.id)).toBe(false);
  });

  it("refunding it cancels the subscription at Stripe, refunds each instalment and takes the bundle's courses back", async () => {
    const { first, second, buyer, order, subscription } = await boughtByStripePlan();
    const before = stripe.requests.length;
    await refundOrder({ orderId: order.id, actorId: null });
    expect(stripe.requests.slice(before).map((request) => [request.method, request.path])).toEqual([
      ["DELETE", `/v1/subscriptions/${subscription}`],
      ["POST", "/v1/refunds"],
    ]);
    expect(await planOf(buyer.id)).toMatchObject({ status: "refunded" });
    expect(await opens(buyer.id, first.id)).toBe(false);
    expect(await opens(buyer.id, second.id)).toBe(false);
  });
});
