import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale } from "../../../tests/support/payments";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { affiliateJoinForm, affiliateSettingsForm, type AffiliateSettingsInput } from "~/lib/affiliate-forms";
import { parseForm } from "~/lib/forms/parse-form";
import { accessEvents, affiliateClicks, affiliateCommissions, affiliateSettings, affiliates, orders } from "~/server/db/schema";
import { refundOrder } from "~/server/payments/billing.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { getAffiliateProgram, updateAffiliateProgram } from "./affiliate-settings.server";
import {
  joinAffiliateProgram,
  readAffiliateFigures,
  setAffiliateStatus,
  updateAffiliateTerms,
  AffiliateCodeTakenError,
} from "./affiliates.server";
import { readReferral, recordAffiliateVisit, type Referral } from "./affiliate-referrals.server";
import { payAffiliates, PayoutNotPayableError, listPayableBalances } from "./affiliate-payouts.server";

const database = useTestDatabase();
const DAY_MS = 24 * 60 * 60 * 1000;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

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

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** An approved affiliate (the program on, 20%), and the owner who approved them. */
async function approvedAffiliate(program: Partial<AffiliateSettingsInput> = {}) {
  const owner = await createBuyer();
  await updateAffiliateProgram({ input: { ...PROGRAM, ...program }, actorId: owner.id });
  const person = await createBuyer();
  const joined = await joinAffiliateProgram({ userId: person.id, code: unique("ann").replace(/_/g, "-").slice(0, 40) });
  await setAffiliateStatus({ affiliateId: joined.id, intent: "approve", actorId: owner.id });
  return { owner, person, affiliate: joined };
}

const referralOf = (affiliateId: string, clickedAt = new Date()): Referral => ({ affiliateId, clickedAt });
const commissionsOf = (affiliateId: string) =>
  database().db.select().from(affiliateCommissions).where(eq(affiliateCommissions.affiliateId, affiliateId));

async function buyThrough({ affiliateId, priceCents = 10000, clickedAt }: { affiliateId: string; priceCents?: number; clickedAt?: Date }) {
  const buyer = await createBuyer();
  const course = await createCourseForSale({ priceCents });
  const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id }, referral: referralOf(affiliateId, clickedAt) });
  expect(started.status).toBe("paid");
  const [order] = await database().db.select().from(orders).where(eq(orders.userId, buyer.id));
  return { buyer, course, order: order! };
}

