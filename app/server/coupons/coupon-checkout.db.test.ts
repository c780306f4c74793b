import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBuyer, createCourseForSale, mailsTo, ordersOf } from "../../../tests/support/payments";
import { createTestCoupon } from "../../../tests/support/coupons";
import { useTestDatabase } from "../../../tests/support/test-database";
import { accessEvents, enrollments, orders } from "~/server/db/schema";
import { refundOrder } from "~/server/payments/billing.server";
import { getCheckoutOffer, startCheckout } from "~/server/payments/checkout.server";
import { setCouponStatus } from "./admin-coupons.server";

const database = useTestDatabase();

const DAY = 24 * 60 * 60 * 1000;

const newCoupon = createTestCoupon;

const enrollmentOf = async (userId: string, courseId: string) =>
  (
    await database()
      .db.select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
  )[0];

describe("a coupon at checkout (test mode)", () => {
  it("shows the list price, the discount and the total, and the order keeps all three and the code", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 20000 });
    const coupon = await newCoupon({ percentOff: 25 });

    const offer = await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id }, couponCode: coupon.code.toLowerCase() });
    expect(offer).toMatchObject({
      listPriceCents: 20000,
      discountCents: 5000,
      amountCents: 15000,
      coupon: { code: coupon.code, refusal: null },
    });

    const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: ` ${coupon.code.toLowerCase()} ` });
    expect(started.status).toBe("paid");
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({
      status: "paid",
      listPriceCents: 20000,
      discountCents: 5000,
      amountCents: 15000,
      couponId: coupon.id,
      couponCode: coupon.code,
    });
    const [receipt] = await mailsTo(buyer.email);
    expect(receipt).toContain(`You bought ${course.title} for $150.00`);
    expect(receipt).toContain(`List price $200.00, discount $50.00 with the code ${coupon.code}.`);
  });

  it.each([
    ["unknown", async () => ({ code: "NO-SUCH-CODE" })],
    [
      "unknown",
      async () => {
        const coupon = await newCoupon();
        await setCouponStatus({ couponId: coupon.id, status: "disabled" });
        return coupon;
      },
    ],
    ["not-started", async () => newCoupon({ startsAt: new Date(Date.now() + DAY) })],
    ["expired", async () => newCoupon({ startsAt: new Date(Date.now() - 2 * DAY), endsAt: new Date(Date.now() - DAY) })],
    ["not-for-product", async () => newCoupon({ appliesTo: "membership" })],
    ["not-for-product", async () => newCoupon({ appliesTo: "courses", courseIds: [(await createCourseForSale()).id] })],
  ] as const)("refuses a code that is %s, charges nothing and writes no order", async (refusal, make) => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 9900 });
    const { code } = await make();

    const offer = await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id }, couponCode: code });
    expect(offer).toMatchObject({ amountCents: 9900, discountCents: 0, coupon: { refusal } });
    const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: code });
    expect(started).toMatchObject({ status: "coupon-refused", refusal });
    expect(await ordersOf(buyer.id)).toHaveLength(0);
  });

  it("applies to the courses it names, and a membership code to the membership", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 10000 });
    const forCourse = await newCoupon({
      appliesTo: "courses",
      courseIds: [course.id],
      discountType: "amount",
      percentOff: null,
      amountOffCents: 3000,
    });
    const forMembership = await newCoupon({ appliesTo: "membership", percentOff: 50 });

    expect((await getCheckoutOffer({ userId: buyer.id, item: { courseId: course.id }, couponCode: forCourse.code })).amountCents).toBe(
      7000,
    );
    const membership = await getCheckoutOffer({ userId: buyer.id, item: { plan: "monthly" }, couponCode: forMembership.code });
    expect(membership).toMatchObject({ discountCents: Math.round(membership.listPriceCents / 2), coupon: { refusal: null } });
    expect((await getCheckoutOffer({ userId: buyer.id, item: { plan: "monthly" }, couponCode: forCourse.code })).coupon?.refusal).toBe(
      "not-for-product",
    );

    expect((await startCheckout({ userId: buyer.id, item: { plan: "monthly" }, couponCode: forMembership.code })).status).toBe("paid");
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ kind: "membership", couponCode: forMembership.code, amountCents: membership.amountCents });
  });

  it("counts the total limit and the per-customer limit; a refund gives the redemption back", async () => {
    const coupon = await newCoupon({ maxRedemptions: 2, maxPerCustomer: 1 });
    const [ann, bob, cat] = [await createBuyer(), await createBuyer(), await createBuyer()];
    const [first, second] = [await createCourseForSale(), await createCourseForSale()];

    expect((await startCheckout({ userId: ann.id, item: { courseId: first.id }, couponCode: coupon.code })).status).toBe("paid");
    expect(await startCheckout({ userId: ann.id, item: { courseId: second.id }, couponCode: coupon.code })).toMatchObject({
      refusal: "already-used",
    });
    expect((await startCheckout({ userId: bob.id, item: { courseId: first.id }, couponCode: coupon.code })).status).toBe("paid");
    expect(await startCheckout({ userId: cat.id, item: { courseId: first.id }, couponCode: coupon.code })).toMatchObject({
      refusal: "used-up",
    });

    const [bobsOrder] = await ordersOf(bob.id);
    await refundOrder({ orderId: bobsOrder!.id, actorId: null });
    expect((await startCheckout({ userId: cat.id, item: { courseId: first.id }, couponCode: coupon.code })).status).toBe("paid");
  });

  it("gives the last redemption to exactly one of two buyers at the same moment", async () => {
    const coupon = await newCoupon({ maxRedemptions: 1 });
    const course = await createCourseForSale({ priceCents: 5000 });
    const buyers = [await createBuyer(), await createBuyer()];

    const results = await Promise.all(
      buyers.map((buyer) => startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: coupon.code })),
    );

    expect(results.map((result) => result.status).sort()).toEqual(["coupon-refused", "paid"]);
    expect(results.find((result) => result.status === "coupon-refused")).toMatchObject({ refusal: "used-up" });
    const redeemed = await database().db.select().from(orders).where(eq(orders.couponId, coupon.id));
    expect(redeemed).toHaveLength(1);
    expect(redeemed[0]).toMatchObject({ status: "paid", amountCents: 3750 });
  });

  it("completes a 100%-off course with no payment step, and its refund gives back nothing but takes the course back", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 19700 });
    const coupon = await newCoupon({ percentOff: 100 });

    const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: coupon.code });

    expect(started.status).toBe("paid");
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({
      status: "paid",
      listPriceCents: 19700,
      discountCents: 19700,
      amountCents: 0,
      paymentId: null,
      checkoutSessionId: `coupon_cs_${order!.id}`,
    });
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "active", source: "purchase" });

    expect(await refundOrder({ orderId: order!.id, actorId: null })).toMatchObject({ refunded: true });
    expect(await enrollmentOf(buyer.id, course.id)).toMatchObject({ status: "revoked" });
    const events = await database().db.select({ type: accessEvents.type }).from(accessEvents).where(eq(accessEvents.orderId, order!.id));
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(["purchase", "refund", "revoke"]));
  });
});
