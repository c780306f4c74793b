import { eq } from "drizzle-orm";
import { recordRenewalCommission } from "~/server/affiliates/affiliate-commissions.server";
import { db } from "~/server/db/client.server";
import { subscriptions } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { claimEvent, type PaymentEvent } from "./claim-event.server";

/**
 * A membership's later payment (a renewal: Stripe's `invoice.paid` for a subscription cycle). A
 * renewal is not an order here: the subscription's status and period come with the provider's
 * subscription events (apply-subscription-update.server.ts). What a renewal adds is the
 * affiliate's commission when the program pays on every payment (docs/decisions/063), written in
 * the event's transaction, so a replayed event changes nothing.
 */
export async function recordMembershipPayment({
  event,
  providerSubscriptionId,
  invoiceId,
  amountPaidCents,
  taxCents,
  currency,
  paidAt,
}: {
  event: PaymentEvent;
  providerSubscriptionId: string;
  invoiceId: string;
  amountPaidCents: number;
  taxCents: number;
  currency: string;
  paidAt: Date;
}): Promise<{ outcome: "recorded" | "no-commission" | "duplicate" | "ignored" }> {
  return db().transaction(async (tx) => {
    if (!(await claimEvent({ tx, event }))) return { outcome: "duplicate" as const };
    const [subscription] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
    if (!subscription) {
      logger.warn({ providerSubscriptionId, invoiceId, eventId: event.id }, "a payment for a subscription we do not know");
      return { outcome: "ignored" as const };
    }
    const commission = await recordRenewalCommission({
      tx,
      payment: { subscriptionId: subscription.id, invoiceId, amountPaidCents, taxCents, currency: currency.toLowerCase(), paidAt },
    });
    return { outcome: commission ? ("recorded" as const) : ("no-commission" as const) };
  });
}
