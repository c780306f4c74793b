import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { createTestCoupon } from "../../../tests/support/coupons";
import { createBuyer, createCourseForSale } from "../../../tests/support/payments";
import { useTestDatabase } from "../../../tests/support/test-database";
import { orders } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { checkCoupon } from "./coupon-checks.server";

/**
 * The last redemption on PostgreSQL, with the overlap forced rather than hoped for: the first
 * buyer's transaction has checked the code and written its order but not committed when the second
 * buyer checks out. The second must wait for the coupon's row lock and then see the code used up
 * (without the lock it would count no redemption and be sold the code as well).
 */

const database = useTestDatabase();

it("makes the second of two overlapping buyers wait for the first, then refuses the used-up code", async () => {
  const coupon = await createTestCoupon({ maxRedemptions: 1 });
  const course = await createCourseForSale({ priceCents: 8000 });
  const [first, second] = [await createBuyer(), await createBuyer()];
  let secondCheckout: ReturnType<typeof startCheckout> | undefined;
  let secondSettled = false;

  await database().db.transaction(async (tx) => {
    const check = await checkCoupon({
      tx,
      code: coupon.code,
      userId: first.id,
      product: { kind: "course", courseId: course.id },
      listPriceCents: 8000,
    });
    expect(check.refusal).toBeNull();
    await tx.insert(orders).values({
      userId: first.id,
      customerEmail: first.email,
      kind: "course",
      courseId: course.id,
      itemTitle: "Held",
      listPriceCents: 8000,
      discountCents: check.discountCents,
      amountCents: 8000 - check.discountCents,
      couponId: coupon.id,
      couponCode: coupon.code,
      provider: "test",
    });
    secondCheckout = startCheckout({ userId: second.id, item: { courseId: course.id }, couponCode: coupon.code });
    void secondCheckout.finally(() => (secondSettled = true));
    // Until the second checkout either waits on a lock or finishes without one.
    for (;;) {
      const [waiting] = await database().db.execute<{ n: number }>(sql`select count(*)::int as n from pg_locks where not granted`);
      if (secondSettled || (waiting as { n: number }).n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });

  expect(await secondCheckout).toMatchObject({ status: "coupon-refused", refusal: "used-up" });
  expect(await database().db.select({ userId: orders.userId }).from(orders).where(eq(orders.couponId, coupon.id))).toEqual([
    { userId: first.id },
  ]);
});
