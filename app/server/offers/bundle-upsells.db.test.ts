import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, mailsTo, ordersOf } from "../../../tests/support/payments";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { grantCourseAccess } from "~/server/access/course-access.server";
import { readUpsellTakeRate } from "~/server/analytics/analytics.server";
import { createBundle } from "~/server/bundles/bundles.server";
import { bundles, courseUpsells, enrollments, orderLines, orders } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { acceptUpsell, claimUpsellShowing, declineUpsell, findPendingUpsell } from "~/server/payments/upsells.server";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/site-settings.server";
import { readUpsellForSale, removeUpsell, saveCourseUpsell, saveUpsell, UpsellRefusedError } from "./course-upsells.server";

/** One-click upsells after a bundle's purchase, and none after a membership's (docs/decisions/075), in test mode. */

const database = useTestDatabase();

const linesOf = (orderId: string) =>
  database().db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
const upsellOrderOf = async (orderId: string) =>
  (await database().db.select().from(orders).where(eq(orders.upsellOfOrderId, orderId)))[0] ?? null;
const upsellsOfBundle = (bundleId: string) => database().db.select().from(courseUpsells).where(eq(courseUpsells.bundleId, bundleId));

async function accessOf(userId: string, courseId: string) {
  const [row] = await database()
    .db.select({ status: enrollments.status, source: enrollments.source })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  return row ?? { status: "none", source: null };
}

const bundleOf = (courseIds: string[], { status = "published" as "published" | "draft", priceCents = 15000 } = {}) =>
  createBundle({ input: { title: `Kit ${unique("k")}`, slug: unique("kit"), description: "", coverUrl: null, priceCents, status, courseIds } });

/** A $150 bundle of two courses whose buyer is offered a third course ($80) at $30 once it is paid. */
async function bundleWithUpsell() {
  const [first, second] = [await createCourseForSale(), await createCourseForSale()];
  const bundle = await bundleOf([first.id, second.id]);
  const offered = await createCourseForSale({ priceCents: 8000 });
  await saveUpsell({ owner: { bundleId: bundle.id }, product: { kind: "course", id: offered.id }, priceCents: 3000, pitch: "One more" });
  return { bundle, first, second, offered };
}

async function buyBundleWithUpsell() {
  const buyer = await createBuyer();
  const made = await bundleWithUpsell();
  expect((await startCheckout({ userId: buyer.id, item: { bundleId: made.bundle.id } })).status).toBe("paid");
  const [order] = await ordersOf(buyer.id);
  expect(order).toMatchObject({ kind: "bundle", bundleId: made.bundle.id, status: "paid" });
  return { buyer, ...made, order: order! };
}

