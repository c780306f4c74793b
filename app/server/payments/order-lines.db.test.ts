import fs from "node:fs/promises";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestCoupon } from "../../../tests/support/coupons";
import { createBuyer, createCourseForSale, mailsTo, ordersOf } from "../../../tests/support/payments";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { getApiOrder, listApiOrders } from "~/server/api/api-reads.server";
import * as apiSchemas from "~/server/api/api-schemas.server";
import { orderLines, orders } from "~/server/db/schema";
import { setTaxCollection, setTaxRate } from "~/server/tax/tax-rates.server";
import { refundOrder } from "./billing.server";
import { startCheckout } from "./checkout.server";
import { shareCharge, sumOrderLines, writeOrderLines, type OrderLineDraft } from "./order-lines.server";
import { sendOrderReceipt } from "./receipts.server";

/** Order lines (docs/decisions/061): every order path writes its lines, and the order's totals are their sums. */

const database = useTestDatabase();

const linesOf = (orderId: string) =>
  database().db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

/** Every order whose totals are not its lines' sums (or that has no line): none, ever. */
async function ordersNotAddingUp() {
  const rows = await database().db.execute<{ id: string }>(sql`
    select o.id from orders o
    left join order_lines l on l.order_id = o.id
    group by o.id
    having count(l.id) = 0
      or o.list_price_cents <> sum(l.list_price_cents)
      or o.discount_cents <> sum(l.discount_cents)
      or o.tax_cents <> sum(l.tax_cents)
      or o.amount_cents <> sum(l.amount_cents)`);
  return "rows" in rows ? rows.rows : rows;
}

