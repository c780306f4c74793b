import type { CouponInput } from "~/lib/coupons";
import { createCoupon } from "~/server/coupons/admin-coupons.server";
import { unique } from "./test-database";

/** A coupon with a unique code: 25% off every course, no dates, no limits, unless `terms` say otherwise. */
export async function createTestCoupon(terms: Partial<CouponInput> = {}) {
  const input: CouponInput = {
    code: unique("SAVE").toUpperCase(),
    discountType: "percent",
    percentOff: 25,
    amountOffCents: null,
    appliesTo: "all-courses",
    courseIds: [],
    duration: "first-payment",
    startsAt: null,
    endsAt: null,
    maxRedemptions: null,
    maxPerCustomer: null,
    ...terms,
  };
  return { ...(await createCoupon({ input })), input };
}
