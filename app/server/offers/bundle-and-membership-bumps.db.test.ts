import { and, asc, eq, isNotNull, or } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, ordersOf } from "../../../tests/support/payments";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { hasActiveMembership } from "~/server/access/membership.server";
import { readBumpTakeRate } from "~/server/analytics/analytics.server";
import { createBundle } from "~/server/bundles/bundles.server";
import { bundles, courseBumps, enrollments, invoices, orderLines } from "~/server/db/schema";
import { OrderNotRefundableError, refundOrder } from "~/server/payments/billing.server";
import { getCheckoutOffer, startCheckout } from "~/server/payments/checkout.server";
import { refundOrderLine } from "~/server/payments/refund-order-line.server";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/site-settings.server";
import { BumpRefusedError, saveBump } from "./course-bumps.server";

/** A bundle offered as the order bump, and the membership plans' bumps (docs/decisions/074), in test mode. */

const database = useTestDatabase();

const linesOf = (orderId: string) =>
  database().db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

async function accessOf(userId: string, courseId: string) {
  const [row] = await database()
    .db.select({ status: enrollments.status, source: enrollments.source })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  return row ? `${row.status}:${row.source}` : "none";
}

/** A published bundle of two courses ($100 and $90) at $150. */
async function bundleOfTwo({ status = "published" as "published" | "draft" } = {}) {
  const first = await createCourseForSale({ priceCents: 10000 });
  const second = await createCourseForSale({ priceCents: 9000 });
  const bundle = await createBundle({
    input: {
      title: unique("Bundle"),
      slug: unique("bundle").toLowerCase(),
      description: "",
      coverUrl: null,
      priceCents: 15000,
      status,
      courseIds: [first.id, second.id],
    },
  });
  return { bundle, first, second };
}

async function setTrialDays(days: number) {
  await updateSiteSettings({ input: { ...(await getSiteSettings()), membershipTrialDays: days }, actorId: null });
}

afterEach(() => setTrialDays(0));