describe("a bundle's upsell settings", () => {
  it("refuses a draft or missing product, the bundle itself, a course in it, a bundle of nothing else and a negative price, storing nothing", async () => {
    const [first, second] = [await createCourseForSale(), await createCourseForSale()];
    const bundle = await bundleOf([first.id, second.id]);
    const draftCourse = await createCourseForSale({ status: "draft" });
    const draftBundle = await bundleOf([first.id], { status: "draft" });
    const smaller = await bundleOf([second.id]);
    const published = await createCourseForSale();
    const missing = "00000000-0000-4000-8000-000000000000";
    const refusals = [
      { product: { kind: "course" as const, id: draftCourse.id }, priceCents: 100, field: "upsellProduct", reason: /draft or was deleted/ },
      { product: { kind: "course" as const, id: missing }, priceCents: 100, field: "upsellProduct", reason: /draft or was deleted/ },
      { product: { kind: "bundle" as const, id: draftBundle.id }, priceCents: 100, field: "upsellProduct", reason: /draft or was deleted/ },
      { product: { kind: "bundle" as const, id: bundle.id }, priceCents: 100, field: "upsellProduct", reason: /another bundle/ },
      { product: { kind: "course" as const, id: first.id }, priceCents: 100, field: "upsellProduct", reason: /in the bundle/ },
      { product: { kind: "bundle" as const, id: smaller.id }, priceCents: 100, field: "upsellProduct", reason: /Every course of that bundle/ },
      { product: { kind: "course" as const, id: published.id }, priceCents: -1, field: "upsellPrice", reason: /cannot be negative/ },
    ];
    for (const { product, priceCents, field, reason } of refusals) {
      const refused = await saveUpsell({ owner: { bundleId: bundle.id }, product, priceCents, pitch: "" }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UpsellRefusedError);
      expect(refused).toMatchObject({ field, message: expect.stringMatching(reason) });
    }
    const gone = await saveUpsell({ owner: { bundleId: missing }, product: { kind: "course", id: published.id }, priceCents: 1, pitch: "" }).catch(
      (error: unknown) => error,
    );
    expect(gone).toMatchObject({ field: "upsellProduct", message: "This bundle was deleted" });
    expect(await upsellsOfBundle(bundle.id)).toEqual([]);
  });

  it("keeps one upsell per bundle beside the courses' own (a bundle replaces a course), and removes it", async () => {
    const { bundle, first, offered } = await bundleWithUpsell();
    const course = await createCourseForSale();
    await saveCourseUpsell({ courseId: first.id, product: { kind: "course", id: course.id }, priceCents: 1, pitch: "" });
    const other = await bundleOf([course.id, offered.id]);
    await saveUpsell({ owner: { bundleId: bundle.id }, product: { kind: "bundle", id: other.id }, priceCents: 9000, pitch: "Everything" });
    expect(await upsellsOfBundle(bundle.id)).toMatchObject([{ courseId: null, offerCourseId: null, offerBundleId: other.id, priceCents: 9000 }]);
    expect(await database().db.select().from(courseUpsells).where(eq(courseUpsells.courseId, first.id))).toHaveLength(1);
    expect(await removeUpsell({ owner: { bundleId: bundle.id } })).toBe(true);
    expect(await upsellsOfBundle(bundle.id)).toEqual([]);
    expect(await readUpsellForSale({ owner: { courseId: first.id } })).toMatchObject({ title: course.title });
  });

  it("goes with its bundle when the bundle is deleted", async () => {
    const { bundle } = await bundleWithUpsell();
    await database().db.delete(bundles).where(eq(bundles.id, bundle.id));
    expect(await upsellsOfBundle(bundle.id)).toEqual([]);
  });

  it("is held to one owner and never the bundle itself by the database too", async () => {
    const { bundle, first } = await bundleWithUpsell();
    await expect(
      database().db.insert(courseUpsells).values({ courseId: first.id, bundleId: bundle.id, offerCourseId: null, offerBundleId: null, priceCents: 1 }),
    ).rejects.toThrow();
    await expect(database().db.insert(courseUpsells).values({ offerCourseId: first.id, priceCents: 1 })).rejects.toThrow();
    const other = await bundleOf([first.id]);
    await expect(database().db.insert(courseUpsells).values({ bundleId: other.id, offerBundleId: other.id, priceCents: 1 })).rejects.toThrow();
  });
});

