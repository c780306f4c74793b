import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  completedSession,
  createBuyer,
  createCourseForSale,
  deliverStripeEvent,
  ordersOf,
  STRIPE_TEST_CONFIG,
  stripeEvent,
  useStripeDouble,
} from "../../../tests/support/payments";
import { useTestDatabase } from "../../../tests/support/test-database";
import { enrollments, invoices, orderLines, orders } from "~/server/db/schema";
import { refundOrder } from "~/server/payments/billing.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { refundOrderLine } from "~/server/payments/refund-order-line.server";
import { saveCourseBump } from "./course-bumps.server";

/** Order bumps with Stripe (docs/decisions/067), through the local Stripe double. */

const database = useTestDatabase(STRIPE_TEST_CONFIG);
const stripe = useStripeDouble();

const linesOf = (orderId: string) =>
  database().db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

async function paidStripeOrderWithBump() {
  const buyer = await createBuyer();
  const course = await createCourseForSale({ priceCents: 10000 });
  const offered = await createCourseForSale({ priceCents: 8000 });
  await saveCourseBump({ courseId: course.id, offerCourseId: offered.id, priceCents: 3000, pitch: "" });
  const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id }, withBump: true });
  expect(started.status).toBe("redirect");
  const [pending] = await ordersOf(buyer.id);
  const session = stripe.requests.findLast((request) => request.path === "/v1/checkout/sessions")!;
  const answer = await deliverStripeEvent(stripe, completedSession(pending!));
  expect(answer.body).toMatchObject({ outcome: "paid" });
  const [order] = await ordersOf(buyer.id);
  return { buyer, course, offered, order: order!, session, lines: await linesOf(order!.id) };
}

describe("an order bump paid at Stripe", () => {
  it("puts both lines in one Checkout Session at the database's prices, and the paid order opens both courses", async () => {
    const { buyer, course, offered, order, session, lines } = await paidStripeOrderWithBump();
    expect(session.form.get("line_items[0][price_data][unit_amount]")).toBe("10000");
    expect(session.form.get("line_items[0][price_data][product_data][name]")).toBe(course.title);
    expect(session.form.get("line_items[1][price_data][unit_amount]")).toBe("3000");
    expect(session.form.get("line_items[1][price_data][product_data][name]")).toBe(offered.title);
    expect(session.form.get("line_items[2][price_data][unit_amount]")).toBeNull();
    expect(order).toMatchObject({ status: "paid", amountCents: 13000 });
    expect(lines).toMatchObject([
      { kind: "course", amountCents: 10000 },
      { kind: "bump", amountCents: 3000 },
    ]);
    const opened = await database().db.select().from(enrollments).where(eq(enrollments.userId, buyer.id));
    expect(opened.map((row) => [row.courseId, row.status]).sort()).toEqual(
      [
        [course.id, "active"],
        [offered.id, "active"],
      ].sort(),
    );
  });

  it("refunds one line as a partial refund of its amount; Stripe's partial charge.refunded changes nothing; the rest refunds what is left", async () => {
    const { order, lines } = await paidStripeOrderWithBump();
    await refundOrderLine({ orderId: order.id, lineId: lines[1]!.id, actorId: null });
    const partial = stripe.requests.findLast((request) => request.path === "/v1/refunds")!;
    expect(partial.form.get("payment_intent")).toBe(order.paymentId);
    expect(partial.form.get("amount")).toBe("3000");
    expect(partial.idempotencyKey).toBe(`refund-${order.id}-${lines[1]!.id}`);

    const charge = { id: `ch_${order.id.slice(0, 8)}`, object: "charge", payment_intent: order.paymentId, amount: 13000 };
    const answer = await deliverStripeEvent(stripe, stripeEvent("charge.refunded", { ...charge, refunded: false, amount_refunded: 3000 }));
    expect(answer.body).toMatchObject({ outcome: "partial-refund" });
    const [stillPaid] = await database().db.select().from(orders).where(eq(orders.id, order.id));
    expect(stillPaid!.status).toBe("paid");

    await refundOrder({ orderId: order.id, actorId: null });
    const whole = stripe.requests.findLast((request) => request.path === "/v1/refunds")!;
    expect(whole.form.get("amount")).toBeNull();
    expect(whole.idempotencyKey).toBe(`refund-${order.id}`);

    // The same amounts in the line, the provider's refunds and the credit notes (docs/decisions/071).
    const creditNotes = await database()
      .db.select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "credit_note")))
      .orderBy(asc(invoices.sequence));
    expect(creditNotes.map((note) => [note.orderLineId, note.totalCents])).toEqual([
      [lines[1]!.id, Number(partial.form.get("amount"))],
      [null, order.amountCents - Number(partial.form.get("amount"))],
    ]);
  });
});
