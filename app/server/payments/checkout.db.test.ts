import { addDays, addMonths, addYears } from "date-fns";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, mailsTo } from "../../../tests/support/payments";
import { testConfig, useTestDatabase } from "../../../tests/support/test-database";
import { hasActiveMembership } from "~/server/access/membership.server";
import { getConfig, setConfig } from "~/server/platform/config.server";
import { accessEvents, courses, enrollments, orders, paymentWebhookEvents, subscriptions } from "~/server/db/schema";
import { updateSiteSettings, getSiteSettings } from "~/server/settings/site-settings.server";
import { cancelMembership, getAccountBilling, MembershipNotFoundError, refundOrder } from "./billing.server";
import { CourseNotForSaleError, getCheckoutOffer, startCheckout } from "./checkout.server";
import { fulfilCheckout } from "./fulfil-checkout.server";
import { PaymentsNotConfiguredError } from "./providers.server";
import { processStripeWebhook } from "./stripe-webhook.server";

const database = useTestDatabase();

const ordersOf = (userId: string) => database().db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
const enrollmentOf = async (userId: string, courseId: string) =>
  (
    await database()
      .db.select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
  )[0];
const eventsOf = (userId: string) =>
  database().db.select().from(accessEvents).where(eq(accessEvents.userId, userId)).orderBy(asc(accessEvents.createdAt));
const subscriptionsOf = (userId: string) => database().db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

describe("buying a course in test mode", () => {
  it("takes the price from the course row, pays through the one fulfilment path, grants access and mails a receipt", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 14900 });

    const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id } });

    expect(started.status).toBe("paid");
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({
      kind: "course",
      courseId: course.id,
      itemTitle: course.title,
      customerEmail: buyer.email,
      amountCents: 14900,
      currency: "usd",
      status: "paid",
      provider: "test",
      checkoutSessionId: `test_cs_${order!.id}`,
      paymentId: `test_pay_${order!.id}`,
    });
    expect(order!.paidAt).toBeInstanceOf(Date);
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "active", source: "purchase" });
    expect((await eventsOf(buyer.id)).map((event) => [event.type, event.orderId])).toEqual([
      ["purchase", order!.id],
      ["grant", order!.id],
    ]);
    const [event] = await database()
      .db.select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.id, `test_evt_${order!.id}`));
    expect(event).toMatchObject({ provider: "test", type: "checkout.completed" });

    const [receipt] = await mailsTo(buyer.email);
    expect(receipt).toContain(`Subject: Your Launchpad Academy receipt: ${course.title}`);
    expect(receipt).toContain(`You bought ${course.title} for $149.00`);
    expect(receipt).toContain("no money was taken");
  });

  it("keeps the order as it was sold when the course's price and title change later", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 5000 });
    await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
    await database().db.update(courses).set({ priceCents: 9900, title: "Renamed" }).where(eq(courses.id, course.id));
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ amountCents: 5000, itemTitle: course.title });
  });

  it("charges nothing for a course the buyer already has, and writes no order", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    await startCheckout({ userId: buyer.id, item: { courseId: course.id } });

    const again = await startCheckout({ userId: buyer.id, item: { courseId: course.id } });

    expect(again.status).toBe("already-owned");
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    expect((await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id } })).blocked).toBe("already-owned");
  });

  it("fulfils an order once however often the same payment is reported", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    const { orderId } = (await startCheckout({ userId: buyer.id, item: { courseId: course.id } })) as { orderId: string };
    const completion = { orderId, checkoutSessionId: `test_cs_${orderId}`, paymentId: `test_pay_${orderId}` };

    const replays = await Promise.all(
      [1, 2, 3].map(() =>
        fulfilCheckout({ ...completion, event: { id: `test_evt_${orderId}`, provider: "test", type: "checkout.completed" } }),
      ),
    );
    const other = await fulfilCheckout({
      ...completion,
      event: { id: `test_evt_${orderId}_again`, provider: "test", type: "checkout.completed" },
    });

    expect(replays.map((result) => result.outcome)).toEqual(["duplicate", "duplicate", "duplicate"]);
    expect(other.outcome).toBe("already-paid");
    expect((await eventsOf(buyer.id)).map((event) => event.type)).toEqual(["purchase", "grant"]);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });

  it("refuses an unknown or draft course, and a course id that is not an id", async () => {
    const buyer = await createBuyer();
    const draft = await createCourseForSale({ status: "draft" });
    for (const courseId of [draft.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      await expect(startCheckout({ userId: buyer.id, item: { courseId } })).rejects.toBeInstanceOf(CourseNotForSaleError);
    }
    expect(await ordersOf(buyer.id)).toHaveLength(0);
  });

  it("enrolls in a free course without an order", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 0 });
    expect((await startCheckout({ userId: buyer.id, item: { courseId: course.id } })).status).toBe("enrolled-free");
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "active", source: "free" });
    expect(await ordersOf(buyer.id)).toHaveLength(0);
  });

  it("refunds a test-mode order: the order says so and the course it bought is revoked", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    const { orderId } = (await startCheckout({ userId: buyer.id, item: { courseId: course.id } })) as { orderId: string };

    expect(await refundOrder({ orderId, actorId: null })).toEqual({ refunded: true, itemTitle: course.title });
    await expect(refundOrder({ orderId, actorId: null })).rejects.toMatchObject({
      name: "OrderNotRefundableError",
      reason: "already-refunded",
    });

    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ status: "refunded" });
    expect(order!.refundedAt).toBeInstanceOf(Date);
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "revoked" });
    expect((await eventsOf(buyer.id)).map((event) => [event.type, event.orderId])).toEqual([
      ["purchase", orderId],
      ["grant", orderId],
      ["refund", orderId],
      ["revoke", orderId],
    ]);
  });

  it("keeps an admin's grant when an order for the same course is refunded", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    const { orderId } = (await startCheckout({ userId: buyer.id, item: { courseId: course.id } })) as { orderId: string };
    await database().db.update(enrollments).set({ source: "admin" }).where(eq(enrollments.userId, buyer.id));
    await refundOrder({ orderId, actorId: null });
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "active", source: "admin" });
  });
});

