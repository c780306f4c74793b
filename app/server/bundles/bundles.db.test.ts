import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, mailsTo, ordersOf } from "../../../tests/support/payments";
import { createTestCoupon } from "../../../tests/support/coupons";
import { useTestDatabase } from "../../../tests/support/test-database";
import { BUNDLE_MESSAGES } from "~/lib/bundles";
import { grantCourseAccess } from "~/server/access/course-access.server";
import { findCourseAccess } from "~/server/access/lesson-access.server";
import { bundleCourses, bundles, enrollments, orderLines, orders } from "~/server/db/schema";
import { refundOrder } from "~/server/payments/billing.server";
import { BundleNotForSaleError, getCheckoutOffer, startCheckout } from "~/server/payments/checkout.server";
import { readKindSales } from "~/server/analytics/analytics.server";
import {
  createBundle,
  findBundleForSale,
  InvalidBundleError,
  listBundlesWithCourse,
  listBundlesWithCourseForPage,
  listPublishedBundles,
  updateBundle,
  type BundleInput,
} from "./bundles.server";

const database = useTestDatabase();

let slugs = 0;
const input = (courseIds: string[], overrides: Partial<BundleInput> = {}): BundleInput => ({
  title: `Bundle ${++slugs}`,
  slug: `bundle-${slugs}-${Math.random().toString(36).slice(2, 8)}`,
  description: "Two courses, one price.",
  coverUrl: null,
  priceCents: 20000,
  status: "published",
  courseIds,
  ...overrides,
});

const enrollmentOf = async (userId: string, courseId: string) =>
  (
    await database()
      .db.select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
  )[0];

const opens = async (userId: string, courseId: string) =>
  (await findCourseAccess({ user: { id: userId, role: "user" }, course: { id: courseId, status: "published" } })).kind === "open";

async function twoCourseBundle(priceCents = 20000) {
  const first = await createCourseForSale({ priceCents: 14900 });
  const second = await createCourseForSale({ priceCents: 9900 });
  const bundle = await createBundle({ input: input([first.id, second.id], { priceCents }) });
  return { first, second, bundle };
}

describe("saving a bundle", () => {
  it("writes the bundle and its courses in their order", async () => {
    const { first, second, bundle } = await twoCourseBundle();
    const held = await database()
      .db.select()
      .from(bundleCourses)
      .where(eq(bundleCourses.bundleId, bundle.id))
      .orderBy(asc(bundleCourses.position));
    expect(held.map((row) => row.courseId)).toEqual([first.id, second.id]);
    expect(bundle.publishedAt).toBeInstanceOf(Date);
  });

  it("refuses a bundle with no published course, a negative price, an unknown course and a taken slug, and stores nothing", async () => {
    const draft = await createCourseForSale({ status: "draft" });
    const published = await createCourseForSale();
    const taken = await createBundle({ input: input([published.id]) });
    const before = await database().db.select().from(bundles);

    const refusals = await Promise.all([
      createBundle({ input: input([draft.id]) }).catch((error: unknown) => error),
      createBundle({ input: input([]) }).catch((error: unknown) => error),
      createBundle({ input: input([published.id], { priceCents: -100 }) }).catch((error: unknown) => error),
      createBundle({ input: input([published.id, "6b1d8a8e-0000-4000-8000-000000000000"]) }).catch((error: unknown) => error),
      createBundle({ input: input([published.id], { slug: taken.slug }) }).catch((error: unknown) => error),
      updateBundle({ bundleId: taken.id, input: input([draft.id], { slug: taken.slug }) }).catch((error: unknown) => error),
    ]);

    expect(refusals.map((error) => (error instanceof InvalidBundleError ? [error.field, error.reason] : error))).toEqual([
      ["courseIds", BUNDLE_MESSAGES.noPublishedCourse],
      ["courseIds", BUNDLE_MESSAGES.noPublishedCourse],
      ["priceCents", BUNDLE_MESSAGES.negativePrice],
      ["courseIds", BUNDLE_MESSAGES.unknownCourse],
      ["slug", BUNDLE_MESSAGES.slugTaken],
      ["courseIds", BUNDLE_MESSAGES.noPublishedCourse],
    ]);
    expect(await database().db.select().from(bundles)).toEqual(before);
    expect(
      (await database().db.select().from(bundleCourses).where(eq(bundleCourses.bundleId, taken.id))).map((row) => row.courseId),
    ).toEqual([published.id]);
  });

  it("sells only its published courses, lists it in the catalog and on its courses' pages, and not as a draft", async () => {
    const { first, second, bundle } = await twoCourseBundle();
    const draftCourse = await createCourseForSale({ status: "draft" });
    await updateBundle({
      bundleId: bundle.id,
      input: input([first.id, draftCourse.id, second.id], { slug: bundle.slug, title: bundle.title }),
    });

    const sold = await findBundleForSale({ slug: bundle.slug });
    expect(sold?.courses.map((course) => course.id)).toEqual([first.id, second.id]);
    expect(sold?.coursesCents).toBe(14900 + 9900);
    expect((await listPublishedBundles()).map((row) => row.id)).toContain(bundle.id);
    expect(await listBundlesWithCourse({ courseId: first.id })).toEqual([{ slug: bundle.slug, title: bundle.title }]);

    await updateBundle({ bundleId: bundle.id, input: input([first.id], { slug: bundle.slug, title: bundle.title, status: "draft" }) });
    expect(await findBundleForSale({ slug: bundle.slug })).toBeNull();
    expect((await listPublishedBundles()).map((row) => row.id)).not.toContain(bundle.id);
    expect(await listBundlesWithCourse({ courseId: first.id })).toEqual([]);
  });

  it("keeps a course page's \"Also in\" bundles in memory until a bundle is published or drafted", async () => {
    const { first, bundle } = await twoCourseBundle();
    const kept = await listBundlesWithCourseForPage({ courseId: first.id });
    expect(kept).toEqual([{ slug: bundle.slug, title: bundle.title }]);
    expect(await listBundlesWithCourseForPage({ courseId: first.id })).toBe(kept);

    await updateBundle({ bundleId: bundle.id, input: input([first.id], { slug: bundle.slug, title: bundle.title, status: "draft" }) });
    // The write announced itself (PGlite: as it commits; PostgreSQL: by NOTIFY, a moment after).
    await expect.poll(() => listBundlesWithCourseForPage({ courseId: first.id })).toEqual([]);
    await updateBundle({ bundleId: bundle.id, input: input([first.id], { slug: bundle.slug, title: "Renamed bundle", status: "published" }) });
    await expect.poll(() => listBundlesWithCourseForPage({ courseId: first.id })).toEqual([{ slug: bundle.slug, title: "Renamed bundle" }]);
  });
});

