import { describe, expect, it } from "vitest";
import { createTestCoupon } from "../../../tests/support/coupons";
import {
  completedSession,
  createBuyer,
  createCourseForSale,
  deliverStripeEvent,
  ordersOf,
  STRIPE_TEST_CONFIG,
  useStripeDouble,
} from "../../../tests/support/payments";
import { useTestDatabase } from "../../../tests/support/test-database";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { refundOrder } from "~/server/payments/billing.server";
import { startCheckout } from "~/server/payments/checkout.server";

useTestDatabase(STRIPE_TEST_CONFIG);
const stripe = useStripeDouble();

const callsSince = (from: number) => stripe.requests.slice(from);

describe("a coupon with Stripe (against the local double)", () => {
  it("charges exactly the page's total through a Stripe coupon of the order's own, and refunds what was paid", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 24900 });
    const coupon = await createTestCoupon({ percentOff: 20 });
    const from = stripe.requests.length;

    const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: coupon.code });

    expect(started).toMatchObject({ status: "redirect", offer: { listPriceCents: 24900, discountCents: 4980, amountCents: 19920 } });
    const [order] = await ordersOf(buyer.id);
    const [couponCall, sessionCall] = callsSince(from);
    expect(couponCall!.path).toBe("/v1/coupons");
    expect(couponCall!.idempotencyKey).toBe(`coupon-${order!.id}`);
    expect(Object.fromEntries(couponCall!.form)).toMatchObject({
      amount_off: "4980",
      currency: "usd",
      duration: "once",
      max_redemptions: "1",
      name: coupon.code,
    });
    expect(sessionCall!.path).toBe("/v1/checkout/sessions");
    // The list price is the line item; Stripe takes the coupon off it and shows both on its page and receipt.
    expect(Object.fromEntries(sessionCall!.form)).toMatchObject({
      "line_items[0][price_data][unit_amount]": "24900",
      "discounts[0][coupon]": expect.stringMatching(/^coupon_double_/),
    });

    await deliverStripeEvent(stripe, completedSession(order!, { amount_total: 19920 }));
    const [paid] = await ordersOf(buyer.id);
    expect(paid).toMatchObject({ status: "paid", listPriceCents: 24900, discountCents: 4980, amountCents: 19920, couponCode: coupon.code });

    const beforeRefund = stripe.requests.length;
    await refundOrder({ orderId: order!.id, actorId: null });
    const [refund] = callsSince(beforeRefund);
    // A refund of the whole PaymentIntent: what was charged, the discounted total.
    expect(refund!.path).toBe("/v1/refunds");
    expect(Object.fromEntries(refund!.form)).toMatchObject({ payment_intent: `pi_${order!.id.slice(0, 8)}` });
    expect((await ordersOf(buyer.id))[0]).toMatchObject({ status: "refunded" });
  });

  it("holds the place of a left Stripe page for an hour, and lets its buyer come back with the code; another buyer finds it used up", async () => {
    const buyer = await createBuyer();
    const other = await createBuyer();
    const course = await createCourseForSale({ priceCents: 10000 });
    const coupon = await createTestCoupon({ maxRedemptions: 1, maxPerCustomer: 1 });
    const from = stripe.requests.length;

    expect((await startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: coupon.code })).status).toBe("redirect");
    const expiresAt = Number(callsSince(from)[1]!.form.get("expires_at"));
    expect(expiresAt - Math.floor(Date.now() / 1000)).toBeGreaterThan(55 * 60);
    expect(expiresAt - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60 * 60);

    expect(await startCheckout({ userId: other.id, item: { courseId: course.id }, couponCode: coupon.code })).toMatchObject({
      refusal: "used-up",
    });
    expect((await startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: coupon.code })).status).toBe("redirect");
    expect(await ordersOf(buyer.id)).toHaveLength(2);
  });

  it("keeps one pending hold per account and coupon: a new checkout with the code ends the account's earlier one, of any product", async () => {
    const buyer = await createBuyer();
    const coupon = await createTestCoupon({ maxRedemptions: 2 });
    const courses = [await createCourseForSale(), await createCourseForSale(), await createCourseForSale()];
    for (const course of courses) {
      expect((await startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: coupon.code })).status).toBe("redirect");
    }
    expect((await ordersOf(buyer.id)).map((order) => order.status)).toEqual(["expired", "expired", "pending"]);

    // The coupon is held once by that account, so another buyer still gets it; a third finds it used up.
    const [second, third] = [await createBuyer(), await createBuyer()];
    expect((await startCheckout({ userId: second.id, item: { courseId: courses[0]!.id }, couponCode: coupon.code })).status).toBe("redirect");
    expect(await startCheckout({ userId: third.id, item: { courseId: courses[0]!.id }, couponCode: coupon.code })).toMatchObject({
      status: "coupon-refused",
      refusal: "used-up",
    });
  });

  it("takes a fixed amount off the first membership payment once, or off every payment for ever", async () => {
    const { membershipMonthlyCents } = await getSiteSettings();
    for (const [duration, stripeDuration] of [
      ["first-payment", "once"],
      ["every-payment", "forever"],
    ] as const) {
      const buyer = await createBuyer();
      const coupon = await createTestCoupon({
        appliesTo: "membership",
        discountType: "amount",
        percentOff: null,
        amountOffCents: 500,
        duration,
      });
      const from = stripe.requests.length;

      const started = await startCheckout({ userId: buyer.id, item: { plan: "monthly" }, couponCode: coupon.code });

      expect(started).toMatchObject({ status: "redirect", offer: { amountCents: membershipMonthlyCents - 500 } });
      const [couponCall, sessionCall] = callsSince(from);
      expect(Object.fromEntries(couponCall!.form)).toMatchObject({ amount_off: "500", duration: stripeDuration });
      expect(Object.fromEntries(sessionCall!.form)).toMatchObject({ mode: "subscription", "discounts[0][coupon]": expect.any(String) });
    }
  });

  it("completes a 100%-off course without asking Stripe anything", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 9900 });
    const coupon = await createTestCoupon({ percentOff: 100 });
    const from = stripe.requests.length;

    expect((await startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: coupon.code })).status).toBe("paid");

    expect(callsSince(from)).toEqual([]);
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ status: "paid", provider: "stripe", amountCents: 0, discountCents: 9900 });
    await refundOrder({ orderId: order!.id, actorId: null });
    expect(callsSince(from)).toEqual([]);
  });

  it("charges the list price with no Stripe coupon when no code is given", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 4900 });
    const from = stripe.requests.length;
    await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
    const calls = callsSince(from);
    expect(calls.map((call) => call.path)).toEqual(["/v1/checkout/sessions"]);
    expect(calls[0]!.form.has("discounts[0][coupon]")).toBe(false);
  });
});
