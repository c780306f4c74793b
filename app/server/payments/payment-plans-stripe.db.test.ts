import { addDays, addMonths } from "date-fns";
import { and, eq } from "drizzle-orm";
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
import { callAction, callLoader, sessionUser } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import * as accountRoute from "~/routes/account/account";
import { findCourseAccess } from "~/server/access/lesson-access.server";
import { mailLog, paymentPlans, subscriptions } from "~/server/db/schema";
import { refundOrder } from "./billing.server";
import { getCheckoutOffer, startCheckout } from "./checkout.server";
import { findCoursePlanOnSale, saveCoursePlan } from "./payment-plans.server";

const database = useTestDatabase(STRIPE_TEST_CONFIG);
const stripe = useStripeDouble();

const planOf = async (userId: string) => (await database().db.select().from(paymentPlans).where(eq(paymentPlans.userId, userId)))[0]!;

/** An invoice of the plan's subscription, as Stripe's invoice.paid / invoice.payment_failed carry it. */
const invoiceOf = (id: string, subscription: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: "invoice",
  billing_reason: "subscription_cycle",
  amount_paid: 6900,
  currency: "usd",
  total_taxes: [],
  status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
  parent: { type: "subscription_details", subscription_details: { subscription } },
  ...extra,
});

/** A course at $197 with a plan of 3 × $69, bought by the plan through Stripe Checkout and completed by the webhook. */
async function boughtByStripePlan() {
  const course = await createCourseForSale({ priceCents: 19700 });
  await saveCoursePlan({ courseId: course.id, payments: 3, instalmentCents: 6900 });
  const buyer = await createBuyer();
  const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id }, withPlan: true });
  expect(started.status).toBe("redirect");
  const checkout = stripe.requests.filter((request) => request.path === "/v1/checkout/sessions").at(-1)!;
  const [order] = await ordersOf(buyer.id);
  const subscription = `sub_${order!.id.slice(0, 8)}`;
  const delivered = await deliverStripeEvent(
    stripe,
    completedSession(order!, {
      mode: "subscription",
      amount_total: 6900,
      payment_intent: null,
      invoice: `in_${order!.id.slice(0, 8)}`,
      subscription,
      metadata: { orderId: order!.id, userId: buyer.id, paymentPlanPayments: "3" },
    }),
  );
  expect(delivered.status).toBe(200);
  return { course, buyer, order: order!, subscription, checkout: Object.fromEntries(checkout.form) };
}