describe("a bundle offered as the bump", () => {
  it("refuses a draft bundle, the bundle itself, a bundle holding the product's course and a negative price, storing nothing", async () => {
    const course = await createCourseForSale({ priceCents: 5000 });
    const { bundle } = await bundleOfTwo();
    const draft = await bundleOfTwo({ status: "draft" });
    const holding = await createBundle({
      input: {
        title: unique("Holding"),
        slug: unique("holding").toLowerCase(),
        description: "",
        coverUrl: null,
        priceCents: 9000,
        status: "published",
        courseIds: [course.id],
      },
    });
    const refusals = [
      { owner: { courseId: course.id }, offerBundleId: draft.bundle.id, priceCents: 100, field: "bumpOffer", reason: /published bundle/ },
      {
        owner: { courseId: course.id },
        offerBundleId: "00000000-0000-4000-8000-000000000000",
        priceCents: 100,
        field: "bumpOffer",
        reason: /draft or was deleted/,
      },
      {
        owner: { courseId: course.id },
        offerBundleId: holding.id,
        priceCents: 100,
        field: "bumpOffer",
        reason: /holds a course this checkout sells/,
      },
      { owner: { bundleId: bundle.id }, offerBundleId: bundle.id, priceCents: 100, field: "bumpOffer", reason: /another bundle/ },
      { owner: { courseId: course.id }, offerBundleId: bundle.id, priceCents: -1, field: "bumpPrice", reason: /cannot be negative/ },
      { owner: { plan: "monthly" as const }, offerBundleId: bundle.id, priceCents: -5, field: "bumpPrice", reason: /cannot be negative/ },
    ];
    for (const { owner, offerBundleId, priceCents, field, reason } of refusals) {
      const refused = await saveBump({ owner, offerBundleId, priceCents, pitch: "" }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BumpRefusedError);
      expect(refused).toMatchObject({ field, message: expect.stringMatching(reason) });
    }
    expect(
      await database()
        .db.select()
        .from(courseBumps)
        .where(or(eq(courseBumps.courseId, course.id), eq(courseBumps.bundleId, bundle.id), isNotNull(courseBumps.membershipPlan))),
    ).toEqual([]);
    // The database says the same: one owner, one offer.
    await expect(
      database().db.insert(courseBumps).values({ courseId: course.id, membershipPlan: "monthly", offerBundleId: bundle.id, priceCents: 1 }),
    ).rejects.toThrow();
    await expect(
      database().db.insert(courseBumps).values({ courseId: course.id, offerCourseId: course.id, offerBundleId: bundle.id, priceCents: 1 }),
    ).rejects.toThrow();
  });

  it("sells the bundle as the course's bump: one line opening its courses with the bundle as source; its refund takes them back unless held another way", async () => {
    const course = await createCourseForSale({ priceCents: 5000 });
    const { bundle, first, second } = await bundleOfTwo();
    await saveBump({ owner: { courseId: course.id }, offerBundleId: bundle.id, priceCents: 6000, pitch: "Both, for less" });
    const buyer = await createBuyer();
    await startCheckout({ userId: buyer.id, item: { courseId: first.id } });
    const offer = await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id }, withBump: true });
    expect(offer).toMatchObject({
      amountCents: 11000,
      bump: { bundleId: bundle.id, courseId: null, usualPriceCents: 15000, priceCents: 6000, chosen: true },
    });

    expect((await startCheckout({ userId: buyer.id, item: { courseId: course.id }, withBump: true })).status).toBe("paid");
    const order = (await ordersOf(buyer.id)).find((row) => row.courseId === course.id)!;
    expect(order).toMatchObject({ amountCents: 11000, bumpOffered: true });
    const lines = await linesOf(order.id);
    expect(lines).toMatchObject([
      { kind: "course", courseId: course.id, amountCents: 5000 },
      { kind: "bump", courseId: null, bundleId: bundle.id, bundleCourseIds: [first.id, second.id], amountCents: 6000 },
    ]);
    expect(await accessOf(buyer.id, second.id)).toBe("active:bundle");
    // The first course was bought before: it keeps its own purchase.
    expect(await accessOf(buyer.id, first.id)).toBe("active:purchase");

    await refundOrderLine({ orderId: order.id, lineId: lines[1]!.id, actorId: null });
    expect(await accessOf(buyer.id, second.id)).toMatch(/^revoked/);
    expect(await accessOf(buyer.id, first.id)).toBe("active:purchase");
    expect(await accessOf(buyer.id, course.id)).toBe("active:purchase");
    const [note] = await database()
      .db.select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.orderLineId, lines[1]!.id)));
    expect(note!.totalCents).toBe(6000);
  });

  it("is not offered once its bundle is a draft, or to a buyer holding all its courses", async () => {
    const course = await createCourseForSale({ priceCents: 5000 });
    const { bundle, first, second } = await bundleOfTwo();
    await saveBump({ owner: { courseId: course.id }, offerBundleId: bundle.id, priceCents: 6000, pitch: "" });
    const buyer = await createBuyer();
    for (const held of [first, second]) await startCheckout({ userId: buyer.id, item: { courseId: held.id } });
    expect((await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id } })).bump).toBeNull();
    const other = await createBuyer();
    expect((await getCheckoutOffer({ userId: other.id, item: { courseId: course.id } })).bump).not.toBeNull();
    await database().db.update(bundles).set({ status: "draft" }).where(eq(bundles.id, bundle.id));
    expect((await getCheckoutOffer({ userId: other.id, item: { courseId: course.id } })).bump).toBeNull();
  });
});