describe("buying a bundle in test mode", () => {
  it("makes one order with one bundle line, opens every course with the bundle as source, and mails one receipt listing them", async () => {
    const buyer = await createBuyer();
    const { first, second, bundle } = await twoCourseBundle(20000);

    const started = await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id } });

    expect(started.status).toBe("paid");
    const [order, ...others] = await ordersOf(buyer.id);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ kind: "bundle", bundleId: bundle.id, itemTitle: bundle.title, amountCents: 20000, status: "paid" });
    const lines = await database().db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines).toMatchObject([{ kind: "bundle", bundleId: bundle.id, bundleCourseIds: [first.id, second.id], amountCents: 20000 }]);
    expect(await enrollmentOf(buyer.id, first.id)).toMatchObject({ status: "active", source: "bundle" });
    expect(await enrollmentOf(buyer.id, second.id)).toMatchObject({ status: "active", source: "bundle" });
    expect(await opens(buyer.id, first.id)).toBe(true);

    const receipts = await mailsTo(buyer.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain(first.title);
    expect(receipts[0]).toContain(second.title);
    expect(receipts[0]).toContain("$200.00");
  });

  it("reads the price from the database when paying, not the one shown earlier", async () => {
    const buyer = await createBuyer();
    const { bundle } = await twoCourseBundle(20000);
    const shown = await getCheckoutOffer({ userId: buyer.id, item: { bundleId: bundle.id } });
    await database().db.update(bundles).set({ priceCents: 17500 }).where(eq(bundles.id, bundle.id));

    await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id } });

    expect(shown.amountCents).toBe(20000);
    expect((await ordersOf(buyer.id))[0]).toMatchObject({ amountCents: 17500, listPriceCents: 17500 });
  });

  it("tells a buyer which courses they hold already, and charges nothing to one who holds them all", async () => {
    const buyer = await createBuyer();
    const { first, second, bundle } = await twoCourseBundle();
    await grantCourseAccess({ userId: buyer.id, courseId: first.id, actorId: null, source: "admin" });

    const offer = await getCheckoutOffer({ userId: buyer.id, item: { bundleId: bundle.id } });
    expect(offer.blocked).toBeNull();
    expect(offer.bundle?.heldCourseIds).toEqual([first.id]);

    await grantCourseAccess({ userId: buyer.id, courseId: second.id, actorId: null, source: "admin" });
    const started = await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id } });
    expect(started.status).toBe("already-owned");
    expect(await ordersOf(buyer.id)).toEqual([]);
  });

  it("refuses a draft bundle, and an unknown one, with nothing written", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    const draft = await createBundle({ input: input([course.id], { status: "draft" }) });
    await expect(startCheckout({ userId: buyer.id, item: { bundleId: draft.id } })).rejects.toBeInstanceOf(BundleNotForSaleError);
    await expect(startCheckout({ userId: buyer.id, item: { bundleId: "not-a-uuid" } })).rejects.toBeInstanceOf(BundleNotForSaleError);
    expect(await ordersOf(buyer.id)).toEqual([]);
  });

  it("takes a coupon for bundles, and refuses a coupon for courses", async () => {
    const buyer = await createBuyer();
    const { bundle } = await twoCourseBundle(20000);
    const forBundles = await createTestCoupon({ appliesTo: "bundles", discountType: "percent", percentOff: 25 });
    const forCourses = await createTestCoupon({ appliesTo: "all-courses", discountType: "percent", percentOff: 25 });

    const refused = await getCheckoutOffer({ userId: buyer.id, item: { bundleId: bundle.id }, couponCode: forCourses.code });
    expect(refused.coupon?.refusal).not.toBeNull();
    expect(refused.amountCents).toBe(20000);

    await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id }, couponCode: forBundles.code });
    expect((await ordersOf(buyer.id))[0]).toMatchObject({
      listPriceCents: 20000,
      discountCents: 5000,
      amountCents: 15000,
      couponId: forBundles.id,
    });
  });

  it("counts its revenue as the bundle kind", async () => {
    const buyer = await createBuyer();
    const { bundle } = await twoCourseBundle(20000);
    const range = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) };
    const before = (await readKindSales(range)).find((row) => row.kind === "bundle")!;
    await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id } });
    const after = (await readKindSales(range)).find((row) => row.kind === "bundle")!;
    expect([after.sales - before.sales, after.grossCents - before.grossCents]).toEqual([1, 20000]);
  });
});

