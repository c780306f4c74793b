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
  // An account holds at most one unpaid checkout with a coupon (a Stripe page it left, of any
  // product): the new order replaces it (`releaseEarlierHold`), so it does not count here. One
  // account can no longer hold a limited coupon "used up" with pending checkouts of several products.
  const ownHold = and(eq(orders.userId, userId), eq(orders.status, "pending"));
  const redeeming = and(eq(orders.couponId, coupon.id), inArray(orders.status, REDEEMING_STATUSES), not(ownHold!));
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

/**
 * The buyer's earlier unpaid checkouts with this coupon end (`expired`) as a new order takes the
 * coupon: one pending hold per account and coupon. Called under the coupon's row lock, in the
 * transaction that writes the new order. A page of the earlier checkout still open at Stripe can
 * be paid until its hour is over; that payment is fulfilled as usual (money taken gives what was bought).
 */
export async function releaseEarlierHold({ tx, couponId, userId }: { tx: Transaction; couponId: string; userId: string }) {
  await tx
    .update(orders)
    .set({ status: "expired" })
    .where(and(eq(orders.couponId, couponId), eq(orders.userId, userId), eq(orders.status, "pending")));
}
