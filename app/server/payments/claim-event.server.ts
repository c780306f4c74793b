import type { PaymentProvider } from "~/lib/domain-values";
import type { Transaction } from "~/server/db/client.server";
import { paymentWebhookEvents } from "~/server/db/schema";

/**
 * What a payment changes runs in one transaction with the row of the event that caused it
 * (`payment_webhook_events`, keyed by the provider's event id), so a replayed or concurrent
 * duplicate event finds the row taken and changes nothing: on PostgreSQL the second insert waits
 * for the first transaction and then conflicts. Every operation the Stripe webhook and the test
 * mode's Pay button call starts with `claimEvent` in its own transaction.
 */

export type PaymentEvent = { id: string; provider: PaymentProvider; type: string };

/** Takes the event for this transaction; false when it was handled already. */
export async function claimEvent({ tx, event }: { tx: Transaction; event: PaymentEvent }) {
  const claimed = await tx
    .insert(paymentWebhookEvents)
    .values({ id: event.id, provider: event.provider, type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.id });
  return claimed.length > 0;
}
