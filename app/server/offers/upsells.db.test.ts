import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, mailsTo, ordersOf } from "../../../tests/support/payments";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { grantCourseAccess } from "~/server/access/course-access.server";
import { readKindSales, readUpsellTakeRate } from "~/server/analytics/analytics.server";
import { createBundle } from "~/server/bundles/bundles.server";
import { courses, courseUpsells, enrollments, orderLines, orders } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { refundOrderLine } from "~/server/payments/refund-order-line.server";
import { acceptUpsell, claimUpsellShowing, declineUpsell, findPendingUpsell } from "~/server/payments/upsells.server";
import { removeCourseUpsell, saveCourseUpsell, UpsellRefusedError } from "./course-upsells.server";

/** One-click upsells after a purchase (docs/decisions/070), in test mode. */

const database = useTestDatabase();

const linesOf = (orderId: string) =>
  database().db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

async function accessOf(userId: string, courseId: string) {
  const [row] = await database()
    .db.select({ status: enrollments.status, source: enrollments.source })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  return row ?? { status: "none", source: null };
}

/** A course for sale at $100 whose buyer is offered another ($80) at $30 once it is paid. */
async function courseWithUpsell() {
  const course = await createCourseForSale({ priceCents: 10000 });
  const offered = await createCourseForSale({ priceCents: 8000 });
  await saveCourseUpsell({ courseId: course.id, product: { kind: "course", id: offered.id }, priceCents: 3000, pitch: "Go further" });
  return { course, offered };
}

async function buyCourseWithUpsell() {
  const buyer = await createBuyer();
  const { course, offered } = await courseWithUpsell();
  const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
  expect(started.status).toBe("paid");
  const [order] = await ordersOf(buyer.id);
  return { buyer, course, offered, order: order! };
}

const upsellOrderOf = async (orderId: string) =>
  (await database().db.select().from(orders).where(eq(orders.upsellOfOrderId, orderId)))[0] ?? null;

describe("an upsell's settings", () => {
  it("refuses a draft or missing product, the course itself and a negative price, storing nothing", async () => {
    const course = await createCourseForSale();
    const draft = await createCourseForSale({ status: "draft" });
    const published = await createCourseForSale();
    const missing = "00000000-0000-4000-8000-000000000000";
    const refusals = [
      { product: { kind: "course" as const, id: draft.id }, priceCents: 100, field: "upsellProduct", reason: /draft or was deleted/ },
      { product: { kind: "course" as const, id: missing }, priceCents: 100, field: "upsellProduct", reason: /draft or was deleted/ },
      { product: { kind: "bundle" as const, id: missing }, priceCents: 100, field: "upsellProduct", reason: /draft or was deleted/ },
      { product: { kind: "course" as const, id: course.id }, priceCents: 100, field: "upsellProduct", reason: /another course/ },
      { product: { kind: "course" as const, id: published.id }, priceCents: -1, field: "upsellPrice", reason: /cannot be negative/ },
    ];
    for (const { product, priceCents, field, reason } of refusals) {
      const refused = await saveCourseUpsell({ courseId: course.id, product, priceCents, pitch: "" }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UpsellRefusedError);
      expect(refused).toMatchObject({ field, message: expect.stringMatching(reason) });
    }
    expect(await database().db.select().from(courseUpsells).where(eq(courseUpsells.courseId, course.id))).toEqual([]);
  });

  it("refuses a draft bundle, keeps one upsell per course (a bundle replaces a course) and removes it", async () => {
    const { course } = await courseWithUpsell();
    const inside = await createCourseForSale();
    const input = { title: "Kit", slug: unique("kit"), description: "", coverUrl: null, priceCents: 9000, courseIds: [inside.id] };
    const draft = await createBundle({ input: { ...input, status: "draft" } });
    await expect(
      saveCourseUpsell({ courseId: course.id, product: { kind: "bundle", id: draft.id }, priceCents: 1, pitch: "" }),
    ).rejects.toBeInstanceOf(UpsellRefusedError);
    const bundle = await createBundle({ input: { ...input, slug: unique("kit"), status: "published" } });
    await saveCourseUpsell({ courseId: course.id, product: { kind: "bundle", id: bundle.id }, priceCents: 4000, pitch: "All of it" });
    expect(await database().db.select().from(courseUpsells).where(eq(courseUpsells.courseId, course.id))).toMatchObject([
      { offerCourseId: null, offerBundleId: bundle.id, priceCents: 4000, pitch: "All of it" },
    ]);
    expect(await removeCourseUpsell({ courseId: course.id })).toBe(true);
    expect(await database().db.select().from(courseUpsells).where(eq(courseUpsells.courseId, course.id))).toEqual([]);
  });
});

