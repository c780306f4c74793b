import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestCoupon } from "../../../tests/support/coupons";
import { createBuyer, createCourseForSale } from "../../../tests/support/payments";
import { callLoader, sessionUser } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import * as checkoutRoute from "~/routes/checkout/checkout";
import { checkoutStarts, mailLog } from "~/server/db/schema";
import { optOutOfMarketingMail } from "~/server/mail/unsubscribe.server";
import { getConfig } from "~/server/platform/config.server";
import { createBundle, updateBundle } from "~/server/bundles/bundles.server";
import { startCheckout } from "./checkout.server";
import { recordCheckoutStart, sendCheckoutReminders, setCheckoutReminders } from "./checkout-reminders.server";

const database = useTestDatabase();

const HOUR = 60 * 60 * 1000;
const later = (ms: number) => new Date(Date.now() + ms);

const remindersTo = (email: string) =>
  database()
    .db.select({ subject: mailLog.subject, text: mailLog.text })
    .from(mailLog)
    .where(and(eq(mailLog.to, email), eq(mailLog.kind, "checkout-reminder")));

describe("abandoned-checkout reminders", () => {
  it("opening the checkout signed in, then nothing for an hour: one reminder with the checkout's link and its coupon, never a second", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 12000 });
    const coupon = await createTestCoupon({ percentOff: 50 });
    await callLoader(checkoutRoute, {
      path: `/checkout?courseId=${course.id}&coupon=${coupon.code.toLowerCase()}`,
      user: sessionUser({ id: buyer.id, email: buyer.email }),
    });

    // Not yet: 59 minutes.
    await sendCheckoutReminders({ now: later(59 * 60 * 1000) });
    expect(await remindersTo(buyer.email)).toEqual([]);

    await sendCheckoutReminders({ now: later(HOUR + 60_000) });
    const [mail, ...more] = await remindersTo(buyer.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Still thinking about ${course.title}?`);
    expect(mail!.text).toContain(`${getConfig().publicUrl}/checkout?courseId=${course.id}&coupon=${coupon.code}`);
    expect(mail!.text).toContain("/unsubscribe?");

    // A later run, and a later visit, send nothing more for this checkout.
    await sendCheckoutReminders({ now: later(2 * HOUR) });
    await recordCheckoutStart({ userId: buyer.id, item: { courseId: course.id }, couponCode: null });
    await sendCheckoutReminders({ now: later(3 * HOUR) });
    expect(await remindersTo(buyer.email)).toHaveLength(1);
  });

  it("a visitor who is not signed in starts nothing to remind", async () => {
    const course = await createCourseForSale();
    await callLoader(checkoutRoute, { path: `/checkout?courseId=${course.id}` });
    expect(await database().db.select().from(checkoutStarts).where(eq(checkoutStarts.courseId, course.id))).toEqual([]);
  });

  it("the membership's checkout: the reminder's link names the plan", async () => {
    const buyer = await createBuyer();
    await recordCheckoutStart({ userId: buyer.id, item: { plan: "yearly" }, couponCode: null });
    await sendCheckoutReminders({ now: later(HOUR + 60_000) });
    const [mail] = await remindersTo(buyer.email);
    expect(mail!.text).toContain("/checkout?plan=yearly");
    expect(mail!.subject).toMatch(/membership \(yearly\)/);
  });

  it("a bundle's checkout (docs/decisions/071): reminded with its link, not once bought, not once unpublished", async () => {
    const course = await createCourseForSale({ priceCents: 5000 });
    const input = {
      title: `Reminded bundle ${crypto.randomUUID().slice(0, 8)}`,
      slug: `reminded-${crypto.randomUUID().slice(0, 8)}`,
      description: "",
      coverUrl: null,
      priceCents: 4000,
      status: "published" as const,
      courseIds: [course.id],
    };
    const bundle = await createBundle({ input });
    const [waiting, buying, late] = [await createBuyer(), await createBuyer(), await createBuyer()];
    for (const buyer of [waiting, buying, late]) {
      await callLoader(checkoutRoute, { path: `/checkout?bundleId=${bundle.id}`, user: sessionUser({ id: buyer.id, email: buyer.email }) });
    }
    expect(await database().db.select().from(checkoutStarts).where(eq(checkoutStarts.bundleId, bundle.id))).toHaveLength(3);
    expect((await startCheckout({ userId: buying.id, item: { bundleId: bundle.id } })).status).toBe("paid");
    // The late one's visit was later: not due at the first run.
    await database().db.update(checkoutStarts).set({ startedAt: later(2 * HOUR) }).where(eq(checkoutStarts.userId, late.id));

    await sendCheckoutReminders({ now: later(HOUR + 60_000) });
    const [mail, ...more] = await remindersTo(waiting.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Still thinking about ${input.title}?`);
    expect(mail!.text).toContain(`${getConfig().publicUrl}/checkout?bundleId=${bundle.id}`);
    expect(await remindersTo(buying.email)).toEqual([]);

    // Unpublished before the reminder is due: nothing.
    await updateBundle({ bundleId: bundle.id, input: { ...input, status: "draft" } });
    await sendCheckoutReminders({ now: later(4 * HOUR) });
    expect(await remindersTo(late.email)).toEqual([]);
  });

  it("no reminder to a person who stopped marketing mail", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    await recordCheckoutStart({ userId: buyer.id, item: { courseId: course.id }, couponCode: null });
    await optOutOfMarketingMail(buyer.email.toUpperCase());
    await sendCheckoutReminders({ now: later(HOUR + 60_000) });
    expect(await remindersTo(buyer.email)).toEqual([]);
  });

  it("no reminder when the person bought the product since (the course, or the membership)", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 4900 });
    await recordCheckoutStart({ userId: buyer.id, item: { courseId: course.id }, couponCode: null });
    await recordCheckoutStart({ userId: buyer.id, item: { plan: "monthly" }, couponCode: null });
    expect((await startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: null })).status).toBe("paid");
    expect((await startCheckout({ userId: buyer.id, item: { plan: "monthly" }, couponCode: null })).status).toBe("paid");
    await sendCheckoutReminders({ now: later(HOUR + 60_000) });
    expect(await remindersTo(buyer.email)).toEqual([]);
  });

  it("no reminder while the owner has reminders off, and none for a checkout two days old when they turn them back on", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    await recordCheckoutStart({ userId: buyer.id, item: { courseId: course.id }, couponCode: null });
    await setCheckoutReminders({ enabled: false });
    try {
      expect(await sendCheckoutReminders({ now: later(HOUR + 60_000) })).toEqual({ reminded: 0 });
      expect(await remindersTo(buyer.email)).toEqual([]);
    } finally {
      await setCheckoutReminders({ enabled: true });
    }
    await sendCheckoutReminders({ now: later(49 * HOUR) });
    expect(await remindersTo(buyer.email)).toEqual([]);
  });

  it("a second visit moves the hour: the reminder waits for an hour after the last one", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    await recordCheckoutStart({ userId: buyer.id, item: { courseId: course.id }, couponCode: null });
    await recordCheckoutStart({ userId: buyer.id, item: { courseId: course.id }, couponCode: null, at: later(30 * 60 * 1000) });
    await sendCheckoutReminders({ now: later(HOUR + 60_000) });
    expect(await remindersTo(buyer.email)).toEqual([]);
    await sendCheckoutReminders({ now: later(HOUR + 31 * 60 * 1000) });
    expect(await remindersTo(buyer.email)).toHaveLength(1);
  });

  it("two workers running at once send one reminder per checkout", async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => createBuyer()));
    const course = await createCourseForSale();
    for (const buyer of buyers) await recordCheckoutStart({ userId: buyer.id, item: { courseId: course.id }, couponCode: null });
    const now = later(HOUR + 60_000);
    const runs = await Promise.all([sendCheckoutReminders({ now }), sendCheckoutReminders({ now }), sendCheckoutReminders({ now })]);
    expect(runs.reduce((sum, run) => sum + run.reminded, 0)).toBe(5);
    for (const buyer of buyers) expect(await remindersTo(buyer.email)).toHaveLength(1);
  });
});
