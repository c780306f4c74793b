import type Stripe from "stripe";
import { eq } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { orders } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { getStripe } from "./stripe-client.server";

/**
 * A membership is paid by its subscription's first invoice, and Stripe's charge (and its refund)
 * names the invoice's PaymentIntent, not the invoice. Since Stripe's 2025 API neither a charge nor
 * a PaymentIntent says which invoice it paid; the invoice's `payments` list links the two. The
 * order keeps the PaymentIntent, so `charge.refunded` finds a membership like a course.
 */

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The PaymentIntent that paid the invoice; null when none did (a free first period) or Stripe could not say. */
export async function findInvoicePaymentIntent({ invoiceId }: { invoiceId: string }) {
  try {
    const invoice = await getStripe().invoices.retrieve(invoiceId, { expand: ["payments"] });
    const paid = invoice.payments?.data.find((payment) => payment.status === "paid" && payment.payment.type === "payment_intent");
    return idOf(paid?.payment.payment_intent as string | Stripe.PaymentIntent | undefined);
  } catch (error) {
    // The order keeps the invoice's id instead; a refund still finds it through the invoice.
    logger.warn({ err: error, invoiceId }, "could not read the invoice's payment from Stripe");
    return null;
  }
}

/**
 * The names an order may keep for this PaymentIntent: the PaymentIntent itself, and, when no order
 * has it (a membership sold before the PaymentIntent was stored), the invoices it paid. Throws when
 * Stripe cannot be asked, so the webhook answers 500 and Stripe delivers the event again.
 */
export async function findOrderPaymentIds({ paymentIntentId }: { paymentIntentId: string }) {
  const [known] = await db().select({ id: orders.id }).from(orders).where(eq(orders.paymentId, paymentIntentId)).limit(1);
  if (known) return [paymentIntentId];
  const paid = await getStripe().invoicePayments.list({ payment: { type: "payment_intent", payment_intent: paymentIntentId }, limit: 10 });
  const invoiceIds = paid.data.map((payment) => idOf(payment.invoice as string | { id: string })).filter((id): id is string => Boolean(id));
  return [paymentIntentId, ...invoiceIds];
}