describe("refunding a bundle", () => {
  it("takes back what the bundle opened, but not a course another paid order opens", async () => {
    const buyer = await createBuyer();
    const { first, second, bundle } = await twoCourseBundle();
    const third = await createCourseForSale({ priceCents: 5000 });
    const fourth = await createCourseForSale({ priceCents: 5000 });
    await updateBundle({
      bundleId: bundle.id,
      input: input([first.id, second.id, third.id, fourth.id], { slug: bundle.slug, title: bundle.title }),
    });
    await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id } });
    const [order] = await ordersOf(buyer.id);

    // A paid order of the third course alone, as a second tab would leave it.
    await database().db.insert(orders).values({
      userId: buyer.id,
      customerEmail: buyer.email,
      kind: "course",
      courseId: third.id,
      itemTitle: third.title,
      amountCents: 5000,
      listPriceCents: 5000,
      status: "paid",
      provider: "test",
      paidAt: new Date(),
    });

    await refundOrder({ orderId: order!.id, actorId: null });

    expect(await enrollmentOf(buyer.id, first.id)).toMatchObject({ status: "revoked" });
    expect(await enrollmentOf(buyer.id, second.id)).toMatchObject({ status: "revoked" });
    expect(await enrollmentOf(buyer.id, fourth.id)).toMatchObject({ status: "revoked" });
    // Covered by its own paid order.
    expect(await enrollmentOf(buyer.id, third.id)).toMatchObject({ status: "active" });
    expect(await opens(buyer.id, first.id)).toBe(false);
    const [refunded] = await database().db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(refunded!.refundedAt).toBeInstanceOf(Date);
  });

  it("keeps a course an admin granted before the bundle, and one the membership opens", async () => {
    const buyer = await createBuyer();
    const { first, second, bundle } = await twoCourseBundle();
    await grantCourseAccess({ userId: buyer.id, courseId: first.id, actorId: null, source: "admin" });
    await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id } });
    const [order] = await ordersOf(buyer.id);
    await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });

    await refundOrder({ orderId: order!.id, actorId: null });

    expect(await enrollmentOf(buyer.id, first.id)).toMatchObject({ status: "active", source: "admin" });
    expect(await enrollmentOf(buyer.id, second.id)).toMatchObject({ status: "revoked", source: "bundle" });
    // The membership still opens it: the one access rule reads both.
    expect(await opens(buyer.id, second.id)).toBe(true);
  });

  it("keeps a course when the buyer holds it through a second bundle too", async () => {
    const buyer = await createBuyer();
    const { first, second, bundle } = await twoCourseBundle();
    const third = await createCourseForSale();
    const other = await createBundle({ input: input([second.id, third.id]) });
    await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id } });
    await startCheckout({ userId: buyer.id, item: { bundleId: other.id } });
    const [firstOrder] = await ordersOf(buyer.id);

    await refundOrder({ orderId: firstOrder!.id, actorId: null });

    expect(await enrollmentOf(buyer.id, first.id)).toMatchObject({ status: "revoked" });
    expect(await enrollmentOf(buyer.id, second.id)).toMatchObject({ status: "active" });
    expect(await enrollmentOf(buyer.id, third.id)).toMatchObject({ status: "active" });
  });
});
