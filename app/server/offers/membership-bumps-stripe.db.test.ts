import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  completedSession,
  createBuyer,
  createCourseForSale,
  deliverStripeEvent,
  ordersOf,
  STRIPE_TEST_CONFIG,
  useStripeDouble,
} from "../../../tests/support/payments";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { hasActiveMembership } from "~/server/access/membership.server";
import { createBundle } from "~/server/bundles/bundles.server";
import { accessEvents, enrollments, invoices, orderLines } from "~/server/db/schema";
import { OrderNotRefundableError } from "~/server/payments/billing.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { refundOrderLine } from "~/server/payments/refund-order-line.server";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/site-settings.server";
import { saveBump } from "./course-bumps.server";

/** A membership plan's order bump, a bundle, paid at Stripe (docs/decisions/074), through the local Stripe double. */

const database = useTestDatabase(STRIPE_TEST_CONFIG);
const stripe = useStripeDouble();

const linesOf = (orderId: string) =>
  database().db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

async function setTrialDays(days: number) {
  await updateSiteSettings({ input: { ...(await getSiteSettings()), membershipTrialDays: days }, actorId: null });
}

afterEach(() => setTrialDays(0));

/** The monthly plan's bump: a $150 bundle of two courses at $40. */
async function monthlyBundleBump() {
  const first = await createCourseForSale({ priceCents: 10000 });
  const second = await createCourseForSale({ priceCents: 9000 });
  const bundle = await createBundle({
    input: {
      title: unique("Bundle"),
      slug: unique("bundle").toLowerCase(),
      description: "",
      coverUrl: null,
      priceCents: 15000,
      status: "published",
      courseIds: [first.id, second.id],
    },
  });
  await saveBump({ owner: { plan: "monthly" }, offerBundleId: bundle.id, priceCents: 4000, pitch: "Keep both" });
  return { bundle, first, second };
}

/** Subscribes with the box ticked; Stripe completes the session with `amountTotal` paid on the first invoice. */
async function subscribeWithBump(amountTotal: (order: { amountCents: number }) => number) {
  const buyer = await createBuyer();
  expect((await startCheckout({ userId: buyer.id, item: { plan: "monthly" }, withBump: true })).status).toBe("redirect");
  const session = stripe.requests.findLast((request) => request.path === "/v1/checkout/sessions")!;
  const [pending] = await ordersOf(buyer.id);
  const key = pending!.id.slice(0, 8);
  const event = completedSession(pending!, {
    mode: "subscription",
    amount_total: amountTotal(pending!),
    payment_intent: null,
    invoice: `in_${key}`,
    subscription: `sub_${key}`,
  });
  const answer = await deliverStripeEvent(stripe, event);
  expect(answer.body).toMatchObject({ outcome: "paid" });
  const [order] = await ordersOf(buyer.id);
  return { buyer, session, event, order: order!, lines: await linesOf(order!.id) };
}

describe("a membership plan's bump with Stripe", () => {
  it("is a one-time line item of the subscription's Checkout Session; paid, it opens the bundle; redelivered, nothing more; refunded alone, Stripe gives back its amount", async () => {
    const { bundle, first, second } = await monthlyBundleBump();
    const { membershipMonthlyCents } = await getSiteSettings();
    const { buyer, session, event, order, lines } = await subscribeWithBump((pending) => pending.amountCents);
    expect(Object.fromEntries(session.form)).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": String(membershipMonthlyCents),
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[1][price_data][unit_amount]": "4000",
      "line_items[1][price_data][product_data][name]": bundle.title,
    });
    // A one-time price: Stripe charges it on the first invoice only.
    expect(session.form.get("line_items[1][price_data][recurring][interval]")).toBeNull();

    expect(order).toMatchObject({
      status: "paid",
      kind: "membership",
      amountCents: membershipMonthlyCents + 4000,
      paymentId: `pi_${order.id.slice(0, 8)}`,
    });
    expect(lines).toMatchObject([
      { kind: "membership", amountCents: membershipMonthlyCents },
      { kind: "bump", bundleId: bundle.id, bundleCourseIds: [first.id, second.id], amountCents: 4000 },
    ]);
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);
    const opened = async () =>
      (await database().db.select().from(enrollments).where(eq(enrollments.userId, buyer.id)))
        .map((row) => `${row.courseId}:${row.status}:${row.source}`)
        .sort();
    expect(await opened()).toEqual([`${first.id}:active:bundle`, `${second.id}:active:bundle`].sort());

    // The same event again: nothing more is written.
    const events = async () => (await database().db.select().from(accessEvents).where(eq(accessEvents.orderId, order.id))).length;
    const before = await events();
    expect((await deliverStripeEvent(stripe, event)).body).toMatchObject({ outcome: "duplicate" });
    expect(await events()).toBe(before);
    expect(await linesOf(order.id)).toHaveLength(2);

    // The membership's line is Stripe's to refund (with the subscription); the bump is refunded alone.
    await expect(refundOrderLine({ orderId: order.id, lineId: lines[0]!.id, actorId: null })).rejects.toBeInstanceOf(
      OrderNotRefundableError,
    );
    await refundOrderLine({ orderId: order.id, lineId: lines[1]!.id, actorId: null });
    const refund = stripe.requests.findLast((request) => request.path === "/v1/refunds")!;
    expect(refund.form.get("payment_intent")).toBe(order.paymentId);
    expect(refund.form.get("amount")).toBe("4000");
    const [note] = await database()
      .db.select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.orderLineId, lines[1]!.id)));
    expect(note!.totalCents).toBe(Number(refund.form.get("amount")));
    expect(await opened()).toEqual([`${first.id}:revoked:bundle`, `${second.id}:revoked:bundle`].sort());
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);
  });

  it("with a trial, Stripe charges the bump on the first invoice and the plan when the trial ends: the order, the lines and the invoice say the bump's amount", async () => {
    await setTrialDays(7);
    const { first } = await monthlyBundleBump();
    const { order, session, lines } = await subscribeWithBump(() => 4000);
    expect(Object.fromEntries(session.form)).toMatchObject({
      "subscription_data[trial_period_days]": "7",
      "line_items[1][price_data][unit_amount]": "4000",
    });
    expect(order).toMatchObject({ status: "paid", amountCents: 4000, trialDays: 7 });
    expect(lines).toMatchObject([
      { kind: "membership", amountCents: 0 },
      { kind: "bump", amountCents: 4000 },
    ]);
    const [invoice] = await database()
      .db.select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "invoice")));
    expect(invoice!.totalCents).toBe(4000);
    const [access] = await database()
      .db.select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, order.userId!), eq(enrollments.courseId, first.id)));
    expect(access!.status).toBe("active");
  });
});
