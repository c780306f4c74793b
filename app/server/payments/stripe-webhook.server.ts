import type { Request, Response } from "express";
import type Stripe from "stripe";
import { isOneOf, SUBSCRIPTION_STATUSES } from "~/lib/domain-values";
import { getConfig } from "~/server/platform/config.server";
import { logger } from "~/server/platform/logger.server";
import { applyProviderRefund } from "./apply-provider-refund.server";
import { applySubscriptionUpdate } from "./apply-subscription-update.server";
import type { PaymentEvent } from "./claim-event.server";
import { closeCheckout } from "./close-checkout.server";
import { fulfilCheckout } from "./fulfil-checkout.server";
import {
  findPlanBySubscription,
  recordPlanInstalment,
  recordPlanInstalmentFailure,
  recordPlanSubscriptionEnded,
  scheduleStripePlanEnd,
} from "./payment-plans.server";
import { recordMembershipPayment } from "./record-membership-payment.server";
import { getStripe } from "./stripe-client.server";
import { findInvoicePaymentIntent, findOrderPaymentIds } from "./stripe-invoices.server";

/**
 * `POST /api/webhooks/stripe`: Stripe's word on payments. The raw body is checked against the
 * `Stripe-Signature` header with STRIPE_WEBHOOK_SECRET (and its timestamp against a five-minute
 * tolerance) before anything is read from it; that signature is why this route is exempt from
 * the browser origin check (docs/security.md). Each handled event changes the database once:
 * its id is stored in the transaction of the change (claim-event.server.ts).
 *
 * Answers: 200 handled (or ignored: an event type we do not use), 400 bad signature, 404 Stripe
 * not configured, 500 our failure, so Stripe retries later.
 */

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

/** An expandable Stripe field as its id. */
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** The subscription an invoice bills (where the API version puts it), or null. */
function subscriptionOfInvoice(invoice: Stripe.Invoice) {
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription);
}

/**
 * The buyer's billing details as Stripe Checkout collected them (name, address, the tax ID Stripe
 * validated), for the order and its invoice; null when Stripe collected none.
 */
export function buyerFromSession(session: Stripe.Checkout.Session) {
  const details = session.customer_details;
  if (!details) return null;
  const address = details.address;
  const lines = address
    ? [address.line1, address.line2, [address.postal_code, address.city].filter(Boolean).join(" "), address.state].filter(
        (line): line is string => Boolean(line),
      )
    : [];
  const taxId = details.tax_ids?.[0]?.value ?? null;
  if (!details.name && lines.length === 0 && !address?.country && !taxId) return null;
  return { name: details.name ?? null, address: lines.join("\n") || null, country: address?.country ?? null, taxId };
}

/** The end of the paid period: on the items since Stripe's 2025 API, on the subscription before. */
function periodEnd(subscription: Stripe.Subscription) {
  const itemEnds = subscription.items?.data?.map((item) => item.current_period_end).filter((end) => typeof end === "number") ?? [];
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const end = itemEnds.length > 0 ? Math.max(...itemEnds) : (legacy ?? subscription.ended_at ?? subscription.canceled_at);
  return end ? fromUnix(end) : new Date();
}