describe("the membership in test mode", () => {
  it("starts at the settings' price with a period of one month, and opens courses until the period ends", async () => {
    const buyer = await createBuyer();
    const before = new Date();
    const started = await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });

    expect(started.status).toBe("paid");
    const [order] = await ordersOf(buyer.id);
    const settings = await getSiteSettings();
    expect(order).toMatchObject({ kind: "membership", plan: "monthly", amountCents: settings.membershipMonthlyCents, status: "paid" });
    const [subscription] = await subscriptionsOf(buyer.id);
    expect(subscription).toMatchObject({ plan: "monthly", status: "active", provider: "test", cancelAtPeriodEnd: false });
    expect(order!.subscriptionId).toBe(subscription!.id);
    expect(subscription!.currentPeriodEnd.getTime()).toBeGreaterThanOrEqual(addMonths(before, 1).getTime() - 1000);
    expect(subscription!.currentPeriodEnd.getTime()).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());
    expect((await eventsOf(buyer.id)).map((event) => [event.type, event.orderId])).toEqual([["membership_started", order!.id]]);

    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);
    expect(await hasActiveMembership({ userId: buyer.id, at: addDays(subscription!.currentPeriodEnd, 1) })).toBe(false);
  });

  it("prices the yearly plan from the settings as they are at checkout", async () => {
    const buyer = await createBuyer();
    const settings = await getSiteSettings();
    await updateSiteSettings({ input: { ...settings, membershipYearlyCents: 88800 }, actorId: null });
    try {
      await startCheckout({ userId: buyer.id, item: { plan: "yearly" } });
    } finally {
      await updateSiteSettings({ input: settings, actorId: null });
    }
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ plan: "yearly", amountCents: 88800 });
    const [subscription] = await subscriptionsOf(buyer.id);
    expect(subscription!.currentPeriodEnd.getTime()).toBeGreaterThan(addYears(new Date(), 1).getTime() - 60_000);
  });

  it("charges a member nothing for a second membership or for a course", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });
    expect((await startCheckout({ userId: buyer.id, item: { plan: "yearly" } })).status).toBe("already-member");
    expect((await startCheckout({ userId: buyer.id, item: { courseId: course.id } })).status).toBe("included-in-membership");
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it("cancels at the period's end: access stays until then and the account says when it ends", async () => {
    const buyer = await createBuyer();
    await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });
    const [subscription] = await subscriptionsOf(buyer.id);

    const canceled = await cancelMembership({ userId: buyer.id });

    expect(canceled.endsAt).toEqual(subscription!.currentPeriodEnd);
    const [after] = await subscriptionsOf(buyer.id);
    expect(after).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);
    expect(await hasActiveMembership({ userId: buyer.id, at: addDays(subscription!.currentPeriodEnd, 1) })).toBe(false);
    const { membership, orders: listed } = await getAccountBilling({ userId: buyer.id });
    expect(membership).toMatchObject({ active: true, cancelAtPeriodEnd: true, plan: "monthly" });
    expect(listed).toHaveLength(1);
  });

  it("ends a test-mode membership whose period is over when the member buys again, and sells the new one", async () => {
    const buyer = await createBuyer();
    await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });
    await cancelMembership({ userId: buyer.id });
    await database()
      .db.update(subscriptions)
      .set({ currentPeriodEnd: addDays(new Date(), -1) })
      .where(eq(subscriptions.userId, buyer.id));
    expect((await getCheckoutOffer({ userId: buyer.id, item: { plan: "yearly" } })).blocked).toBeNull();

    expect((await startCheckout({ userId: buyer.id, item: { plan: "yearly" } })).status).toBe("paid");

    const rows = await database()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, buyer.id))
      .orderBy(asc(subscriptions.createdAt));
    expect(rows.map((row) => [row.plan, row.status])).toEqual([
      ["monthly", "canceled"],
      ["yearly", "active"],
    ]);
    expect((await eventsOf(buyer.id)).map((event) => event.type)).toEqual(["membership_started", "membership_ended", "membership_started"]);
    expect(await getAccountBilling({ userId: buyer.id })).toMatchObject({ membership: { plan: "yearly", active: true } });
  });

  it("has nothing to cancel for a user who is not a member", async () => {
    const buyer = await createBuyer();
    await expect(cancelMembership({ userId: buyer.id })).rejects.toBeInstanceOf(MembershipNotFoundError);
  });

  it("ends a refunded test-mode membership at once", async () => {
    const buyer = await createBuyer();
    const { orderId } = (await startCheckout({ userId: buyer.id, item: { plan: "monthly" } })) as { orderId: string };
    await refundOrder({ orderId, actorId: null });
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(false);
    expect((await eventsOf(buyer.id)).map((event) => event.type)).toEqual(["membership_started", "refund", "membership_ended"]);
  });
});

describe("with DATABASE_URL and no Stripe key", () => {
  const original = () => getConfig();
  let saved: ReturnType<typeof getConfig> | undefined;
  afterEach(() => {
    if (saved) setConfig(saved);
  });

  it("answers 404 on the Stripe webhook when Stripe is not configured", async () => {
    expect(await processStripeWebhook({ payload: "{}", signature: "t=1,v1=x" })).toEqual({
      status: 404,
      body: { error: "Stripe is not configured" },
    });
  });

  it("refuses to start a checkout: payments are not configured, and nothing is written", async () => {
    saved = original();
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    setConfig(testConfig({ DATABASE_URL: "postgres://app@db.invalid:5432/site" }));
    await expect(startCheckout({ userId: buyer.id, item: { courseId: course.id } })).rejects.toBeInstanceOf(PaymentsNotConfiguredError);
    expect(await ordersOf(buyer.id)).toHaveLength(0);
  });
});