describe("the offer after a bundle's purchase", () => {
  it("is shown once per order: a second tab or a reload gets nothing", async () => {
    const { buyer, order, offered } = await buyBundleWithUpsell();
    expect(await findPendingUpsell({ userId: buyer.id, orderId: order.id })).toMatchObject({ title: offered.title, priceCents: 3000 });
    const [one, two] = await Promise.all([
      claimUpsellShowing({ userId: buyer.id, orderId: order.id }),
      claimUpsellShowing({ userId: buyer.id, orderId: order.id }),
    ]);
    const shown = [one, two].filter(Boolean);
    expect(shown).toHaveLength(1);
    // The bought bundle's courses are one link away: the buyer's courses.
    expect(shown[0]).toMatchObject({ order: { content: { to: "/account", label: "Go to your courses" } } });
    expect(await claimUpsellShowing({ userId: buyer.id, orderId: order.id })).toBeNull();
  });

  it("is not shown to a buyer who holds the offered course, nor to someone else", async () => {
    const { buyer, order, offered } = await buyBundleWithUpsell();
    const stranger = await createBuyer();
    expect(await claimUpsellShowing({ userId: stranger.id, orderId: order.id })).toBeNull();
    await grantCourseAccess({ userId: buyer.id, courseId: offered.id, actorId: null, source: "admin" });
    expect(await claimUpsellShowing({ userId: buyer.id, orderId: order.id })).toBeNull();
    expect((await database().db.select().from(orders).where(eq(orders.id, order.id)))[0]!.upsellShownAt).toBeNull();
  });

  it("Add to my order: a linked order of one upsell line, the offered course opened beside the bundle's, a receipt", async () => {
    const { buyer, bundle, order, first, second, offered } = await buyBundleWithUpsell();
    await claimUpsellShowing({ userId: buyer.id, orderId: order.id });
    // The owner changes the special price after the page was shown: the payment reads it now.
    await database().db.update(courseUpsells).set({ priceCents: 3500 }).where(eq(courseUpsells.bundleId, bundle.id));
    const answers = await Promise.all([
      acceptUpsell({ userId: buyer.id, orderId: order.id }),
      acceptUpsell({ userId: buyer.id, orderId: order.id }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(["answered", "paid"]);
    const upsell = await upsellOrderOf(order.id);
    expect(upsell).toMatchObject({ status: "paid", kind: "course", courseId: offered.id, amountCents: 3500 });
    expect(await linesOf(upsell!.id)).toMatchObject([{ kind: "upsell", courseId: offered.id, amountCents: 3500 }]);
    expect(await accessOf(buyer.id, offered.id)).toEqual({ status: "active", source: "purchase" });
    expect(await accessOf(buyer.id, first.id)).toEqual({ status: "active", source: "bundle" });
    expect(await accessOf(buyer.id, second.id)).toEqual({ status: "active", source: "bundle" });
    expect((await mailsTo(buyer.email)).filter((mail) => mail.includes(offered.title) && mail.includes("$35.00"))).toHaveLength(1);
    expect(await declineUpsell({ userId: buyer.id, orderId: order.id })).toBe(false);
  });

  it("sells a bundle after a bundle: the new bundle's courses open with the bundle as their source", async () => {
    const buyer = await createBuyer();
    const [first, third] = [await createCourseForSale(), await createCourseForSale()];
    const bundle = await bundleOf([first.id]);
    const bigger = await bundleOf([first.id, third.id], { priceCents: 20000 });
    await saveUpsell({ owner: { bundleId: bundle.id }, product: { kind: "bundle", id: bigger.id }, priceCents: 5000, pitch: "" });
    await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id } });
    const [order] = await ordersOf(buyer.id);
    expect(await claimUpsellShowing({ userId: buyer.id, orderId: order!.id })).toMatchObject({ offer: { title: bigger.title, priceCents: 5000 } });
    expect(await acceptUpsell({ userId: buyer.id, orderId: order!.id })).toMatchObject({ status: "paid" });
    expect(await upsellOrderOf(order!.id)).toMatchObject({ kind: "bundle", bundleId: bigger.id, amountCents: 5000 });
    expect(await accessOf(buyer.id, third.id)).toEqual({ status: "active", source: "bundle" });
  });

  it("No thanks: recorded once, nothing sold, the bundle's courses open", async () => {
    const { buyer, order, first, offered } = await buyBundleWithUpsell();
    await claimUpsellShowing({ userId: buyer.id, orderId: order.id });
    expect(await declineUpsell({ userId: buyer.id, orderId: order.id })).toBe(true);
    expect(await acceptUpsell({ userId: buyer.id, orderId: order.id })).toMatchObject({ status: "answered", upsellOrderId: null });
    expect(await upsellOrderOf(order.id)).toBeNull();
    expect((await accessOf(buyer.id, offered.id)).status).toBe("none");
    expect((await accessOf(buyer.id, first.id)).status).toBe("active");
  });

  it("counts in the take rate", async () => {
    const range = () => ({ from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) });
    const before = await readUpsellTakeRate(range());
    const taken = await buyBundleWithUpsell();
    await claimUpsellShowing({ userId: taken.buyer.id, orderId: taken.order.id });
    await acceptUpsell({ userId: taken.buyer.id, orderId: taken.order.id });
    const declined = await buyBundleWithUpsell();
    await claimUpsellShowing({ userId: declined.buyer.id, orderId: declined.order.id });
    await declineUpsell({ userId: declined.buyer.id, orderId: declined.order.id });
    const after = await readUpsellTakeRate(range());
    expect({ offered: after.offered - before.offered, taken: after.taken - before.taken }).toEqual({ offered: 2, taken: 1 });
  });
});

describe("after a membership's purchase", () => {
  for (const trialDays of [0, 7])
    it(`offers nothing${trialDays ? " (a trial)" : ""}: the membership opens every course, so no offer is one the member lacks`, async () => {
      await updateSiteSettings({ input: { ...(await getSiteSettings()), membershipTrialDays: trialDays }, actorId: null });
      const { offered } = await bundleWithUpsell();
      for (const plan of ["monthly", "yearly"] as const) {
        const buyer = await createBuyer();
        expect((await startCheckout({ userId: buyer.id, item: { plan } })).status).toBe("paid");
        const [membership] = await ordersOf(buyer.id);
        expect(membership).toMatchObject({ kind: "membership", status: "paid" });
        expect(await findPendingUpsell({ userId: buyer.id, orderId: membership!.id })).toBeNull();
        expect(await claimUpsellShowing({ userId: buyer.id, orderId: membership!.id })).toBeNull();
        // What an upsell could sell a member, the membership opens already: its checkout says so.
        expect((await startCheckout({ userId: buyer.id, item: { courseId: offered.id } })).status).toBe("included-in-membership");
      }
    });
});
