import { addMonths, addYears } from "date-fns";
import { eq } from "drizzle-orm";
import { isOneOf, SUBSCRIPTION_PLANS, type SubscriptionPlan } from "~/lib/domain-values";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import type { Transaction } from "~/server/db/client.server";
import { subscriptions, type Order } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { emitMembershipEvent } from "./membership-webhooks.server";
import { scheduleTrialJobs, trialEndAfter } from "./membership-trials.server";

/** The end of a first period that starts at `from`, until the provider says otherwise. */
export function periodEndAfter(from: Date, plan: SubscriptionPlan) {
  return plan === "yearly" ? addYears(from, 1) : addMonths(from, 1);
}

/**
 * The subscription a paid membership order starts (or the one the provider's own event already
 * wrote), with `membership_started`, in the fulfilment's transaction. Its id, for the order.
 * An order with a free trial starts it `trialing` until the trial's end, with the trial's jobs
 * (docs/decisions/066).
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
  const trialEndsAt = order.trialDays ? trialEndAfter(paidAt, order.trialDays) : null;
  const [existing] = await tx
    .select({ id: subscriptions.id, trialEndsAt: subscriptions.trialEndsAt })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  if (existing) {
    // Stripe's own event wrote it first; its trial's end is Stripe's, and the reminder is ours to queue.
    if (trialEndsAt) {
      await tx.update(subscriptions).set({ trialEndsAt: existing.trialEndsAt ?? trialEndsAt }).where(eq(subscriptions.id, existing.id));
      await scheduleTrialJobs({ tx, subscriptionId: existing.id, provider: order.provider, trialEndsAt: existing.trialEndsAt ?? trialEndsAt });
    }
    return existing.id;
  }
  const [created] = await tx
    .insert(subscriptions)
    .values({
      userId,
      plan,
      status: trialEndsAt ? "trialing" : "active",
      provider: order.provider,
      providerSubscriptionId,
      currentPeriodEnd: trialEndsAt ?? periodEndAfter(paidAt, plan),
      trialEndsAt,
    })
    // The one-live-subscription index; fulfilCheckout has ruled a second one out under the buyer's lock.
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (!created) {
    logger.error({ orderId: order.id, userId, providerSubscriptionId }, "a second live membership for one user was not stored");
    return null;
  }
  if (trialEndsAt) await scheduleTrialJobs({ tx, subscriptionId: created.id, provider: order.provider, trialEndsAt });
  await recordAccessEvent({ tx, type: "membership_started", userId, source: "membership", orderId: order.id });
  await emitMembershipEvent({ tx, type: "membership.started", subscriptionId: created.id });
  return created.id;
}
