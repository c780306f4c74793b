import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  completedSession,
  createBuyer,
  createCourseForSale,
  deliverStripeEvent,
  ordersOf,
  STRIPE_TEST_CONFIG,
  taxedSessionFields,
  useStripeDouble,
} from "../../../tests/support/payments";
import { pdfText } from "../../../tests/support/pdf-text";
import { useTestDatabase } from "../../../tests/support/test-database";
import { invoices, orders, users } from "~/server/db/schema";
import { refundOrder } from "~/server/payments/billing.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { renderInvoicePdf } from "~/server/payments/invoice-pdf.server";
import { setTaxCollection } from "./tax-rates.server";

/** Stripe Tax (docs/decisions/054), through the local Stripe double: what the session asks for, and what fulfilment records. */

const database = useTestDatabase(STRIPE_TEST_CONFIG);
const stripe = useStripeDouble();

const invoicesOf = (orderId: string) =>
  database().db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.sequence));

async function startStripeCheckout({ priceCents }: { priceCents: number }) {
  const buyer = await createBuyer();
  const course = await createCourseForSale({ priceCents });
  const started = await startCheckout({ userId: buyer.id, item: { courseId: course.id } });
  if (started.status !== "redirect") throw new Error(`expected a redirect, got ${started.status}`);
  const [order] = await ordersOf(buyer.id);
  return { buyer, course, started, order: order!, session: Object.fromEntries(stripe.requests.at(-1)!.form) };
}

describe("Stripe Tax", () => {
  it("asks Stripe for nothing about tax while collection is off", async () => {
    await setTaxCollection({ enabled: false, actorId: null });
    const { session, started } = await startStripeCheckout({ priceCents: 24900 });
    expect(started.offer.tax).toBeNull();
    expect(session["automatic_tax[enabled]"]).toBeUndefined();
    expect(session["tax_id_collection[enabled]"]).toBeUndefined();
    expect(session["line_items[0][price_data][tax_behavior]"]).toBeUndefined();
  });

  it("turns Stripe Tax on, with the address required, tax IDs collected and our price before tax; a returning customer's details are updated", async () => {
    await setTaxCollection({ enabled: true, actorId: null });
    const { session, started, order } = await startStripeCheckout({ priceCents: 24900 });
    expect(started.offer.tax).toEqual({ mode: "stripe" });
    expect(session).toMatchObject({
      "automatic_tax[enabled]": "true",
      billing_address_collection: "required",
      "tax_id_collection[enabled]": "true",
      "line_items[0][price_data][unit_amount]": "24900",
      "line_items[0][price_data][tax_behavior]": "exclusive",
    });
    expect(session["customer_update[address]"]).toBeUndefined();
    // Until Stripe says, the order holds no tax: Stripe computes it on its page.
    expect(order).toMatchObject({ amountCents: 24900, taxCents: 0, status: "pending" });

    const returning = await createBuyer();
    await database().db.update(users).set({ stripeCustomerId: "cus_returning_tax" }).where(eq(users.id, returning.id));
    const course = await createCourseForSale({ priceCents: 9900 });
    await startCheckout({ userId: returning.id, item: { courseId: course.id } });
    expect(Object.fromEntries(stripe.requests.at(-1)!.form)).toMatchObject({
      customer: "cus_returning_tax",
      "customer_update[address]": "auto",
      "customer_update[name]": "auto",
      "automatic_tax[enabled]": "true",
    });
  });

  it("records the tax Stripe charged and the buyer's name, address and tax ID, on the order and its invoice; the refund's credit note reverses the tax", async () => {
    await setTaxCollection({ enabled: true, actorId: null });
    const { order } = await startStripeCheckout({ priceCents: 24900 });
    const answer = await deliverStripeEvent(stripe, completedSession(order, taxedSessionFields({ netCents: 24900, taxCents: 4731 })));
    expect(answer).toMatchObject({ status: 200, body: { outcome: "paid" } });

    const [paid] = await database().db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({
      status: "paid",
      amountCents: 29631,
      taxCents: 4731,
      taxRateBasisPoints: null,
      buyerName: "Beispiel GmbH",
      buyerAddress: "Hauptstraße 1\n10115 Berlin",
      buyerCountry: "DE",
      buyerTaxId: "DE123456789",
    });
    const [invoice] = await invoicesOf(order.id);
    expect(invoice).toMatchObject({ listPriceCents: 24900, taxCents: 4731, totalCents: 29631, buyerTaxId: "DE123456789" });
    const text = await pdfText(new Uint8Array(await renderInvoicePdf(invoice!)));
    for (const part of ["Beispiel GmbH", "Hauptstraße 1", "10115 Berlin", "Germany", "Tax ID: DE123456789", "$249.00", "$47.31", "$296.31"]) {
      expect(text).toContain(part);
    }

    await refundOrder({ orderId: order.id, actorId: null });
    const [, creditNote] = await invoicesOf(order.id);
    expect(creditNote).toMatchObject({ kind: "credit_note", taxCents: 4731, totalCents: 29631 });
  });

  it("records no tax and no buyer details when Stripe collected none", async () => {
    await setTaxCollection({ enabled: false, actorId: null });
    const { order } = await startStripeCheckout({ priceCents: 5000 });
    await deliverStripeEvent(stripe, completedSession(order, { total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 }, customer_details: { email: "x@example.test", name: null, address: null, tax_ids: [] } }));
    const [paid] = await ordersOf(order.userId!);
    expect(paid).toMatchObject({ status: "paid", amountCents: 5000, taxCents: 0, buyerName: null, buyerAddress: null, buyerCountry: null, buyerTaxId: null });
    expect((await invoicesOf(order.id))[0]).toMatchObject({ taxCents: 0, buyerAddress: "", buyerTaxId: "" });
  });
});
