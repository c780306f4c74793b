import { and, count, eq, inArray, not } from "drizzle-orm";
import { couponDiscountCents, couponRefusal, normalizeCouponCode, type CouponProduct, type CouponRefusal } from "~/lib/coupons";
import type { Queryable, Transaction } from "~/server/db/client.server";
import { coupons, orders, type Coupon } from "~/server/db/schema";

/** The orders that hold a redemption: a pending checkout keeps its place until it expires or fails; a refund gives it back. */
const REDEEMING_STATUSES = ["pending", "paid"];

export type CouponCheck =
  { coupon: Coupon; discountCents: number; refusal: null } | { coupon: Coupon | null; discountCents: 0; refusal: CouponRefusal };

/**
 * Whether `code` may take money off `listPriceCents` for this buyer and product, and how much.
 * Read with `database`; or with `tx`, inside that transaction, with the coupon's row locked until it
 * commits, so the order that takes the last redemption is written before the next buyer counts
 * (two buyers at once: exactly one wins).
 */
export async function checkCoupon({
  database,
  tx,
  code,
  userId,
  product,
  listPriceCents,
  now = new Date(),
}: {
  code: string;
  userId: string;
  product: CouponProduct;
  listPriceCents: number;
  now?: Date;
} & ({ database: Queryable; tx?: never } | { tx: Transaction; database?: never })): Promise<CouponCheck> {
  const reader: Queryable = tx ?? database;
  const normalized = normalizeCouponCode(code);
  const query = reader.select().from(coupons).where(eq(coupons.code, normalized));
  const [coupon] = tx ? await query.for("update") : await query;
  if (!coupon) return { coupon: null, discountCents: 0, refusal: "unknown" };
  // The buyer's own unpaid checkout of the same product (a Stripe page they left) does not count
  // against them: coming back starts it again. Should both be paid, the second purchase is
  // refunded as a duplicate (decision 015), which gives its redemption back.
  const sameProduct = product.kind === "course" ? eq(orders.courseId, product.courseId) : eq(orders.kind, "membership");
  const ownRetry = and(eq(orders.userId, userId), eq(orders.status, "pending"), sameProduct);
  const redeeming = and(eq(orders.couponId, coupon.id), inArray(orders.status, REDEEMING_STATUSES), not(ownRetry!));
  const [[all], [mine]] = await Promise.all([
    reader.select({ n: count() }).from(orders).where(redeeming),
    reader
      .select({ n: count() })
      .from(orders)
      .where(and(redeeming, eq(orders.userId, userId))),
  ]);
  const refusal = couponRefusal({ coupon, product, now, redemptions: all?.n ?? 0, customerRedemptions: mine?.n ?? 0 });
  if (refusal) return { coupon, discountCents: 0, refusal };
  return { coupon, discountCents: couponDiscountCents(coupon, listPriceCents), refusal: null };
}
