import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  completedSession,
  createBuyer,
  createCourseForSale,
  deliverStripeEvent,
  ordersOf,
  STRIPE_TEST_CONFIG,
  useStripeDouble,
} from "../../../tests/support/payments";
import { useTestDatabase } from "../../../tests/support/test-database";
import { enrollments, orderLines, orders } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { refundOrderLine } from "~/server/payments/refund-order-line.server";
import { acceptUpsell, claimUpsellShowing, continueUpsellCheckout, findUpsellAwaitingCheckout } from "~/server/payments/upsells.server";
import { saveCourseUpsell } from "./course-upsells.server";

/** One-click upsells with Stripe (docs/decisions/070): the saved card charged off-session, through the local Stripe double. */

const database = useTestDatabase(STRIPE_TEST_CONFIG);
const stripe = useStripeDouble();

const linesOf = (orderId: string) =>
  database().db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
const upsellOrderOf = async (orderId: string) =>
  (await database().db.select().from(orders).where(eq(orders.upsellOfOrderId, orderId)))[0] ?? null;
const accessOf = async (userId: string, courseId: string) =>
  (await database().db.select().from(enrollments).where(eq(enrollments.userId, userId))).find((row) => row.courseId === courseId)?.status ??
  "none";

/** A course with an upsell paid at Stripe (its webhook), the offer page shown. */
async function paidAtStripe() {
  const buyer = await createBuyer();
  const course = await createCourseForSale({ priceCents: 10000 });
  const offered = await createCourseForSale({ priceCents: 8000 });
  await saveCourseUpsell({ courseId: course.id, product: { kind: "course", id: offered.id }, priceCents: 3000, pitch: "" });
  expect((await startCheckout({ userId: buyer.id, item: { courseId: course.id } })).status).toBe("redirect");
  const session = stripe.requests.findLast((request) => request.path === "/v1/checkout/sessions")!;
  const [pending] = await ordersOf(buyer.id);
  expect((await deliverStripeEvent(stripe, completedSession(pending!))).body).toMatchObject({ outcome: "paid" });
  const [order] = await ordersOf(buyer.id);
  expect(await claimUpsellShowing({ userId: buyer.id, orderId: order!.id })).not.toBeNull();
  return { buyer, course, offered, order: order!, session };
}

describe("an upsell paid with the card saved at Stripe", () => {
  it("saves the card at the first checkout, then charges it off-session once, at the database's price", async () => {
    const { buyer, offered, order, session } = await paidAtStripe();
    expect(session.form.get("payment_intent_data[setup_future_usage]")).toBe("off_session");
    const answers = await Promise.all([
      acceptUpsell({ userId: buyer.id, orderId: order.id }),
      acceptUpsell({ userId: buyer.id, orderId: order.id }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(["answered", "paid"]);
    const charges = stripe.requests.filter((request) => request.method === "POST" && request.path === "/v1/payment_intents");
    expect(charges).toHaveLength(1);
    const charge = charges[0]!;
    expect(Object.fromEntries(charge.form)).toMatchObject({
      amount: "3000",
      currency: "usd",
      customer: `cus_${order.paymentId!.slice(3)}`,
      payment_method: `pm_${order.paymentId!.slice(3)}`,
      off_session: "true",
      confirm: "true",
    });
    expect(charge.idempotencyKey).toBe(`upsell-${order.id}`);
    const upsell = await upsellOrderOf(order.id);
    expect(upsell).toMatchObject({
      status: "paid",
      provider: "stripe",
      amountCents: 3000,
      paymentId: expect.stringMatching(/^pi_offsession_/),
    });
    expect(await linesOf(upsell!.id)).toMatchObject([{ kind: "upsell", amountCents: 3000 }]);
    expect(await accessOf(buyer.id, offered.id)).toBe("active");
    // Refunded on its own: Stripe gives back the upsell's own payment.
    await refundOrderLine({ orderId: upsell!.id, lineId: (await linesOf(upsell!.id))[0]!.id, actorId: null });
    expect(stripe.requests.findLast((request) => request.path === "/v1/refunds")!.form.get("payment_intent")).toBe(upsell!.paymentId);
  });

  it("does not save the card for a course without an upsell", async () => {
    const buyer = await createBuyer();
    const course = await createCourseForSale();
    await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
    const session = stripe.requests.findLast((request) => request.path === "/v1/checkout/sessions")!;
    expect(session.form.get("payment_intent_data[setup_future_usage]")).toBeNull();
  });

  for (const code of ["card_declined", "authentication_required"]) {
    it(`falls back to a Checkout for the upsell when the bank answers ${code}, nothing charged until it is paid`, async () => {
      const { buyer, offered, order } = await paidAtStripe();
      stripe.declineNextCharge(code);
      expect(await acceptUpsell({ userId: buyer.id, orderId: order.id })).toMatchObject({ status: "redirect" });
      const upsell = await upsellOrderOf(order.id);
      expect(upsell).toMatchObject({ status: "pending", checkoutSessionId: expect.stringMatching(/^cs_test_double_/) });
      expect(await accessOf(buyer.id, offered.id)).toBe("none");
      const fallback = stripe.requests.findLast((request) => request.path === "/v1/checkout/sessions")!;
      expect(fallback.form.get("client_reference_id")).toBe(upsell!.id);
      expect(fallback.form.get("line_items[0][price_data][unit_amount]")).toBe("3000");
      // The page says so and leads to the same session; paying it opens the course.
      expect(await findUpsellAwaitingCheckout({ userId: buyer.id, orderId: order.id })).toMatchObject({ upsellOrder: { id: upsell!.id } });
      expect(await continueUpsellCheckout({ userId: buyer.id, orderId: order.id })).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      expect(stripe.requests.findLast((request) => request.path === "/v1/checkout/sessions")!.idempotencyKey).toBe(
        `checkout-${upsell!.id}`,
      );
      const [pending] = await database().db.select().from(orders).where(eq(orders.id, upsell!.id));
      expect((await deliverStripeEvent(stripe, completedSession(pending!))).body).toMatchObject({ outcome: "paid" });
      expect(await accessOf(buyer.id, offered.id)).toBe("active");
      expect(await findUpsellAwaitingCheckout({ userId: buyer.id, orderId: order.id })).toBeNull();
    });
  }
});
