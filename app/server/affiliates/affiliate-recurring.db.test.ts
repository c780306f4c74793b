import type Stripe from "stripe";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, stripeEvent } from "../../../tests/support/payments";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import type { AffiliateSettingsInput } from "~/lib/affiliate-forms";
import { accessEvents, affiliateCommissions, affiliateSignups, orderLines, orders, subscriptions } from "~/server/db/schema";
import { readAffiliateSales } from "~/server/analytics/analytics.server";
import { applyProviderRefund } from "~/server/payments/apply-provider-refund.server";
import { refundOrder } from "~/server/payments/billing.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { handleStripeEvent } from "~/server/payments/stripe-webhook.server";
import { recordAffiliateCommission, reverseAffiliateCommission, listAffiliateCommissions } from "./affiliate-commissions.server";
import { referralCookie } from "./affiliate-referrals.server";
import { commissionRows } from "./affiliate-rows.server";
import { updateAffiliateProgram } from "./affiliate-settings.server";
import { recordAffiliateSignup } from "./affiliate-signups.server";
import { joinAffiliateProgram, readAffiliateFigures, setAffiliateStatus, updateAffiliateTerms } from "./affiliates.server";
import { payAffiliates } from "./affiliate-payouts.server";

const database = useTestDatabase();
const DAY_MS = 24 * 60 * 60 * 1000;

const PROGRAM: AffiliateSettingsInput = {
  enabled: true,
  joinPolicy: "approval",
  commissionType: "percent",
  commissionPercent: 20,
  commissionFixedCents: 0,
  cookieDays: 30,
  holdDays: 30,
  recurringCommissions: true,
};

async function approvedAffiliate(program: Partial<AffiliateSettingsInput> = {}) {
  const owner = await createBuyer();
  await updateAffiliateProgram({ input: { ...PROGRAM, ...program }, actorId: owner.id });
  const person = await createBuyer();
  const joined = await joinAffiliateProgram({ userId: person.id, code: unique("rec").replace(/_/g, "-").slice(0, 40) });
  await setAffiliateStatus({ affiliateId: joined.id, intent: "approve", actorId: owner.id });
  return { owner, person, affiliate: joined };
}

const commissionsOf = (affiliateId: string) =>
  database()
    .db.select()
    .from(affiliateCommissions)
    .where(eq(affiliateCommissions.affiliateId, affiliateId))
    .orderBy(affiliateCommissions.createdAt);

/** A member who came through the affiliate's link: the test-mode membership and its subscription. */
async function memberThrough(affiliateId: string) {
  const buyer = await createBuyer();
  const started = await startCheckout({ userId: buyer.id, item: { plan: "monthly" }, referral: { affiliateId, clickedAt: new Date() } });
  expect(started.status).toBe("paid");
  const [subscription] = await database().db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
  return { buyer, subscription: subscription! };
}

/** Stripe's `invoice.paid` for a renewal of that subscription (2025 API shape: the subscription under `parent`). */
function renewalPaid({
  providerSubscriptionId,
  invoiceId = unique("in"),
  amountPaid,
  tax = 0,
  billingReason = "subscription_cycle",
  eventId,
}: {
  providerSubscriptionId: string;
  invoiceId?: string;
  amountPaid: number;
  tax?: number;
  billingReason?: string;
  eventId?: string;
}) {
  return stripeEvent(
    "invoice.paid",
    {
      id: invoiceId,
      object: "invoice",
      billing_reason: billingReason,
      amount_paid: amountPaid,
      currency: "usd",
      total_taxes: tax ? [{ amount: tax, tax_behavior: "exclusive", taxability_reason: "standard_rated" }] : [],
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
      parent: { type: "subscription_details", subscription_details: { subscription: providerSubscriptionId } },
    },
    { id: eventId },
  ) as unknown as Stripe.Event;
}