export async function handleStripeEvent(event: Stripe.Event): Promise<string> {
  const ref: PaymentEvent = { id: event.id, provider: "stripe", type: event.type };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // A delayed payment method (a bank debit) completes the session unpaid; its own event follows.
      if (session.payment_status === "unpaid") return "awaiting-payment";
      const orderId = session.client_reference_id ?? session.metadata?.orderId ?? "";
      // A membership is paid by its first invoice: the order keeps that invoice's PaymentIntent,
      // the id Stripe's charge.refunded names (the invoice's own id if Stripe cannot say).
      const invoiceId = idOf(session.invoice);
      const paymentId = idOf(session.payment_intent) ?? (invoiceId ? ((await findInvoicePaymentIntent({ invoiceId })) ?? invoiceId) : null);
      const { outcome } = await fulfilCheckout({
        event: ref,
        orderId,
        checkoutSessionId: session.id,
        paymentId,
        customerId: idOf(session.customer),
        amountCents: session.amount_total,
        // Stripe Tax's amount (0 when tax was not collected): recorded as Stripe charged it.
        taxCents: session.total_details?.amount_tax ?? null,
        buyer: buyerFromSession(session),
        currency: session.currency,
        providerSubscriptionId: idOf(session.subscription),
        paidAt: fromUnix(event.created),
      });
      // A payment plan's subscription ends by itself after its N-th payment (docs/decisions/069).
      const planSubscription = session.mode === "subscription" && session.metadata?.paymentPlanPayments ? idOf(session.subscription) : null;
      if (planSubscription) await scheduleStripePlanEnd({ providerSubscriptionId: planSubscription });
      return outcome;
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed": {
      const session = event.data.object;
      const { changed } = await closeCheckout({
        event: ref,
        orderId: session.client_reference_id ?? "",
        status: event.type === "checkout.session.expired" ? "expired" : "failed",
      });
      return changed ? "closed" : "unchanged";
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      // A payment plan's subscription is no membership: its invoices move the plan, and its end
      // before the last instalment cancels the plan (docs/decisions/073).
      if (subscription.metadata?.paymentPlanPayments) {
        if (event.type !== "customer.subscription.deleted") return "payment-plan";
        const { outcome } = await recordPlanSubscriptionEnded({
          event: ref,
          providerSubscriptionId: subscription.id,
          endedAt: subscription.ended_at ? fromUnix(subscription.ended_at) : fromUnix(event.created),
        });
        return `plan-${outcome}`;
      }
      const status = event.type === "customer.subscription.deleted" ? "canceled" : subscription.status;
      if (!isOneOf(SUBSCRIPTION_STATUSES, status)) return "unknown-status";
      const { outcome } = await applySubscriptionUpdate({
        event: ref,
        providerSubscriptionId: subscription.id,
        status,
        currentPeriodEnd: periodEnd(subscription),
        cancelAtPeriodEnd: subscription.cancel_at_period_end || Boolean(subscription.cancel_at),
        canceledAt: subscription.canceled_at ? fromUnix(subscription.canceled_at) : null,
        userId: subscription.metadata?.userId ?? null,
        plan: subscription.metadata?.plan ?? null,
        trialEnd: subscription.trial_end ? fromUnix(subscription.trial_end) : null,
      });
      return outcome;
    }
    case "invoice.paid": {
      // A membership's later payment (a renewal). Its first invoice is the checkout's, paid with the order.
      const invoice = event.data.object;
      const legacy = invoice as unknown as { tax?: number | null };
      const providerSubscriptionId = subscriptionOfInvoice(invoice);
      if (!providerSubscriptionId || !invoice.id || invoice.billing_reason === "subscription_create") return "first-payment";
      if (invoice.amount_paid <= 0) return "nothing-paid";
      const taxCents = invoice.total_taxes ? invoice.total_taxes.reduce((sum, tax) => sum + tax.amount, 0) : (legacy.tax ?? 0);
      const plan = await findPlanBySubscription({ providerSubscriptionId });
      if (plan) {
        // A payment plan's later instalment: an order of its own, keyed by the invoice's payment (a
        // second delivery of the invoice records nothing more).
        const { outcome } = await recordPlanInstalment({
          planId: plan.id,
          paymentId: (await findInvoicePaymentIntent({ invoiceId: invoice.id })) ?? invoice.id,
          amountCents: invoice.amount_paid,
          taxCents,
          paidAt: invoice.status_transitions?.paid_at ? fromUnix(invoice.status_transitions.paid_at) : fromUnix(event.created),
        });
        return `plan-${outcome}`;
      }
      const { outcome } = await recordMembershipPayment({
        event: ref,
        providerSubscriptionId,
        invoiceId: invoice.id,
        amountPaidCents: invoice.amount_paid,
        taxCents,
        currency: invoice.currency,
        paidAt: invoice.status_transitions?.paid_at ? fromUnix(invoice.status_transitions.paid_at) : fromUnix(event.created),
      });
      return outcome;
    }
    case "invoice.payment_failed": {
      // A payment plan's instalment declined: the plan is overdue and the buyer mailed once per
      // instalment (a membership's failed renewal is told by its subscription's status instead).
      const providerSubscriptionId = subscriptionOfInvoice(event.data.object);
      const plan = providerSubscriptionId ? await findPlanBySubscription({ providerSubscriptionId }) : null;
      if (!plan) return "ignored";
      const { outcome } = await recordPlanInstalmentFailure({ planId: plan.id, now: fromUnix(event.created) });
      return `plan-${outcome}`;
    }
    case "charge.refunded": {
      const charge = event.data.object;
      // `refunded` is true once the whole charge is refunded; a partial refund keeps the access.
      const paymentIntentId = idOf(charge.payment_intent);
      if (!charge.refunded || !paymentIntentId) return "partial-refund";
      const { outcome } = await applyProviderRefund({ event: ref, paymentIds: await findOrderPaymentIds({ paymentIntentId }) });
      return outcome;
    }
    default:
      return "ignored";
  }
}

/** Verifies and handles one delivery; the Express route only passes the raw body and the header. */
export async function processStripeWebhook({
  payload,
  signature,
}: {
  payload: Buffer | string;
  signature: string | undefined;
}): Promise<WebhookAnswer> {
  const stripeConfig = getConfig().stripe;
  if (!stripeConfig) return { status: 404, body: { error: "Stripe is not configured" } };
  let event: Stripe.Event;
  try {
    event = getStripe().webhooks.constructEvent(payload, signature ?? "", stripeConfig.webhookSecret);
  } catch (error) {
    logger.warn({ err: error }, "Stripe webhook refused: bad signature");
    return { status: 400, body: { error: "Invalid signature" } };
  }
  try {
    const outcome = await handleStripeEvent(event);
    logger.info({ eventId: event.id, type: event.type, outcome }, "Stripe webhook handled");
    return { status: 200, body: { received: true, outcome } };
  } catch (error) {
    logger.error({ err: error, eventId: event.id, type: event.type }, "Stripe webhook failed; Stripe will retry");
    return { status: 500, body: { error: "Webhook handling failed" } };
  }
}

/** The Express route, behind `express.raw` so the signature is checked against the bytes Stripe sent. */
export async function stripeWebhookRoute(req: Request, res: Response) {
  const payload = Buffer.isBuffer(req.body) ? req.body : "";
  const answer = await processStripeWebhook({ payload, signature: req.get("stripe-signature") });
  res.setHeader("Cache-Control", "no-store");
  res.status(answer.status).json(answer.body);
}