describe("a membership plan's bump", () => {
  it("is one per plan, shown only at that plan's checkout; ticked, the member pays both at once and holds the bundle's courses", async () => {
    const { bundle, first, second } = await bundleOfTwo();
    const offered = await createCourseForSale({ priceCents: 4000 });
    await saveBump({ owner: { plan: "monthly" }, offerBundleId: bundle.id, priceCents: 5000, pitch: "Keep them forever" });
    await saveBump({ owner: { plan: "monthly" }, offerBundleId: bundle.id, priceCents: 4500, pitch: "Keep them forever" });
    await saveBump({ owner: { plan: "yearly" }, offerCourseId: offered.id, priceCents: 1000, pitch: "" });
    expect(await database().db.select().from(courseBumps).where(isNotNull(courseBumps.membershipPlan))).toMatchObject([
      { membershipPlan: "monthly", offerBundleId: bundle.id, priceCents: 4500 },
      { membershipPlan: "yearly", offerCourseId: offered.id },
    ]);

    const buyer = await createBuyer();
    const { membershipMonthlyCents } = await getSiteSettings();
    const unticked = await getCheckoutOffer({ userId: buyer.id, item: { plan: "monthly" } });
    expect(unticked).toMatchObject({ amountCents: membershipMonthlyCents, bump: { bundleId: bundle.id, priceCents: 4500, chosen: false } });
    expect((await getCheckoutOffer({ userId: buyer.id, item: { plan: "yearly" } })).bump).toMatchObject({ courseId: offered.id });

    const range = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) };
    const before = await readBumpTakeRate(range);
    expect((await startCheckout({ userId: buyer.id, item: { plan: "monthly" }, withBump: true })).status).toBe("paid");
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ kind: "membership", amountCents: membershipMonthlyCents + 4500, bumpOffered: true });
    // The take rate counts the membership's bump.
    expect(await readBumpTakeRate(range)).toMatchObject({ offered: before.offered + 1, taken: before.taken + 1 });
    const lines = await linesOf(order!.id);
    expect(lines).toMatchObject([
      { kind: "membership", amountCents: membershipMonthlyCents },
      { kind: "bump", bundleId: bundle.id, amountCents: 4500 },
    ]);
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);
    expect(await accessOf(buyer.id, first.id)).toBe("active:bundle");
    expect(await accessOf(buyer.id, second.id)).toBe("active:bundle");

    // The membership's own line is refunded only with the whole order; the bump alone, with its credit note.
    await expect(refundOrderLine({ orderId: order!.id, lineId: lines[0]!.id, actorId: null })).rejects.toBeInstanceOf(
      OrderNotRefundableError,
    );
    await refundOrderLine({ orderId: order!.id, lineId: lines[1]!.id, actorId: null });
    expect(await accessOf(buyer.id, first.id)).toMatch(/^revoked/);
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);
    const notes = await database()
      .db.select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order!.id), eq(invoices.orderLineId, lines[1]!.id)));
    expect(notes.map((note) => note.totalCents)).toEqual([4500]);
    await refundOrder({ orderId: order!.id, actorId: null });
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(false);
  });

  it("with a free trial, charges the bump today and says so; the trial's first charge stays the plan's", async () => {
    await setTrialDays(14);
    const offered = await createCourseForSale({ priceCents: 4000 });
    await saveBump({ owner: { plan: "monthly" }, offerCourseId: offered.id, priceCents: 1500, pitch: "" });
    const buyer = await createBuyer();
    const offer = await getCheckoutOffer({ userId: buyer.id, item: { plan: "monthly" }, withBump: true });
    expect(offer).toMatchObject({ listPriceCents: 0, amountCents: 1500, trial: { days: 14 }, bump: { chosen: true, priceCents: 1500 } });

    expect((await startCheckout({ userId: buyer.id, item: { plan: "monthly" }, withBump: true })).status).toBe("paid");
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ status: "paid", amountCents: 1500, trialDays: 14 });
    expect(await linesOf(order!.id)).toMatchObject([
      { kind: "membership", amountCents: 0 },
      { kind: "bump", courseId: offered.id, amountCents: 1500 },
    ]);
    expect(await accessOf(buyer.id, offered.id)).toBe("active:purchase");
    const [invoice] = await database().db.select().from(invoices).where(eq(invoices.orderId, order!.id));
    expect(invoice!.totalCents).toBe(1500);
  });
});
