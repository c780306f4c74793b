import { addMonths, addYears } from "date-fns";
import { eq } from "drizzle-orm";
import { isOneOf, SUBSCRIPTION_PLANS, type SubscriptionPlan } from "~/lib/domain-values";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import type { Transaction } from "~/server/db/client.server";
import { subscriptions, type Order } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { emitMembershipEvent } from "./membership-webhooks.server";

/** The end of a first period that starts at `from`, until the provider says otherwise. */
export function periodEndAfter(from: Date, plan: SubscriptionPlan) {
  return plan === "yearly" ? addYears(from, 1) : addMonths(from, 1);
}

/**
 * The subscription a paid membership order starts (or the one the provider's own event already
 * wrote), with `membership_started`, in the fulfilment's transaction. Its id, for the order.
 */
export async function startMembership({
  tx,
  order,
  completion,
  paidAt,
}: {
  tx: Transaction;
  order: Order;
  completion: { providerSubscriptionId?: string | null };
  paidAt: Date;
}) {
  const userId = order.userId!;
  const plan = isOneOf(SUBSCRIPTION_PLANS, order.plan) ? order.plan : "monthly";
  const providerSubscriptionId = completion.providerSubscriptionId ?? `test_sub_${order.id}`;
  const [existing] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  if (existing) return existing.id;
  const [created] = await tx
    .insert(subscriptions)
    .values({
      userId,
      plan,
      status: "active",
      provider: order.provider,
      providerSubscriptionId,
      currentPeriodEnd: periodEndAfter(paidAt, plan),
    })
    // The one-live-subscription index; fulfilCheckout has ruled a second one out under the buyer's lock.
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (!created) {
    logger.error({ orderId: order.id, userId, providerSubscriptionId }, "a second live membership for one user was not stored");
    return null;
  }
  await recordAccessEvent({ tx, type: "membership_started", userId, source: "membership", orderId: order.id });
  await emitMembershipEvent({ tx, type: "membership.started", subscriptionId: created.id });
  return created.id;
}
