import { eq } from "drizzle-orm";
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
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { createBundle } from "~/server/bundles/bundles.server";
import { enrollments, orders } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { acceptUpsell, claimUpsellShowing, continueUpsellCheckout, findUpsellAwaitingCheckout } from "~/server/payments/upsells.server";
import { saveUpsell } from "./course-upsells.server";

/** A bundle's one-click upsell with Stripe (docs/decisions/075): the card its checkout saved, charged off-session, through the Stripe double. */

const database = useTestDatabase(STRIPE_TEST_CONFIG);
const stripe = useStripeDouble();

const upsellOrderOf = async (orderId: string) =>
  (await database().db.select().from(orders).where(eq(orders.upsellOfOrderId, orderId)))[0] ?? null;
const accessOf = async (userId: string, courseId: string) =>
  (await database().db.select().from(enrollments).where(eq(enrollments.userId, userId))).find((row) => row.courseId === courseId)?.status ??
  "none";
const lastSession = () => stripe.requests.findLast((request) => request.path === "/v1/checkout/sessions")!;

async function bundleOf(courseIds: string[]) {
  return createBundle({
    input: { title: `Kit ${unique("k")}`, slug: unique("kit"), description: "", coverUrl: null, priceCents: 15000, status: "published", courseIds },
  });
}

/** A bundle with an upsell paid at Stripe (its webhook), the offer page shown. */
async function bundlePaidAtStripe() {
  const buyer = await createBuyer();
  const inside = await createCourseForSale();
  const bundle = await bundleOf([inside.id]);
  const offered = await createCourseForSale({ priceCents: 8000 });
  await saveUpsell({ owner: { bundleId: bundle.id }, product: { kind: "course", id: offered.id }, priceCents: 3000, pitch: "" });
  expect((await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id } })).status).toBe("redirect");
  const session = lastSession();
  const [pending] = await ordersOf(buyer.id);
  expect((await deliverStripeEvent(stripe, completedSession(pending!))).body).toMatchObject({ outcome: "paid" });
  const [order] = await ordersOf(buyer.id);
  expect(await claimUpsellShowing({ userId: buyer.id, orderId: order!.id })).not.toBeNull();
  return { buyer, inside, offered, order: order!, session };
}

describe("a bundle's upsell paid with the card saved at Stripe", () => {
  it("saves the card at the bundle's checkout, then charges it off-session once", async () => {
    const { buyer, inside, offered, order, session } = await bundlePaidAtStripe();
    expect(session.form.get("payment_intent_data[setup_future_usage]")).toBe("off_session");
    expect(await acceptUpsell({ userId: buyer.id, orderId: order.id })).toMatchObject({ status: "paid", title: offered.title });
    const charges = stripe.requests.filter((request) => request.method === "POST" && request.path === "/v1/payment_intents");
    expect(charges).toHaveLength(1);
    expect(Object.fromEntries(charges[0]!.form)).toMatchObject({
      amount: "3000",
      customer: `cus_${order.paymentId!.slice(3)}`,
      payment_method: `pm_${order.paymentId!.slice(3)}`,
      off_session: "true",
      confirm: "true",
    });
    expect(charges[0]!.idempotencyKey).toBe(`upsell-${order.id}`);
    expect(await upsellOrderOf(order.id)).toMatchObject({ status: "paid", provider: "stripe", amountCents: 3000 });
    expect(await accessOf(buyer.id, offered.id)).toBe("active");
    expect(await accessOf(buyer.id, inside.id)).toBe("active");
  });

  it("does not save the card for a bundle without an upsell", async () => {
    const buyer = await createBuyer();
    const bundle = await bundleOf([(await createCourseForSale()).id]);
    await startCheckout({ userId: buyer.id, item: { bundleId: bundle.id } });
    expect(lastSession().form.get("payment_intent_data[setup_future_usage]")).toBeNull();
  });

  for (const code of ["card_declined", "authentication_required"]) {
    it(`falls back to a Checkout when the bank answers ${code}: nothing charged, the bundle's courses kept`, async () => {
      const { buyer, inside, offered, order } = await bundlePaidAtStripe();
      stripe.declineNextCharge(code);
      expect(await acceptUpsell({ userId: buyer.id, orderId: order.id })).toMatchObject({ status: "redirect" });
      const upsell = await upsellOrderOf(order.id);
      expect(upsell).toMatchObject({ status: "pending", checkoutSessionId: expect.stringMatching(/^cs_test_double_/) });
      expect(await accessOf(buyer.id, offered.id)).toBe("none");
      expect(await accessOf(buyer.id, inside.id)).toBe("active");
      expect(lastSession().form.get("client_reference_id")).toBe(upsell!.id);
      expect(lastSession().form.get("line_items[0][price_data][unit_amount]")).toBe("3000");
      // The offer page says so, links to the buyer's courses and leads to the same session; paying it opens the course.
      expect(await findUpsellAwaitingCheckout({ userId: buyer.id, orderId: order.id })).toMatchObject({
        upsellOrder: { id: upsell!.id },
        content: { to: "/account" },
      });
      expect(await continueUpsellCheckout({ userId: buyer.id, orderId: order.id })).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      const [pending] = await database().db.select().from(orders).where(eq(orders.id, upsell!.id));
      expect((await deliverStripeEvent(stripe, completedSession(pending!))).body).toMatchObject({ outcome: "paid" });
      expect(await accessOf(buyer.id, offered.id)).toBe("active");
    });
  }
});