describe("commissions on a membership's later payments", () => {
  it("pays on each renewal, on what was paid before tax, once per invoice however often Stripe sends it", async () => {
    const { affiliate } = await approvedAffiliate();
    const { subscription } = await memberThrough(affiliate.id);
    expect(await commissionsOf(affiliate.id)).toHaveLength(1);

    const event = renewalPaid({ providerSubscriptionId: subscription.providerSubscriptionId!, amountPaid: 2420, tax: 420 });
    expect(await handleStripeEvent(event)).toBe("recorded");
    // The same event again, and the same invoice in another event: nothing more.
    expect(await handleStripeEvent(event)).toBe("duplicate");
    const invoiceId = (event.data.object as { id: string }).id;
    expect(
      await handleStripeEvent(
        renewalPaid({ providerSubscriptionId: subscription.providerSubscriptionId!, invoiceId, amountPaid: 2420, tax: 420 }),
      ),
    ).toBe("no-commission");

    const rows = await commissionsOf(affiliate.id);
    const renewal = rows.find((row) => row.kind === "renewal");
    expect(rows).toHaveLength(2);
    expect(renewal).toMatchObject({
      baseCents: 2000,
      amountCents: 400,
      state: "pending",
      subscriptionId: subscription.id,
      providerInvoiceId: invoiceId,
    });
    expect(renewal!.availableAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    const shown = commissionRows(await listAffiliateCommissions({ affiliateId: affiliate.id, database: database().db }));
    expect(shown[0]!.product).toMatch(/^Renewal: /);

    // The first invoice is the checkout's: it earned with the order, not again.
    expect(
      await handleStripeEvent(
        renewalPaid({
          providerSubscriptionId: subscription.providerSubscriptionId!,
          amountPaid: 2000,
          billingReason: "subscription_create",
        }),
      ),
    ).toBe("first-payment");
    expect(await commissionsOf(affiliate.id)).toHaveLength(2);
  });

  it("reverses a renewal's commission when Stripe reports that payment refunded", async () => {
    const { affiliate } = await approvedAffiliate();
    const { subscription } = await memberThrough(affiliate.id);
    const invoiceId = unique("in");
    await handleStripeEvent(renewalPaid({ providerSubscriptionId: subscription.providerSubscriptionId!, invoiceId, amountPaid: 2000 }));
    const refund = { id: unique("evt"), provider: "stripe" as const, type: "charge.refunded" };
    expect((await applyProviderRefund({ event: refund, paymentIds: [unique("pi"), invoiceId] })).outcome).toBe("renewal-refunded");
    expect((await applyProviderRefund({ event: { ...refund, id: unique("evt") }, paymentIds: [invoiceId] })).outcome).toBe("ignored");
    const rows = await commissionsOf(affiliate.id);
    expect(rows.map((row) => [row.kind, row.state]).sort()).toEqual([
      ["renewal", "reversed"],
      ["sale", "pending"],
    ]);
  });

  it("pays on the first payment only when the program says so", async () => {
    const { owner, affiliate } = await approvedAffiliate();
    const { subscription } = await memberThrough(affiliate.id);
    await updateAffiliateProgram({ input: { ...PROGRAM, recurringCommissions: false }, actorId: owner.id });
    expect(await handleStripeEvent(renewalPaid({ providerSubscriptionId: subscription.providerSubscriptionId!, amountPaid: 2000 }))).toBe(
      "no-commission",
    );
    expect((await commissionsOf(affiliate.id)).map((row) => row.kind)).toEqual(["sale"]);
  });

  it("pays nothing more to a paused affiliate, nor for a member who came without one", async () => {
    const { owner, affiliate } = await approvedAffiliate();
    const { subscription } = await memberThrough(affiliate.id);
    await setAffiliateStatus({ affiliateId: affiliate.id, intent: "pause", actorId: owner.id });
    expect(await handleStripeEvent(renewalPaid({ providerSubscriptionId: subscription.providerSubscriptionId!, amountPaid: 2000 }))).toBe(
      "no-commission",
    );
    const plain = await createBuyer();
    await startCheckout({ userId: plain.id, item: { plan: "monthly" } });
    const [own] = await database().db.select().from(subscriptions).where(eq(subscriptions.userId, plain.id));
    expect(await handleStripeEvent(renewalPaid({ providerSubscriptionId: own!.providerSubscriptionId!, amountPaid: 2000 }))).toBe(
      "no-commission",
    );
    expect((await commissionsOf(affiliate.id)).map((row) => row.kind)).toEqual(["sale"]);
  });
});

describe("commissions per order line", () => {
  /** A paid order of two courses through the affiliate (the checkout sells one thing today; bundles will write such orders). */
  async function twoLineOrder(affiliateId: string) {
    const buyer = await createBuyer();
    const first = await createCourseForSale({ priceCents: 10000 });
    const second = await createCourseForSale({ priceCents: 5000 });
    const [order] = await database()
      .db.insert(orders)
      .values({
        userId: buyer.id,
        customerEmail: buyer.email,
        kind: "course",
        courseId: first.id,
        itemTitle: first.title,
        listPriceCents: 15000,
        discountCents: 1500,
        taxCents: 1350,
        amountCents: 14850,
        currency: "usd",
        provider: "test",
        status: "paid",
        paidAt: new Date(),
        affiliateId,
      })
      .returning();
    const lines = await database()
      .db.insert(orderLines)
      .values([
        {
          orderId: order!.id,
          position: 0,
          kind: "course",
          courseId: first.id,
          title: first.title,
          listPriceCents: 10000,
          discountCents: 1000,
          taxCents: 900,
          amountCents: 9900,
        },
        {
          orderId: order!.id,
          position: 1,
          kind: "course",
          courseId: second.id,
          title: second.title,
          listPriceCents: 5000,
          discountCents: 500,
          taxCents: 450,
          amountCents: 4950,
        },
      ])
      .returning();
    return { order: order!, lines: lines.sort((a, b) => a.position - b.position), first, second };
  }

  it("records one commission per line on its own amount before tax, and a line's refund reverses only its share", async () => {
    const { owner, affiliate } = await approvedAffiliate({ holdDays: 0 });
    const { order, lines } = await twoLineOrder(affiliate.id);
    const recorded = await database().db.transaction((tx) => recordAffiliateCommission({ tx, orderId: order.id }));
    expect(recorded.map((row) => row.amountCents).sort()).toEqual([1800, 900]);
    // Twice changes nothing.
    expect(await database().db.transaction((tx) => recordAffiliateCommission({ tx, orderId: order.id }))).toEqual([]);
    const rows = await commissionsOf(affiliate.id);
    expect(rows.map((row) => [row.orderLineId, row.baseCents, row.amountCents]).sort()).toEqual(
      [
        [lines[0]!.id, 9000, 1800],
        [lines[1]!.id, 4500, 900],
      ].sort(),
    );

    // Paid out, then the second line alone is refunded: a reversal of its 9.00, carried to the next payout.
    await payAffiliates({
      affiliateIds: [affiliate.id],
      paidOn: "2026-11-30",
      reference: "LINES-1",
      actorId: owner.id,
      now: new Date(Date.now() + 1000),
    });
    expect(
      await database().db.transaction((tx) =>
        reverseAffiliateCommission({ tx, orderId: order.id, orderLineId: lines[1]!.id, actorId: owner.id }),
      ),
    ).toBe(true);
    expect(await database().db.transaction((tx) => reverseAffiliateCommission({ tx, orderId: order.id, orderLineId: lines[1]!.id }))).toBe(
      false,
    );
    const after = await commissionsOf(affiliate.id);
    expect(after.filter((row) => row.kind === "reversal").map((row) => [row.orderLineId, row.amountCents])).toEqual([[lines[1]!.id, -900]]);
    expect(after.find((row) => row.orderLineId === lines[0]!.id && row.kind === "sale")?.reversedAt).toBeNull();
    const figures = (await readAffiliateFigures({ affiliateIds: [affiliate.id], now: new Date(Date.now() + 1000) })).get(affiliate.id)!;
    expect(figures.payableCents).toBe(-900);

    // The rest of the order refunded: the other line's commission is reversed too, nothing twice.
    expect(await database().db.transaction((tx) => reverseAffiliateCommission({ tx, orderId: order.id }))).toBe(true);
    const reversals = (await commissionsOf(affiliate.id)).filter((row) => row.kind === "reversal");
    expect(reversals.map((row) => row.amountCents).sort()).toEqual([-1800, -900]);
    const audited = await database()
      .db.select()
      .from(accessEvents)
      .where(and(eq(accessEvents.orderId, order.id), eq(accessEvents.type, "affiliate_commission_reversed")));
    expect(audited).toHaveLength(2);
  });

  it("pays a restricted affiliate only on the lines of their courses", async () => {
    const { owner, affiliate } = await approvedAffiliate();
    const { order, lines, second } = await twoLineOrder(affiliate.id);
    await updateAffiliateTerms({ affiliateId: affiliate.id, input: { commission: null, courseIds: [second.id] }, actorId: owner.id });
    await database().db.transaction((tx) => recordAffiliateCommission({ tx, orderId: order.id }));
    expect((await commissionsOf(affiliate.id)).map((row) => [row.orderLineId, row.amountCents])).toEqual([[lines[1]!.id, 900]]);
  });

  it("keeps a whole-order refund reversing a course sale made through the test checkout", async () => {
    const { owner, affiliate } = await approvedAffiliate();
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 10000 });
    await startCheckout({
      userId: buyer.id,
      item: { courseId: course.id },
      referral: { affiliateId: affiliate.id, clickedAt: new Date() },
    });
    const [order] = await database().db.select().from(orders).where(eq(orders.userId, buyer.id));
    const [line] = await database().db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect((await commissionsOf(affiliate.id)).map((row) => [row.orderLineId, row.amountCents])).toEqual([[line!.id, 2000]]);
    await refundOrder({ orderId: order!.id, actorId: owner.id });
    expect((await commissionsOf(affiliate.id)).map((row) => row.state)).toEqual(["reversed"]);
  });
});