describe("the program's settings and an affiliate's code", () => {
  it("refuses out-of-range settings with the reason, and stores nothing", async () => {
    const base = {
      intent: "settings",
      enabled: "on",
      joinPolicy: "approval",
      commissionType: "percent",
      commissionPercent: "20",
      cookieDays: "30",
      holdDays: "30",
      membershipPayments: "every",
    };
    expect(parseForm(affiliateSettingsForm("usd"), form({ ...base, cookieDays: "0" })).errors?.cookieDays).toEqual([
      "Enter a number of days from 1 to 365",
    ]);
    expect(parseForm(affiliateSettingsForm("usd"), form({ ...base, cookieDays: "1000" })).errors?.cookieDays).toEqual([
      "Enter a number of days from 1 to 365",
    ]);
    expect(parseForm(affiliateSettingsForm("usd"), form({ ...base, commissionPercent: "101" })).errors?.commissionPercent).toEqual([
      "Enter a percentage from 0 to 100",
    ]);
    expect(parseForm(affiliateSettingsForm("usd"), form({ ...base, commissionPercent: "-5" })).errors?.commissionPercent).toEqual([
      "Enter a percentage from 0 to 100",
    ]);
    expect(
      parseForm(affiliateSettingsForm("usd"), form({ ...base, commissionType: "fixed", commissionFixed: "-3" })).errors?.commissionFixed,
    ).toEqual(["The amount cannot be negative"]);
    expect(parseForm(affiliateSettingsForm("usd"), form({ ...base, membershipPayments: "sometimes" })).errors?.membershipPayments).toEqual([
      "Choose whether memberships pay on every payment or the first only",
    ]);
    expect(parseForm(affiliateSettingsForm("usd"), form(base)).data).toMatchObject({
      enabled: true,
      commissionPercent: 20,
      cookieDays: 30,
      recurringCommissions: true,
    });
    expect(parseForm(affiliateSettingsForm("usd"), form({ ...base, membershipPayments: "first" })).data?.recurringCommissions).toBe(false);
    // A fixed commission is typed in the school's currency: 5 dollars is 500 cents, 500 yen is 500.
    const fixed = { ...base, commissionType: "fixed", commissionFixed: "500" };
    expect(parseForm(affiliateSettingsForm("jpy"), form(fixed)).data?.commissionFixedCents).toBe(500);
    expect(parseForm(affiliateSettingsForm("usd"), form({ ...fixed, commissionFixed: "5" })).data?.commissionFixedCents).toBe(500);
    expect(await database().db.select().from(affiliateSettings)).toEqual([]);
    expect(await getAffiliateProgram()).toMatchObject({ enabled: false, cookieDays: 30, holdDays: 30 });
  });

  it("refuses a code with spaces, HTML or 200 characters, and a code taken in another case", async () => {
    const shape = "Use only letters, digits and hyphens (no spaces)";
    expect(parseForm(affiliateJoinForm, form({ intent: "join", code: "my code" })).errors?.code).toContain(shape);
    expect(parseForm(affiliateJoinForm, form({ intent: "join", code: "<b>x</b>" })).errors?.code).toContain(shape);
    expect(parseForm(affiliateJoinForm, form({ intent: "join", code: "a".repeat(200) })).errors?.code).toContain("Use 3 to 40 characters");
    expect(parseForm(affiliateJoinForm, form({ intent: "join", code: "" })).data?.code).toBe("");

    const { affiliate } = await approvedAffiliate();
    const other = await createBuyer();
    await expect(joinAffiliateProgram({ userId: other.id, code: affiliate.code.toUpperCase() })).rejects.toBeInstanceOf(
      AffiliateCodeTakenError,
    );
    expect(await database().db.select().from(affiliates).where(eq(affiliates.userId, other.id))).toEqual([]);
  });

  it("audits the settings and each affiliate's changes", async () => {
    const { owner, person, affiliate } = await approvedAffiliate();
    await updateAffiliateTerms({
      affiliateId: affiliate.id,
      input: { commission: { commissionType: "fixed", commissionPercent: 0, commissionFixedCents: 500 }, courseIds: [] },
      actorId: owner.id,
    });
    const types = await database()
      .db.select({ type: accessEvents.type, note: accessEvents.note })
      .from(accessEvents)
      .where(eq(accessEvents.userId, person.id))
      .orderBy(accessEvents.createdAt);
    expect(types.map((row) => row.type)).toEqual(["affiliate_changed", "affiliate_changed", "affiliate_changed"]);
    expect(types.map((row) => row.note).join("\n")).toMatch(/Pending approval → Approved[\s\S]*\$5\.00 per sale/);
    const settings = await database()
      .db.select()
      .from(accessEvents)
      .where(and(eq(accessEvents.userId, owner.id), eq(accessEvents.type, "affiliate_settings_changed")));
    expect(settings).toHaveLength(1);
  });
});

