import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  completedSession,
  createBuyer,
  createCourseForSale,
  deliverStripeEvent,
  ordersOf,
  STRIPE_TEST_CONFIG,
  stripeEvent,
  taxedSessionFields,
  useStripeDouble,
} from "../../../tests/support/payments";
import { useTestDatabase } from "../../../tests/support/test-database";
import { orderLines, orders } from "~/server/db/schema";
import { setTaxCollection } from "~/server/tax/tax-rates.server";
import { startCheckout } from "./checkout.server";

/** Order lines (docs/decisions/061) with Stripe, through the local Stripe double. */

const database = useTestDatabase(STRIPE_TEST_CONFIG);
const stripe = useStripeDouble();

const linesOf = (orderId: string) =>
  database().db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

async function startStripeCheckout({ priceCents }: { priceCents: number }) {
  const buyer = await createBuyer();
  const course = await createCourseForSale({ priceCents });
  const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
  if (started.status !== "redirect") throw new Error(`expected a redirect, got ${started.status}`);
  const [order] = await ordersOf(buyer.id);
  return { buyer, course, order: order! };
}

describe("order lines with Stripe", () => {
  it("writes the line before Stripe's page, and gives it the tax Stripe charged when paid, so it still adds up to the order", async () => {
    await setTaxCollection({ enabled: true, actorId: null });
    try {
      const { course, order } = await startStripeCheckout({ priceCents: 24900 });
      expect(await linesOf(order.id)).toMatchObject([
        { kind: "course", courseId: course.id, title: course.title, listPriceCents: 24900, taxCents: 0, amountCents: 24900 },
      ]);

      const answer = await deliverStripeEvent(stripe, completedSession(order, taxedSessionFields({ netCents: 24900, taxCents: 4731 })));
      expect(answer).toMatchObject({ status: 200, body: { outcome: "paid" } });

      const [paid] = await database().db.select().from(orders).where(eq(orders.id, order.id));
      expect(paid).toMatchObject({ amountCents: 29631, taxCents: 4731 });
      expect(await linesOf(order.id)).toMatchObject([{ listPriceCents: 24900, discountCents: 0, taxCents: 4731, amountCents: 29631 }]);
    } finally {
      await setTaxCollection({ enabled: false, actorId: null });
    }
  });

  it("marks the line refunded when Stripe reports the charge refunded", async () => {
    const { order } = await startStripeCheckout({ priceCents: 24900 });
    await deliverStripeEvent(stripe, completedSession(order));
    const charge = { id: `ch_${order.id.slice(0, 8)}`, object: "charge", payment_intent: `pi_${order.id.slice(0, 8)}`, amount: 24900 };
    const answer = await deliverStripeEvent(stripe, stripeEvent("charge.refunded", { ...charge, refunded: true, amount_refunded: 24900 }));
    expect(answer.body).toMatchObject({ outcome: "refunded" });

    const [refunded] = await database().db.select().from(orders).where(eq(orders.id, order.id));
    expect(refunded!.refundedAt).toBeInstanceOf(Date);
    expect((await linesOf(order.id)).map((line) => line.refundedAt)).toEqual([refunded!.refundedAt]);
  });
});