describe("sign-ups through an affiliate's link", () => {
  const cookieOf = (affiliateId: string, clickedAt = new Date()) =>
    referralCookie({ affiliateId, clickedAt, cookieDays: 30 }).split(";")[0]!;

  it("counts a new account made with a current referral cookie, once, and never the affiliate's own address", async () => {
    const { person, affiliate } = await approvedAffiliate({ cookieDays: 7 });
    const newcomer = await createBuyer();
    expect(
      await recordAffiliateSignup({ userId: newcomer.id, email: newcomer.email, cookieHeader: `theme=dark; ${cookieOf(affiliate.id)}` }),
    ).toBe(true);
    expect(await recordAffiliateSignup({ userId: newcomer.id, email: newcomer.email, cookieHeader: cookieOf(affiliate.id) })).toBe(false);

    const late = await createBuyer();
    expect(
      await recordAffiliateSignup({
        userId: late.id,
        email: late.email,
        cookieHeader: cookieOf(affiliate.id, new Date(Date.now() - 8 * DAY_MS)),
      }),
    ).toBe(false);
    const forged = await createBuyer();
    expect(
      await recordAffiliateSignup({ userId: forged.id, email: forged.email, cookieHeader: cookieOf(affiliate.id).replace(/.$/, "x") }),
    ).toBe(false);
    const self = await createBuyer();
    expect(await recordAffiliateSignup({ userId: self.id, email: person.email.toUpperCase(), cookieHeader: cookieOf(affiliate.id) })).toBe(
      false,
    );

    expect(await database().db.select().from(affiliateSignups).where(eq(affiliateSignups.affiliateId, affiliate.id))).toHaveLength(1);
    expect((await readAffiliateFigures({ affiliateIds: [affiliate.id] })).get(affiliate.id)!.signups).toBe(1);
  });

  it("counts nothing for a paused affiliate", async () => {
    const { owner, affiliate } = await approvedAffiliate();
    await setAffiliateStatus({ affiliateId: affiliate.id, intent: "pause", actorId: owner.id });
    const newcomer = await createBuyer();
    expect(await recordAffiliateSignup({ userId: newcomer.id, email: newcomer.email, cookieHeader: cookieOf(affiliate.id) })).toBe(false);
  });
});