describe("the offer after a purchase", () => {
  it("is shown once per order: a second tab or a reload gets nothing", async () => {
    const { buyer, order, offered } = await buyCourseWithUpsell();
    expect(await findPendingUpsell({ userId: buyer.id, orderId: order.id })).toMatchObject({ title: offered.title, priceCents: 3000 });
    const [first, second] = await Promise.all([
      claimUpsellShowing({ userId: buyer.id, orderId: order.id }),
      claimUpsellShowing({ userId: buyer.id, orderId: order.id }),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(await claimUpsellShowing({ userId: buyer.id, orderId: order.id })).toBeNull();
    expect(await findPendingUpsell({ userId: buyer.id, orderId: order.id })).toBeNull();
  });

  it("is not shown to someone else, nor to a buyer who holds the offer (a grant, the course bought before)", async () => {
    const { buyer, order, offered } = await buyCourseWithUpsell();
    const stranger = await createBuyer();
    expect(await claimUpsellShowing({ userId: stranger.id, orderId: order.id })).toBeNull();
    await grantCourseAccess({ userId: buyer.id, courseId: offered.id, actorId: null, source: "admin" });
    expect(await claimUpsellShowing({ userId: buyer.id, orderId: order.id })).toBeNull();
    expect((await database().db.select().from(orders).where(eq(orders.id, order.id)))[0]!.upsellShownAt).toBeNull();
  });

  it("is not shown for an offered course no longer published", async () => {
    const { buyer, order, offered } = await buyCourseWithUpsell();
    await database().db.update(courses).set({ status: "draft" }).where(eq(courses.id, offered.id));
    expect(await claimUpsellShowing({ userId: buyer.id, orderId: order.id })).toBeNull();
  });

  it("Add to my order: a linked order of one upsell line at the price stored when paying, the course opened, a receipt", async () => {
    const { buyer, course, order, offered } = await buyCourseWithUpsell();
    await claimUpsellShowing({ userId: buyer.id, orderId: order.id });
    // The owner changes the special price after the page was shown: the payment reads it now.
    await database().db.update(courseUpsells).set({ priceCents: 3500 }).where(eq(courseUpsells.courseId, course.id));
    const accepted = await acceptUpsell({ userId: buyer.id, orderId: order.id });
    expect(accepted).toMatchObject({ status: "paid", title: offered.title });
    const upsell = await upsellOrderOf(order.id);
    expect(upsell).toMatchObject({ status: "paid", kind: "course", courseId: offered.id, amountCents: 3500, listPriceCents: 3500 });
    expect(await linesOf(upsell!.id)).toMatchObject([{ kind: "upsell", courseId: offered.id, amountCents: 3500 }]);
    expect(await accessOf(buyer.id, offered.id)).toEqual({ status: "active", source: "purchase" });
    expect(await accessOf(buyer.id, course.id)).toMatchObject({ status: "active" });
    expect((await database().db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ upsellAnswer: "accepted" });
    const receipts = (await mailsTo(buyer.email)).filter((mail) => mail.includes(offered.title));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain("$35.00");
    const range = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) };
    expect((await readKindSales(range)).find((row) => row.kind === "upsell")).toMatchObject({ sales: 1, grossCents: 3500 });
  });

  it("charges once for a double click: one order, one line, and the second answer changes nothing", async () => {
    const { buyer, order } = await buyCourseWithUpsell();
    await claimUpsellShowing({ userId: buyer.id, orderId: order.id });
    const answers = await Promise.all([
      acceptUpsell({ userId: buyer.id, orderId: order.id }),
      acceptUpsell({ userId: buyer.id, orderId: order.id }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(["answered", "paid"]);
    expect(await database().db.select().from(orders).where(eq(orders.upsellOfOrderId, order.id))).toHaveLength(1);
    expect(await declineUpsell({ userId: buyer.id, orderId: order.id })).toBe(false);
  });

  it("No thanks: recorded once, nothing sold, and Add afterwards sells nothing", async () => {
    const { buyer, order, offered } = await buyCourseWithUpsell();
    await claimUpsellShowing({ userId: buyer.id, orderId: order.id });
    expect(await declineUpsell({ userId: buyer.id, orderId: order.id })).toBe(true);
    expect(await declineUpsell({ userId: buyer.id, orderId: order.id })).toBe(false);
    expect(await acceptUpsell({ userId: buyer.id, orderId: order.id })).toMatchObject({ status: "answered", upsellOrderId: null });
    expect(await upsellOrderOf(order.id)).toBeNull();
    expect((await accessOf(buyer.id, offered.id)).status).toBe("none");
  });

  it("sells nothing for an offer never shown, or no longer for sale when Add is clicked", async () => {
    const { buyer, order, offered } = await buyCourseWithUpsell();
    expect(await acceptUpsell({ userId: buyer.id, orderId: order.id })).toEqual({ status: "gone" });
    await claimUpsellShowing({ userId: buyer.id, orderId: order.id });
    await database().db.update(courses).set({ status: "draft" }).where(eq(courses.id, offered.id));
    expect(await acceptUpsell({ userId: buyer.id, orderId: order.id })).toEqual({ status: "gone" });
    expect(await upsellOrderOf(order.id)).toBeNull();
  });

  it("sells a bundle: its courses open with the bundle as their source", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 10000 });
    const [first, second] = [await createCourseForSale(), await createCourseForSale()];
    const bundle = await createBundle({
      input: {
        title: "Kit",
        slug: unique("kit"),
        description: "",
        coverUrl: null,
        priceCents: 20000,
        status: "published",
        courseIds: [first.id, second.id],
      },
    });
    await saveCourseUpsell({ courseId: course.id, product: { kind: "bundle", id: bundle.id }, priceCents: 5000, pitch: "" });
    await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
    const [order] = await ordersOf(buyer.id);
    expect(await claimUpsellShowing({ userId: buyer.id, orderId: order!.id })).toMatchObject({ offer: { title: "Kit", priceCents: 5000 } });
    expect(await acceptUpsell({ userId: buyer.id, orderId: order!.id })).toMatchObject({ status: "paid" });
    const upsell = await upsellOrderOf(order!.id);
    expect(upsell).toMatchObject({ kind: "bundle", bundleId: bundle.id, amountCents: 5000 });
    expect(await linesOf(upsell!.id)).toMatchObject([{ kind: "upsell", bundleId: bundle.id, bundleCourseIds: [first.id, second.id] }]);
    expect(await accessOf(buyer.id, first.id)).toEqual({ status: "active", source: "bundle" });
    // Refunded on its own, the bundle's courses go back and the first course stays.
    await refundOrderLine({ orderId: upsell!.id, lineId: (await linesOf(upsell!.id))[0]!.id, actorId: null });
    expect((await accessOf(buyer.id, first.id)).status).not.toBe("active");
    expect((await accessOf(buyer.id, course.id)).status).toBe("active");
  });

  it("refunds the upsell line on its own: its course goes, the first course and order stay", async () => {
    const { buyer, course, order, offered } = await buyCourseWithUpsell();
    await claimUpsellShowing({ userId: buyer.id, orderId: order.id });
    await acceptUpsell({ userId: buyer.id, orderId: order.id });
    const upsell = await upsellOrderOf(order.id);
    const [line] = await linesOf(upsell!.id);
    await refundOrderLine({ orderId: upsell!.id, lineId: line!.id, actorId: null });
    expect((await accessOf(buyer.id, offered.id)).status).not.toBe("active");
    expect((await accessOf(buyer.id, course.id)).status).toBe("active");
    expect((await database().db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe("paid");
    expect((await linesOf(upsell!.id))[0]!.refundedAt).not.toBeNull();
  });

  it("counts the take rate: offers accepted over offers shown", async () => {
    const before = await readUpsellTakeRate({ from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) });
    const taken = await buyCourseWithUpsell();
    await claimUpsellShowing({ userId: taken.buyer.id, orderId: taken.order.id });
    await acceptUpsell({ userId: taken.buyer.id, orderId: taken.order.id });
    const declined = await buyCourseWithUpsell();
    await claimUpsellShowing({ userId: declined.buyer.id, orderId: declined.order.id });
    await declineUpsell({ userId: declined.buyer.id, orderId: declined.order.id });
    const after = await readUpsellTakeRate({ from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) });
    expect({ offered: after.offered - before.offered, taken: after.taken - before.taken }).toEqual({ offered: 2, taken: 1 });
  });
});
