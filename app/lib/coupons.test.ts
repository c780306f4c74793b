import { describe, expect, it } from "vitest";
import { couponDiscountCents, couponRefusal, normalizeCouponCode, type CouponTerms } from "./coupons";

const NOW = new Date("2026-06-15T12:00:00Z");
const COURSE = "00000000-0000-4000-8000-000000000001";
const OTHER = "00000000-0000-4000-8000-000000000002";

const coupon = (terms: Partial<CouponTerms> = {}): CouponTerms => ({
  status: "active",
  discountType: "percent",
  percentOff: 20,
  amountOffCents: null,
  appliesTo: "all-courses",
  courseIds: [],
  startsAt: null,
  endsAt: null,
  maxRedemptions: null,
  maxPerCustomer: null,
  ...terms,
});

const refusal = (
  terms: Partial<CouponTerms> | null,
  { product = { kind: "course", courseId: COURSE } as const, redemptions = 0, mine = 0, now = NOW } = {},
) => couponRefusal({ coupon: terms === null ? null : coupon(terms), product, now, redemptions, customerRedemptions: mine });

describe("the coupon rules", () => {
  it.each([
    ["no such code", null, {}, "unknown"],
    ["a disabled code", { status: "disabled" }, {}, "unknown"],
    ["starting tomorrow", { startsAt: new Date("2026-06-16T00:00:00Z") }, {}, "not-started"],
    ["started this instant", { startsAt: NOW }, {}, null],
    ["ended this instant", { endsAt: NOW }, {}, "expired"],
    ["ending in a second", { endsAt: new Date(NOW.getTime() + 1000) }, {}, null],
    ["for another course", { appliesTo: "courses", courseIds: [OTHER] }, {}, "not-for-product"],
    ["for this course among others", { appliesTo: "courses", courseIds: [OTHER, COURSE] }, {}, null],
    ["for the membership, on a course", { appliesTo: "membership" }, {}, "not-for-product"],
    ["for every course, on the membership", { appliesTo: "all-courses" }, { product: { kind: "membership" } }, "not-for-product"],
    ["for the membership, on the membership", { appliesTo: "membership" }, { product: { kind: "membership" } }, null],
    ["with its last redemption taken", { maxRedemptions: 3 }, { redemptions: 3 }, "used-up"],
    ["with one redemption left", { maxRedemptions: 3 }, { redemptions: 2 }, null],
    ["used once by this buyer, once each", { maxPerCustomer: 1 }, { mine: 1 }, "already-used"],
    ["used once by this buyer, twice each", { maxPerCustomer: 2 }, { mine: 1 }, null],
    ["used up and used by this buyer", { maxRedemptions: 1, maxPerCustomer: 1 }, { redemptions: 1, mine: 1 }, "used-up"],
    ["expired and for another course", { endsAt: NOW, appliesTo: "courses", courseIds: [OTHER] }, {}, "expired"],
  ] as const)("%s: %s", (_name, terms, context, expected) => {
    expect(refusal(terms as Partial<CouponTerms> | null, context as never)).toBe(expected);
  });

  it("takes a percentage rounded to the cent, and a fixed amount never beyond the price", () => {
    expect(couponDiscountCents(coupon({ percentOff: 15 }), 9999)).toBe(1500);
    expect(couponDiscountCents(coupon({ percentOff: 100 }), 19700)).toBe(19700);
    expect(couponDiscountCents(coupon({ discountType: "amount", percentOff: null, amountOffCents: 2500 }), 19700)).toBe(2500);
    expect(couponDiscountCents(coupon({ discountType: "amount", percentOff: null, amountOffCents: 50000 }), 19700)).toBe(19700);
  });

  it("reads codes in any case", () => {
    expect(normalizeCouponCode("  launch-25 ")).toBe("LAUNCH-25");
  });
});
