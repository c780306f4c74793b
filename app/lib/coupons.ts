import { formatMoney } from "./money";
import type { CouponDiscountType, CouponDuration, CouponStatus, CouponTarget } from "./domain-values";

/**
 * The coupon rules both sides read: how a code is written, what it takes off a price, and whether
 * it may be used now by this buyer for this product. The server counts redemptions (under the
 * coupon's row lock) and asks `couponRefusal`; the checkout page shows the refusal's message.
 */

export const COUPON_CODE_MAX = 40;
export const COUPONS_PAGE_SIZE = 25;
export const COUPONS_MAX_QUERY_LENGTH = 100;
/** Letters, digits, dashes and underscores; stored upper-cased so "launch" and "LAUNCH" are one code. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]*$/;

export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

export const COUPON_REFUSALS = ["unknown", "not-started", "expired", "not-for-product", "used-up", "already-used"] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/**
 * Why a code was refused, as the checkout says it next to the code field. A code for another
 * product reads as unknown: otherwise a guess at one course's checkout would confirm a code that
 * exists for another (issue 36); the buyer holding a real code knows what it was given for.
 */
export const COUPON_REFUSAL_MESSAGES: Record<CouponRefusal, string> = {
  unknown: "There is no coupon with this code",
  "not-started": "This coupon is not active yet",
  expired: "This coupon has expired",
  "not-for-product": "There is no coupon with this code",
  "used-up": "This coupon has been used up",
  "already-used": "You have already used this coupon",
};

export const COUPON_MESSAGES = {
  created: "Coupon created",
  saved: "Coupon saved",
  disabled: "Coupon disabled",
  enabled: "Coupon enabled",
  invalid: "Please correct the highlighted fields",
  codeTaken: "A coupon with this code already exists",
  notFound: "Coupon not found",
  listFailed: "Failed to fetch coupons",
  saveFailed: "Failed to save coupon",
  coursesWithOtherTarget: "Courses are ticked: choose “Chosen courses” to limit the coupon to them, or untick them",
} as const;

export type CouponTerms = {
  status: CouponStatus | string;
  discountType: CouponDiscountType | string;
  percentOff: number | null;
  amountOffCents: number | null;
  appliesTo: CouponTarget | string;
  courseIds: readonly string[];
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  maxPerCustomer: number | null;
};

/** What the coupon form saves (create and edit). */
export type CouponInput = {
  code: string;
  discountType: CouponDiscountType;
  percentOff: number | null;
  amountOffCents: number | null;
  appliesTo: CouponTarget;
  courseIds: string[];
  duration: CouponDuration;
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  maxPerCustomer: number | null;
};

export type CouponProduct = { kind: "course"; courseId: string } | { kind: "membership" } | { kind: "bundle"; bundleId: string };

/** What the coupon takes off `listPriceCents`: a percentage rounded to the cent, never more than the price. */
export function couponDiscountCents(coupon: Pick<CouponTerms, "discountType" | "percentOff" | "amountOffCents">, listPriceCents: number) {
  const off =
    coupon.discountType === "percent" ? Math.round((listPriceCents * (coupon.percentOff ?? 0)) / 100) : (coupon.amountOffCents ?? 0);
  return Math.max(0, Math.min(listPriceCents, off));
}

export function couponAppliesTo(coupon: Pick<CouponTerms, "appliesTo" | "courseIds">, product: CouponProduct) {
  if (coupon.appliesTo === "membership") return product.kind === "membership";
  if (coupon.appliesTo === "bundles") return product.kind === "bundle";
  if (product.kind !== "course") return false;
  return coupon.appliesTo === "all-courses" || coupon.courseIds.includes(product.courseId);
}

/**
 * Whether the coupon may be used: null when it may, else the first reason it may not.
 * `redemptions` and `customerRedemptions` are its pending and paid orders, all and the buyer's.
 */
export function couponRefusal({
  coupon,
  product,
  now,
  redemptions,
  customerRedemptions,
}: {
  coupon: CouponTerms | null;
  product: CouponProduct;
  now: Date;
  redemptions: number;
  customerRedemptions: number;
}): CouponRefusal | null {
  // A disabled code reads as unknown: a buyer learns nothing from a code the owner withdrew.
  if (!coupon || coupon.status !== "active") return "unknown";
  if (coupon.startsAt && now < coupon.startsAt) return "not-started";
  if (coupon.endsAt && now >= coupon.endsAt) return "expired";
  if (!couponAppliesTo(coupon, product)) return "not-for-product";
  if (coupon.maxRedemptions !== null && redemptions >= coupon.maxRedemptions) return "used-up";
  if (coupon.maxPerCustomer !== null && customerRedemptions >= coupon.maxPerCustomer) return "already-used";
  return null;
}

/** An order's coupon part as its lists show it: "LAUNCH: −$50.00 of $200.00", or null without a discount. */
export function orderDiscountLabel(order: { couponCode: string | null; discountCents: number; listPriceCents: number; currency: string }) {
  if (order.discountCents <= 0) return null;
  return `${order.couponCode ?? "Coupon"}: −${formatMoney(order.discountCents, order.currency)} of ${formatMoney(order.listPriceCents, order.currency)}`;
}
