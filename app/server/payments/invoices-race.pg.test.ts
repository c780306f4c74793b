import { inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { createBuyer, createCourseForSale } from "../../../tests/support/payments";
import { useTestDatabase } from "../../../tests/support/test-database";
import { invoices, orders } from "~/server/db/schema";
import { startCheckout } from "./checkout.server";

/**
 * Invoice numbers under concurrent payments on PostgreSQL (docs/decisions/047): many buyers pay
 * at once, each on its own connection; every paid order has one invoice and the numbers they took
 * are consecutive, none repeated and none skipped.
 */

const database = useTestDatabase();

it("gives twenty concurrent payments twenty consecutive invoice numbers", async () => {
  const buyers = await Promise.all(Array.from({ length: 20 }, () => createBuyer()));
  const course = await createCourseForSale({ priceCents: 4900 });
  const results = await Promise.all(
    buyers.map((buyer) => startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: null })),
  );
  expect(results.map((result) => result.status)).toEqual(buyers.map(() => "paid"));

  const paid = await database()
    .db.select({ id: orders.id })
    .from(orders)
    .where(
      inArray(
        orders.userId,
        buyers.map((buyer) => buyer.id),
      ),
    );
  const issued = await database()
    .db.select({ sequence: invoices.sequence, number: invoices.number, orderId: invoices.orderId })
    .from(invoices)
    .where(
      inArray(
        invoices.orderId,
        paid.map((order) => order.id),
      ),
    );
  expect(new Set(issued.map((invoice) => invoice.orderId)).size).toBe(20);
  const sequences = issued.map((invoice) => invoice.sequence).sort((a, b) => a - b);
  expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => sequences[0]! + index));
  expect(new Set(issued.map((invoice) => invoice.number)).size).toBe(20);
});