describe("analytics by affiliate", () => {
  it("shows each affiliate's revenue before tax, refunds and the commission earned in the range", async () => {
    const { owner, affiliate } = await approvedAffiliate();
    const buy = async (priceCents: number) => {
      const buyer = await createBuyer();
      const course = await createCourseForSale({ priceCents });
      await startCheckout({
        userId: buyer.id,
        item: { courseId: course.id },
        referral: { affiliateId: affiliate.id, clickedAt: new Date() },
      });
      const [order] = await database().db.select().from(orders).where(eq(orders.userId, buyer.id));
      return order!;
    };
    await buy(10000);
    const refunded = await buy(5000);
    await refundOrder({ orderId: refunded.id, actorId: owner.id });
    const range = { from: new Date(Date.now() - DAY_MS), to: new Date(Date.now() + DAY_MS) };
    const row = (await readAffiliateSales(range)).find((candidate) => candidate.affiliateId === affiliate.id);
    expect(row).toMatchObject({
      code: affiliate.code,
      sales: 2,
      grossCents: 15000,
      refundedCents: 5000,
      netCents: 10000,
      commissionCents: 2000,
    });
    const before = { from: new Date(Date.now() - 3 * DAY_MS), to: new Date(Date.now() - 2 * DAY_MS) };
    expect((await readAffiliateSales(before)).find((candidate) => candidate.affiliateId === affiliate.id)).toBeUndefined();
  });
});

describe("what the affiliate sees", () => {
  it("lists dates, products and amounts of their commissions, never the buyer's name or e-mail", async () => {
    const { affiliate } = await approvedAffiliate();
    const course = await createCourseForSale({ priceCents: 4000 });
    const email = `${unique("zed-quimby")}@example.com`;
    const started = await startCheckout({
      guest: { email, name: "Zed Quimby" },
      item: { courseId: course.id },
      referral: { affiliateId: affiliate.id, clickedAt: new Date() },
    });
    expect(started.status).toBe("paid");
    const listed = await listAffiliateCommissions({ affiliateId: affiliate.id, database: database().db });
    const shown = JSON.stringify({
      listed,
      rows: commissionRows(listed),
      figures: [...(await readAffiliateFigures({ affiliateIds: [affiliate.id] }))],
    });
    expect(listed).toEqual([expect.objectContaining({ itemTitle: course.title, amountCents: 800 })]);
    expect(shown).not.toContain("Quimby");
    expect(shown.toLowerCase()).not.toContain(email.toLowerCase());
  });
});