describe("attribution", () => {
  it("pays 20% of what was paid before tax, pending until the hold period is over", async () => {
    const { affiliate } = await approvedAffiliate();
    const { order } = await buyThrough({ affiliateId: affiliate.id, priceCents: 14999 });
    expect(order.affiliateId).toBe(affiliate.id);
    const [commission] = await commissionsOf(affiliate.id);
    expect(commission).toMatchObject({ kind: "sale", orderId: order.id, baseCents: 14999, amountCents: 2999, state: "pending" });
    expect(commission!.availableAt.getTime()).toBe(order.paidAt!.getTime() + 30 * DAY_MS);
    expect(await readAffiliateFigures({ affiliateIds: [affiliate.id] })).toEqual(
      new Map([[affiliate.id, { clicks: 0, signups: 0, sales: 1, pendingCents: 2999, payableCents: 0, paidCents: 0, reversedCents: 0 }]]),
    );
  });

  it("ignores a click older than the cookie period", async () => {
    const { affiliate } = await approvedAffiliate({ cookieDays: 7 });
    const { order } = await buyThrough({ affiliateId: affiliate.id, clickedAt: new Date(Date.now() - 8 * DAY_MS) });
    expect(order.affiliateId).toBeNull();
    const inside = await buyThrough({ affiliateId: affiliate.id, clickedAt: new Date(Date.now() - 6 * DAY_MS) });
    expect(inside.order.affiliateId).toBe(affiliate.id);
    expect(await commissionsOf(affiliate.id)).toHaveLength(1);
  });

  it("lets the last click win and counts one click per visitor a day, bots left out", async () => {
    const first = await approvedAffiliate();
    const second = await approvedAffiliate();
    const visit = { ip: "203.0.113.9", userAgent: BROWSER };
    const one = await recordAffiliateVisit({ code: first.affiliate.code.toUpperCase(), ...visit });
    for (let index = 0; index < 5; index++) await recordAffiliateVisit({ code: first.affiliate.code, ...visit });
    const two = await recordAffiliateVisit({ code: second.affiliate.code, ...visit });
    await recordAffiliateVisit({
      code: first.affiliate.code,
      ip: "203.0.113.9",
      userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)",
    });
    expect(readReferral(one!.cookie.split(";")[0])?.affiliateId).toBe(first.affiliate.id);
    // The browser keeps the newest cookie of a name: the second link's.
    const last = readReferral(two!.cookie.split(";")[0]);
    expect(last?.affiliateId).toBe(second.affiliate.id);
    expect(readReferral(two!.cookie.split(";")[0].replace(/.$/, "x"))).toBeNull();
    const clicks = await database().db.select().from(affiliateClicks).where(eq(affiliateClicks.affiliateId, first.affiliate.id));
    expect(clicks).toHaveLength(1);
    expect(JSON.stringify(clicks)).not.toContain("203.0.113.9");

    const { order } = await buyThrough({ affiliateId: last!.affiliateId });
    expect(order.affiliateId).toBe(second.affiliate.id);
  });

  it("answers no cookie for an unknown, paused or pending code, or while the program is off", async () => {
    const { owner, affiliate } = await approvedAffiliate();
    const visit = { ip: "203.0.113.10", userAgent: BROWSER };
    expect(await recordAffiliateVisit({ code: "nobody-here", ...visit })).toBeNull();
    await setAffiliateStatus({ affiliateId: affiliate.id, intent: "pause", actorId: owner.id });
    expect(await recordAffiliateVisit({ code: affiliate.code, ...visit })).toBeNull();
  });

  it("refuses the affiliate's own purchase, by account or by e-mail as a guest", async () => {
    const { person, affiliate } = await approvedAffiliate();
    const course = await createCourseForSale();
    await startCheckout({ userId: person.id, item: { courseId: course.id }, referral: referralOf(affiliate.id) });
    const [own] = await database().db.select().from(orders).where(eq(orders.userId, person.id));
    expect(own!.affiliateId).toBeNull();

    const other = await createCourseForSale();
    const guest = await startCheckout({
      guest: { email: person.email.toUpperCase(), name: "Me Again" },
      item: { courseId: other.id },
      referral: referralOf(affiliate.id),
    });
    expect(guest.status).toBe("paid");
    const [guestOrder] = await database().db.select().from(orders).where(eq(orders.courseId, other.id));
    expect(guestOrder).toMatchObject({ status: "paid", affiliateId: null });
    expect(await commissionsOf(affiliate.id)).toEqual([]);
  });

  it("refuses a paused or removed affiliate, and a course they are restricted from", async () => {
    const { owner, affiliate } = await approvedAffiliate();
    const allowed = await createCourseForSale();
    await updateAffiliateTerms({ affiliateId: affiliate.id, input: { commission: null, courseIds: [allowed.id] }, actorId: owner.id });
    const elsewhere = await buyThrough({ affiliateId: affiliate.id });
    expect(elsewhere.order.affiliateId).toBeNull();

    const buyer = await createBuyer();
    await startCheckout({ userId: buyer.id, item: { courseId: allowed.id }, referral: referralOf(affiliate.id) });
    const [allowedOrder] = await database().db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(allowedOrder!.affiliateId).toBe(affiliate.id);

    await setAffiliateStatus({ affiliateId: affiliate.id, intent: "pause", actorId: owner.id });
    const paused = await buyThrough({ affiliateId: affiliate.id });
    expect(paused.order.affiliateId).toBeNull();
    await setAffiliateStatus({ affiliateId: affiliate.id, intent: "remove", actorId: owner.id });
    const removed = await buyThrough({ affiliateId: affiliate.id });
    expect(removed.order.affiliateId).toBeNull();
    expect(await commissionsOf(affiliate.id)).toHaveLength(1);
  });
});