describe("an order's lines", () => {
  it("writes one course line as sold, settled when paid, with the order's totals its sums", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 14900 });
    expect(await startCheckout({ userId: buyer.id, item: { courseId: course.id } })).toMatchObject({ status: "paid" });

    const [order] = await ordersOf(buyer.id);
    expect(await linesOf(order!.id)).toMatchObject([
      {
        position: 0,
        kind: "course",
        courseId: course.id,
        plan: null,
        title: course.title,
        listPriceCents: 14900,
        discountCents: 0,
        taxCents: 0,
        amountCents: 14900,
        refundedAt: null,
      },
    ]);
    expect(await ordersNotAddingUp()).toEqual([]);
  });

  it("puts the coupon's discount and the test-mode tax on the line, so the line and the order charge the same", async () => {
    await setTaxCollection({ enabled: true, actorId: null });
    await setTaxRate({ country: "FR", rateBasisPoints: 2000 });
    try {
      const buyer = await createBuyer();
      const course = await createCourseForSale({ priceCents: 20000 });
      const coupon = await createTestCoupon({ percentOff: 25 });
      await startCheckout({
        userId: buyer.id,
        item: { courseId: course.id },
        couponCode: coupon.code,
        billing: { country: "FR", name: "", address: "", taxId: "" },
      });

      const [order] = await ordersOf(buyer.id);
      expect(order).toMatchObject({ status: "paid", listPriceCents: 20000, discountCents: 5000, taxCents: 3000, amountCents: 18000 });
      expect(await linesOf(order!.id)).toMatchObject([{ listPriceCents: 20000, discountCents: 5000, taxCents: 3000, amountCents: 18000 }]);
      expect(await ordersNotAddingUp()).toEqual([]);
    } finally {
      await setTaxCollection({ enabled: false, actorId: null });
    }
  });

  it("writes a membership line with its plan, and a 100%-off course's free line", async () => {
    const member = await createBuyer();
    await startCheckout({ userId: member.id, item: { plan: "yearly" } });
    const [membershipOrder] = await ordersOf(member.id);
    expect(await linesOf(membershipOrder!.id)).toMatchObject([
      { kind: "membership", plan: "yearly", courseId: null, title: membershipOrder!.itemTitle, amountCents: membershipOrder!.amountCents },
    ]);

    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 5000 });
    const coupon = await createTestCoupon({ percentOff: 100 });
    expect(await startCheckout({ userId: buyer.id, item: { courseId: course.id }, couponCode: coupon.code })).toMatchObject({
      status: "paid",
    });
    const [freeOrder] = await ordersOf(buyer.id);
    expect(await linesOf(freeOrder!.id)).toMatchObject([{ kind: "course", listPriceCents: 5000, discountCents: 5000, amountCents: 0 }]);
    expect(await ordersNotAddingUp()).toEqual([]);
  });

  it("writes a guest's order's line, the order made out to the address's new account when paid", async () => {
    const email = `${unique("guest")}@example.test`;
    const course = await createCourseForSale({ priceCents: 3900 });
    expect(await startCheckout({ guest: { email, name: "Guest Buyer" }, item: { courseId: course.id } })).toMatchObject({ status: "paid" });
    const [order] = await database().db.select().from(orders).where(eq(orders.customerEmail, email));
    expect(order!.userId).not.toBeNull();
    expect(await linesOf(order!.id)).toMatchObject([{ kind: "course", courseId: course.id, amountCents: 3900 }]);
  });

  it("marks the lines refunded with their order, at the same time", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 9900 });
    await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
    const [order] = await ordersOf(buyer.id);
    expect((await linesOf(order!.id))[0]!.refundedAt).toBeNull();

    await refundOrder({ orderId: order!.id, actorId: null });

    const [refunded] = await ordersOf(buyer.id);
    expect(refunded!.refundedAt).toBeInstanceOf(Date);
    expect((await linesOf(order!.id)).map((line) => line.refundedAt)).toEqual([refunded!.refundedAt]);
  });

  it("refuses a line that discounts more than its price, or records more tax than it charged", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 1000 });
    await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
    const [order] = await ordersOf(buyer.id);
    const line = { orderId: order!.id, kind: "course", title: "x", listPriceCents: 1000 };
    await expect(
      database()
        .db.insert(orderLines)
        .values({ ...line, position: 1, discountCents: 1001, amountCents: 0 }),
    ).rejects.toThrow();
    await expect(
      database()
        .db.insert(orderLines)
        .values({ ...line, position: 1, taxCents: 500, amountCents: 400 }),
    ).rejects.toThrow();
    await expect(
      database()
        .db.insert(orderLines)
        .values({ ...line, position: 1, kind: "gift", amountCents: 1000 }),
    ).rejects.toThrow();
  });
});

describe("the receipt of an order of several lines", () => {
  it("lists each line with what was paid for it; an order of one line is told as before", async () => {
    const buyer = await createBuyer();
    const first = await createCourseForSale({ priceCents: 10000 });
    const second = await createCourseForSale({ priceCents: 4900 });
    const lines: OrderLineDraft[] = [
      { kind: "course", courseId: first.id, plan: null, title: first.title, listPriceCents: 10000, discountCents: 0, taxCents: 0 },
      { kind: "course", courseId: second.id, plan: null, title: second.title, listPriceCents: 4900, discountCents: 900, taxCents: 0 },
    ];
    const totals = sumOrderLines(lines);
    const orderId = await database().db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          userId: buyer.id,
          customerEmail: buyer.email,
          kind: "course",
          courseId: first.id,
          itemTitle: first.title,
          ...totals,
          status: "paid",
          provider: "test",
          paidAt: new Date(),
        })
        .returning({ id: orders.id });
      await writeOrderLines({ tx, orderId: order!.id, lines });
      return order!.id;
    });
    expect(await ordersNotAddingUp()).toEqual([]);

    await sendOrderReceipt({ orderId });

    const [receipt] = await mailsTo(buyer.email);
    expect(receipt).toContain(`In this order: ${first.title}: $100.00; ${second.title}: $40.00.`);

    const single = await createBuyer();
    await startCheckout({ userId: single.id, item: { courseId: first.id } });
    const [singleReceipt] = await mailsTo(single.email);
    expect(singleReceipt).toContain(`You bought ${first.title} for $100.00`);
    expect(singleReceipt).not.toContain("In this order");
  });
});

