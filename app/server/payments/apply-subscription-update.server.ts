import { eq } from "drizzle-orm";
import { isOneOf, MEMBERSHIP_ACCESS_STATUSES, SUBSCRIPTION_PLANS, type SubscriptionStatus } from "~/lib/domain-values";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { db } from "~/server/db/client.server";
import { subscriptions, users } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { claimEvent, type PaymentEvent } from "./claim-event.server";
import { emitMembershipEvent } from "./membership-webhooks.server";

/** Statuses a subscription never leaves; a late event cannot bring it back. */
const FINAL_STATUSES: readonly SubscriptionStatus[] = ["canceled", "incomplete_expired"];

const opensCourses = (status: string) => isOneOf(MEMBERSHIP_ACCESS_STATUSES, status);

export type SubscriptionUpdate = {
  event: PaymentEvent;
  providerSubscriptionId: string;
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  /** From the subscription's metadata, to write a subscription the checkout has not written yet. */
  userId?: string | null;
  plan?: string | null;
  /** The end of the subscription's free trial, when it has one (Stripe's `trial_end`). */
  trialEnd?: Date | null;
};

/**
 * Applies the provider's subscription (created, updated, deleted): its status, period end and
 * scheduled cancellation. Access follows from these (access/membership.server.ts). Entering a
 * status that opens courses records membership_started; leaving one records membership_ended.
 */
export async function applySubscriptionUpdate(
  update: SubscriptionUpdate,
): Promise<{ outcome: "applied" | "created" | "duplicate" | "ignored" }> {
  return db().transaction(async (tx) => {
    if (!(await claimEvent({ tx, event: update.event }))) return { outcome: "duplicate" as const };
    const [current] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, update.providerSubscriptionId))
      .for("update");
    const values = {
      status: update.status,
      currentPeriodEnd: update.currentPeriodEnd,
      cancelAtPeriodEnd: update.cancelAtPeriodEnd,
      canceledAt: update.canceledAt,
    };
    if (!current) {
      const plan = isOneOf(SUBSCRIPTION_PLANS, update.plan) ? update.plan : null;
      const [user] = update.userId ? await tx.select({ id: users.id }).from(users).where(eq(users.id, update.userId)) : [];
      if (!user || !plan) {
        logger.warn(
          { providerSubscriptionId: update.providerSubscriptionId, eventId: update.event.id },
          "an update for a subscription we do not know",
        );
        return { outcome: "ignored" as const };
      }
      const [created] = await tx
        .insert(subscriptions)
        .values({
          userId: user.id,
          plan,
          provider: update.event.provider,
          providerSubscriptionId: update.providerSubscriptionId,
          trialEndsAt: update.trialEnd ?? null,
          ...values,
        })
        .onConflictDoNothing()
        .returning({ id: subscriptions.id });
      if (!created) {
        // A second membership (another checkout tab): its checkout's fulfilment cancels and refunds it.
        logger.warn(
          { userId: user.id, providerSubscriptionId: update.providerSubscriptionId },
          "a second live membership for one user, not stored",
        );
        return { outcome: "ignored" as const };
      }
      if (opensCourses(update.status)) {
        await recordAccessEvent({ tx, type: "membership_started", userId: user.id, source: "membership" });
        await emitMembershipEvent({ tx, type: "membership.started", subscriptionId: created.id });
      }
      return { outcome: "created" as const };
    }
    if (FINAL_STATUSES.includes(current.status as SubscriptionStatus) && !FINAL_STATUSES.includes(update.status)) {
      logger.warn(
        { subscriptionId: current.id, status: current.status, eventId: update.event.id },
        "a late event for an ended subscription, ignored",
      );
      return { outcome: "ignored" as const };
    }
    // A trial whose first charge was paid (docs/decisions/066): trialing → active, once.
    const converted = current.status === "trialing" && update.status === "active" && current.trialEndsAt && !current.trialConvertedAt;
    await tx
      .update(subscriptions)
      .set({ ...values, ...(converted ? { trialConvertedAt: new Date() } : {}) })
      .where(eq(subscriptions.id, current.id));
    const wasOpen = opensCourses(current.status);
    const isOpen = opensCourses(update.status);
    if (wasOpen !== isOpen) {
      await recordAccessEvent({
        tx,
        type: isOpen ? "membership_started" : "membership_ended",
        userId: current.userId,
        source: "membership",
        note: `Subscription ${update.status}`,
      });
      await emitMembershipEvent({ tx, type: isOpen ? "membership.started" : "membership.ended", subscriptionId: current.id });
    }
    return { outcome: "applied" as const };
  });
}