describe("refunds and payouts", () => {
  it("cancels an unpaid commission when its order is refunded", async () => {
    const { owner, affiliate } = await approvedAffiliate();
    const { order } = await buyThrough({ affiliateId: affiliate.id });
    await refundOrder({ orderId: order.id, actorId: owner.id });
    const [commission] = await commissionsOf(affiliate.id);
    expect(commission).toMatchObject({ state: "reversed", amountCents: 2000 });
    expect(commission!.reversedAt).toBeInstanceOf(Date);
    const [event] = await database()
      .db.select()
      .from(accessEvents)
      .where(and(eq(accessEvents.orderId, order.id), eq(accessEvents.type, "affiliate_commission_reversed")));
    expect(event).toBeDefined();
  });

  it("pays a batch in one go, refuses a balance that is not payable, and carries a paid commission's reversal to the next payout", async () => {
    const first = await approvedAffiliate({ holdDays: 0 });
    const second = await approvedAffiliate({ holdDays: 0 });
    const sale = await buyThrough({ affiliateId: first.affiliate.id, priceCents: 10000 });
    await buyThrough({ affiliateId: second.affiliate.id, priceCents: 5000 });
    const later = new Date(Date.now() + 1000);

    // One affiliate with nothing payable refuses the whole batch: nothing is paid.
    const idle = await approvedAffiliate({ holdDays: 0 });
    await expect(
      payAffiliates({
        affiliateIds: [first.affiliate.id, idle.affiliate.id],
        paidOn: "2026-11-30",
        reference: "BATCH-0",
        actorId: first.owner.id,
        now: later,
      }),
    ).rejects.toBeInstanceOf(PayoutNotPayableError);
    expect((await commissionsOf(first.affiliate.id)).map((row) => row.state)).toEqual(["pending"]);

    const payouts = await payAffiliates({
      affiliateIds: [first.affiliate.id, second.affiliate.id],
      paidOn: "2026-11-30",
      reference: "BATCH-1",
      actorId: first.owner.id,
      now: later,
    });
    expect(payouts.map((payout) => payout.amountCents).sort()).toEqual([1000, 2000]);
    expect((await commissionsOf(first.affiliate.id)).map((row) => row.state)).toEqual(["paid"]);

    // The refund of a paid sale: a negative balance, payable at once, so a payout of it is refused.
    await refundOrder({ orderId: sale.order.id, actorId: first.owner.id });
    const rows = await commissionsOf(first.affiliate.id);
    expect(rows.map((row) => [row.kind, row.state, row.amountCents]).sort()).toEqual([
      ["reversal", "pending", -2000],
      ["sale", "paid", 2000],
    ]);
    const balances = await listPayableBalances({ now: new Date(Date.now() + 1000) });
    expect(balances.find((row) => row.affiliateId === first.affiliate.id)?.balanceCents).toBe(-2000);
    await expect(
      payAffiliates({
        affiliateIds: [first.affiliate.id],
        paidOn: "2026-12-31",
        reference: "BATCH-2",
        actorId: first.owner.id,
        now: new Date(Date.now() + 1000),
      }),
    ).rejects.toBeInstanceOf(PayoutNotPayableError);

    // The next sale is paid net of the reversal.
    await buyThrough({ affiliateId: first.affiliate.id, priceCents: 20000 });
    const [next] = await payAffiliates({
      affiliateIds: [first.affiliate.id],
      paidOn: "2026-12-31",
      reference: "BATCH-3",
      actorId: first.owner.id,
      now: new Date(Date.now() + 1000),
    });
    expect(next!.amountCents).toBe(2000);
  });
});