describe("the backfill of orders written before lines", () => {
  it("gives each old order one line with its own figures, once, and leaves orders with lines alone", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 20000 });
    const refundedAt = new Date("2026-05-02T10:00:00Z");
    const [old] = await database()
      .db.insert(orders)
      .values({
        userId: buyer.id,
        customerEmail: buyer.email,
        kind: "course",
        courseId: course.id,
        itemTitle: "Old title",
        listPriceCents: 20000,
        discountCents: 5000,
        taxCents: 3000,
        amountCents: 18000,
        status: "refunded",
        provider: "test",
        refundedAt,
      })
      .returning();
    await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });
    expect(await ordersNotAddingUp()).toEqual([{ id: old!.id }]);

    // The migration's own file, whatever number it is given.
    const folder = path.resolve("drizzle");
    const file = (await fs.readdir(folder)).find((name) => name.endsWith("_order_lines_backfill.sql"))!;
    const backfill = await fs.readFile(path.join(folder, file), "utf8");
    await database().db.execute(sql.raw(backfill));
    await database().db.execute(sql.raw(backfill));

    expect(await linesOf(old!.id)).toMatchObject([
      {
        position: 0,
        kind: "course",
        courseId: course.id,
        title: "Old title",
        listPriceCents: 20000,
        discountCents: 5000,
        taxCents: 3000,
        amountCents: 18000,
        refundedAt,
      },
    ]);
    expect(await ordersNotAddingUp()).toEqual([]);
  });
});

describe("the REST API's orders", () => {
  it("show each order's lines beside its totals, in the documented shape", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale({ priceCents: 7700 });
    await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
    const [order] = await ordersOf(buyer.id);

    const one = apiSchemas.orderItem.parse(await getApiOrder({ orderId: order!.id }));
    expect(one).toMatchObject({ amount_cents: 7700, tax_cents: 0 });
    expect(one.lines).toEqual([
      {
        kind: "course",
        course_id: course.id,
        plan: null,
        title: course.title,
        list_price_cents: 7700,
        discount_cents: 0,
        tax_cents: 0,
        amount_cents: 7700,
        refunded_at: null,
      },
    ]);
    const page = apiSchemas.orderList.parse(await listApiOrders({ userId: buyer.id, limit: 10 }));
    expect(page.data.map((item) => item.lines.map((line) => line.title))).toEqual([[course.title]]);
  });
});

describe("sharing a charge over lines", () => {
  it("sums lines into the order's totals", () => {
    expect(
      sumOrderLines([
        { listPriceCents: 10000, discountCents: 2500, taxCents: 1500 },
        { listPriceCents: 4900, discountCents: 0, taxCents: 980 },
      ]),
    ).toEqual({ listPriceCents: 14900, discountCents: 2500, taxCents: 2480, amountCents: 14880 });
  });

  it("gives the provider's tax to the lines by what each costs, the rounding's remainder to the last paid line, adding up to the charge", () => {
    const lines = [
      { id: "a", listPriceCents: 10000, discountCents: 0 },
      { id: "b", listPriceCents: 5000, discountCents: 0 },
      { id: "c", listPriceCents: 5000, discountCents: 5000 },
    ];
    const shared = shareCharge({ lines, amountCents: 15000 + 1001, taxCents: 1001 });
    expect(shared).toEqual([
      { id: "a", taxCents: 667, amountCents: 10667 },
      { id: "b", taxCents: 334, amountCents: 5334 },
      { id: "c", taxCents: 0, amountCents: 0 },
    ]);
    expect(shared.reduce((sum, line) => sum + line.amountCents, 0)).toBe(16001);
    expect(shareCharge({ lines: [{ id: "only", listPriceCents: 24900, discountCents: 0 }], amountCents: 29631, taxCents: 4731 })).toEqual([
      { id: "only", taxCents: 4731, amountCents: 29631 },
    ]);
  });
});