describe("a payment plan with Stripe (against the local double)", () => {
  it("is offered, and its checkout is a monthly subscription priced from the database that ends itself after N payments", async () => {
    const { course, buyer, order, subscription, checkout } = await boughtByStripePlan();
    expect(await findCoursePlanOnSale({ courseId: course.id })).toMatchObject({ payments: 3, instalmentCents: 6900 });
    expect((await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id } })).paymentPlan).toMatchObject({ payments: 3 });
    expect(checkout).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "6900",
      "line_items[0][price_data][recurring][interval]": "month",
      "subscription_data[metadata][orderId]": order.id,
      "subscription_data[metadata][paymentPlanPayments]": "3",
    });
    expect(checkout["payment_intent_data[metadata][orderId]"]).toBeUndefined();

    const plan = await planOf(buyer.id);
    expect(plan).toMatchObject({ provider: "stripe", providerSubscriptionId: subscription, paidCount: 1, status: "active" });
    const [paid] = await ordersOf(buyer.id);
    // The first invoice's PaymentIntent, which a refund names.
    expect(paid).toMatchObject({ status: "paid", amountCents: 6900, paymentId: `pi_${order.id.slice(0, 8)}` });
    expect(await findCourseAccess({ user: { id: buyer.id, role: "user" }, course: { id: course.id, status: "published" } })).toMatchObject({
      kind: "open",
    });
    // The subscription is told to end a day before a 4th charge would come, with no proration.
    const ending = stripe.requests.filter((request) => request.method === "POST" && request.path === `/v1/subscriptions/${subscription}`).at(-1)!;
    const cancelAt = Number(ending.form.get("cancel_at")) * 1000;
    const expected = addDays(addMonths(paid!.paidAt!, 3), -1).getTime();
    expect(Math.abs(cancelAt - expected)).toBeLessThan(1000);
    expect(ending.form.get("proration_behavior")).toBe("none");
  });

  it("records each later invoice.paid as the paid order of that instalment, once per invoice, until the plan is completed", async () => {
    const { buyer, subscription } = await boughtByStripePlan();
    // The first invoice is the checkout's: nothing more.
    await deliverStripeEvent(stripe, stripeEvent("invoice.paid", invoiceOf("in_first", subscription, { billing_reason: "subscription_create" })));
    expect(await ordersOf(buyer.id)).toHaveLength(1);

    const second = await deliverStripeEvent(stripe, stripeEvent("invoice.paid", invoiceOf(`in_two${buyer.id.slice(-6)}`, subscription)));
    expect(second.body).toMatchObject({ outcome: "plan-paid" });
    // The same invoice delivered again (a new event id): recorded once.
    const again = await deliverStripeEvent(stripe, stripeEvent("invoice.paid", invoiceOf(`in_two${buyer.id.slice(-6)}`, subscription)));
    expect(again.body).toMatchObject({ outcome: "plan-not-due" });
    expect(await planOf(buyer.id)).toMatchObject({ paidCount: 2, status: "active" });

    await deliverStripeEvent(stripe, stripeEvent("invoice.paid", invoiceOf(`in_three${buyer.id.slice(-6)}`, subscription, { amount_paid: 6900 })));
    const orders = await ordersOf(buyer.id);
    expect(orders.map((order) => [order.instalmentNumber, order.amountCents, order.status, order.paymentId])).toEqual([
      [1, 6900, "paid", expect.stringMatching(/^pi_/)],
      [2, 6900, "paid", `pi_two${buyer.id.slice(-6)}`],
      [3, 6900, "paid", `pi_three${buyer.id.slice(-6)}`],
    ]);
    expect(await planOf(buyer.id)).toMatchObject({ paidCount: 3, status: "completed", nextDueAt: null });
  });

  it("invoice.payment_failed makes the plan overdue and mails the buyer once per instalment; a later invoice.paid makes it active again", async () => {
    const { buyer, subscription } = await boughtByStripePlan();
    const failed = invoiceOf(`in_fail${buyer.id.slice(-6)}`, subscription, { amount_paid: 0, status: "open" });
    expect((await deliverStripeEvent(stripe, stripeEvent("invoice.payment_failed", failed))).body).toMatchObject({ outcome: "plan-overdue" });
    // Stripe retries the card: a second failure of the same instalment sends nothing more.
    await deliverStripeEvent(stripe, stripeEvent("invoice.payment_failed", failed));
    const mails = await database()
      .db.select({ text: mailLog.text })
      .from(mailLog)
      .where(and(eq(mailLog.kind, "plan-payment-failed"), eq(mailLog.to, buyer.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Payment 2 of 3");
    expect(await planOf(buyer.id)).toMatchObject({ status: "overdue", paidCount: 1 });

    // The account's plans offer "Update my card": Stripe's customer portal for the buyer, back to the plans.
    const me = sessionUser({ id: buyer.id, email: buyer.email });
    const plan = await planOf(buyer.id);
    const shown = (await callLoader(accountRoute, { path: "/account", user: me })) as { paymentPlans: { canUpdateCard: boolean; canPayOverdue: boolean }[] };
    expect(shown.paymentPlans).toMatchObject([{ canUpdateCard: true, canPayOverdue: false }]);
    const portal = (await callAction(accountRoute, { path: "/account", user: me, form: { intent: "update-plan-card", planId: plan.id } })) as Response;
    expect(portal.status).toBe(302);
    expect(portal.headers.get("Location")).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const session = stripe.requests.filter((request) => request.path === "/v1/billing_portal/sessions").at(-1)!;
    expect(session.form.get("customer")).toBe(`cus_${plan.orderId.slice(0, 8)}`);
    expect(session.form.get("return_url")).toMatch(/\/account#payment-plans$/);
    // Someone else cannot open it for this plan.
    const stranger = await createBuyer();
    const refused = (await callAction(accountRoute, {
      path: "/account",
      user: sessionUser({ id: stranger.id, email: stranger.email }),
      form: { intent: "update-plan-card", planId: plan.id },
    })) as unknown as { init: { status?: number } | null };
    expect(refused.init?.status).toBe(404);

    await deliverStripeEvent(stripe, stripeEvent("invoice.paid", invoiceOf(`in_fail${buyer.id.slice(-6)}`, subscription)));
    expect(await planOf(buyer.id)).toMatchObject({ status: "active", paidCount: 2, overdueSince: null });
  });

  it("a subscription deleted at Stripe before the last instalment cancels the plan, once, and the course stays closed (decision 073)", async () => {
    const { course, buyer, order, subscription } = await boughtByStripePlan();
    const user = { id: buyer.id, role: "user" };
    const published = { id: course.id, status: "published" };
    const ended = stripeEvent("customer.subscription.deleted", {
      id: subscription,
      object: "subscription",
      status: "canceled",
      metadata: { orderId: order.id, paymentPlanPayments: "3" },
      ended_at: Math.floor(Date.now() / 1000),
      cancellation_details: { reason: "payment_failed" },
    });
    expect((await deliverStripeEvent(stripe, ended)).body).toMatchObject({ outcome: "plan-canceled" });
    // The same event delivered again: claimed already, nothing changes.
    expect((await deliverStripeEvent(stripe, ended)).body).toMatchObject({ outcome: "plan-duplicate" });
    expect(await planOf(buyer.id)).toMatchObject({ status: "canceled", paidCount: 1, nextDueAt: null });
    expect(await findCourseAccess({ user, course: published })).toEqual({ kind: "previews", reason: "plan-paused" });
    // No membership was made of it.
    expect(await database().db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id))).toEqual([]);
    const me = sessionUser({ id: buyer.id, email: buyer.email });
    const shown = (await callLoader(accountRoute, { path: "/account", user: me })) as {
      paymentPlans: { statusLabel: string; next: string | null; canUpdateCard: boolean }[];
    };
    expect(shown.paymentPlans).toMatchObject([
      { statusLabel: "Canceled", next: "Canceled: the plan ended before it was paid in full, and the course is closed", canUpdateCard: false },
    ]);
    // A charge Stripe took before the end, told late, is still recorded; the plan stays canceled.
    expect((await deliverStripeEvent(stripe, stripeEvent("invoice.paid", invoiceOf(`in_late${buyer.id.slice(-6)}`, subscription)))).body).toMatchObject({
      outcome: "plan-paid",
    });
    expect(await planOf(buyer.id)).toMatchObject({ status: "canceled", paidCount: 2 });
    expect((await ordersOf(buyer.id)).map((row) => [row.instalmentNumber, row.status])).toEqual([
      [1, "paid"],
      [2, "paid"],
    ]);
    // Refunding it now refunds what was paid (no subscription left to cancel) and ends it refunded.
    const before = stripe.requests.length;
    await refundOrder({ orderId: order.id, actorId: null });
    expect(stripe.requests.slice(before).map((request) => request.path)).toEqual(["/v1/refunds", "/v1/refunds"]);
    expect(await planOf(buyer.id)).toMatchObject({ status: "refunded" });
  });

  it("a subscription that ends at its cancel_at after the last instalment leaves the plan completed and the course open", async () => {
    const { course, buyer, order, subscription } = await boughtByStripePlan();
    await deliverStripeEvent(stripe, stripeEvent("invoice.paid", invoiceOf(`in_c2${buyer.id.slice(-6)}`, subscription)));
    await deliverStripeEvent(stripe, stripeEvent("invoice.paid", invoiceOf(`in_c3${buyer.id.slice(-6)}`, subscription)));
    expect(await planOf(buyer.id)).toMatchObject({ status: "completed", paidCount: 3 });
    const now = Math.floor(Date.now() / 1000);
    const ended = stripeEvent("customer.subscription.deleted", {
      id: subscription,
      object: "subscription",
      status: "canceled",
      metadata: { orderId: order.id, paymentPlanPayments: "3" },
      cancel_at: now,
      ended_at: now,
      cancellation_details: { reason: "cancellation_requested" },
    });
    expect((await deliverStripeEvent(stripe, ended)).body).toMatchObject({ outcome: "plan-unchanged" });
    expect(await planOf(buyer.id)).toMatchObject({ status: "completed", paidCount: 3 });
    expect(await findCourseAccess({ user: { id: buyer.id, role: "user" }, course: { id: course.id, status: "published" } })).toMatchObject({
      kind: "open",
    });
  });

  it("refunding the plan cancels the subscription at Stripe and refunds every instalment paid", async () => {
    const { buyer, order, subscription } = await boughtByStripePlan();
    await deliverStripeEvent(stripe, stripeEvent("invoice.paid", invoiceOf(`in_ref${buyer.id.slice(-6)}`, subscription)));
    const before = stripe.requests.length;
    await refundOrder({ orderId: order.id, actorId: null });
    const calls = stripe.requests.slice(before).map((request) => [request.method, request.path, request.form.get("payment_intent")]);
    expect(calls).toEqual([
      ["DELETE", `/v1/subscriptions/${subscription}`, null],
      ["POST", "/v1/refunds", `pi_ref${buyer.id.slice(-6)}`],
      ["POST", "/v1/refunds", `pi_${order.id.slice(0, 8)}`],
    ]);
    expect(await planOf(buyer.id)).toMatchObject({ status: "refunded" });
    expect((await ordersOf(buyer.id)).map((row) => row.status)).toEqual(["refunded", "refunded"]);
  });
});
