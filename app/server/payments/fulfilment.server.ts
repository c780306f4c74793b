import { addMonths, addYears } from "date-fns";
import { and, eq, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import {
  isOneOf,
  LIVE_SUBSCRIPTION_STATUSES,
  MEMBERSHIP_ACCESS_STATUSES,
  SUBSCRIPTION_PLANS,
  type PaymentProvider,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { eventTime, grantCourseAccess, revokeCourseAccess } from "~/server/access/course-access.server";
import { db, type Transaction } from "~/server/db/client.server";
import { accessEvents, enrollments, orders, paymentWebhookEvents, subscriptions, users, type Order } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { sendOrderReceipt } from "./receipts.server";

/**
 * What a payment changes, in one place for every provider: the Stripe webhook and the test
 * mode's Pay button both end here. Each change runs in one transaction with the row of the event
 * that caused it (`payment_webhook_events`, keyed by the provider's event id), so a replayed or
 * concurrent duplicate event finds the row taken and changes nothing: on PostgreSQL the second
 * insert waits for the first transaction and then conflicts.
 */

export type PaymentEvent = { id: string; provider: PaymentProvider; type: string };

/** Takes the event for this transaction; false when it was handled already. */
async function claimEvent(tx: Transaction, event: PaymentEvent) {
  const claimed = await tx
    .insert(paymentWebhookEvents)
    .values({ id: event.id, provider: event.provider, type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.id });
  return claimed.length > 0;
}

const opensCourses = (status: string) => isOneOf(MEMBERSHIP_ACCESS_STATUSES, status);

/** The end of a first period that starts at `from`, until the provider says otherwise. */
export function periodEndAfter(from: Date, plan: SubscriptionPlan) {
  return plan === "yearly" ? addYears(from, 1) : addMonths(from, 1);
}

async function lockOrder(tx: Transaction, where: ReturnType<typeof eq>) {
  const [order] = await tx.select().from(orders).where(where).for("update");
  return order;
}

async function recordMembershipEvent(
  tx: Transaction,
  type: "membership_started" | "membership_ended",
  { userId, orderId = null, note = "" }: { userId: string; orderId?: string | null; note?: string },
) {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  await tx.insert(accessEvents).values({
    type,
    userId,
    userEmail: user?.email ?? "",
    source: "membership",
    orderId,
    note,
    createdAt: eventTime,
  });
}

// ---------------------------------------------------------------------------------------------
// Checkout completed: the order is paid
// ---------------------------------------------------------------------------------------------

export type CheckoutCompletion = {
  event: PaymentEvent;
  /** Our order id (Stripe's `client_reference_id`). */
  orderId: string;
  checkoutSessionId: string;
  paymentId: string | null;
  /** The provider's customer, kept on the user so a returning buyer is one customer. */
  customerId?: string | null;
  /** What the provider charged, when it says. */
  amountCents?: number | null;
  currency?: string | null;
  /** The provider's subscription a membership checkout created. */
  providerSubscriptionId?: string | null;
  paidAt?: Date;
};

export type FulfilmentOutcome = "paid" | "already-paid" | "duplicate" | "unknown-order";

/**
 * The one fulfilment path: marks the order paid and gives what was bought (the course's access,
 * or the membership), with the audit rows, in the transaction that records the event. A receipt
 * is mailed once the transaction has committed.
 */
export async function fulfilCheckout(completion: CheckoutCompletion): Promise<{ outcome: FulfilmentOutcome; orderId: string }> {
  const { event, orderId } = completion;
  const outcome = await db().transaction(async (tx): Promise<FulfilmentOutcome> => {
    if (!(await claimEvent(tx, event))) return "duplicate";
    if (!isUuid(orderId)) return "unknown-order";
    const order = await lockOrder(tx, eq(orders.id, orderId));
    if (!order) return "unknown-order";
    if (order.status === "paid" || order.status === "refunded") return "already-paid";
    await markPaid(tx, order, completion);
    // The receipt is queued with the payment: both commit, or neither.
    await sendOrderReceipt({ orderId: order.id, database: tx });
    return "paid";
  });
  if (outcome === "unknown-order") logger.warn({ orderId, eventId: event.id }, "payment for an order we do not know");
  if (outcome === "paid") {
    logger.info({ orderId, eventId: event.id }, "order paid");
  }
  return { outcome, orderId };
}

async function markPaid(tx: Transaction, order: Order, completion: CheckoutCompletion) {
  const paidAt = completion.paidAt ?? new Date();
  const charged = completion.amountCents ?? order.amountCents;
  if (charged !== order.amountCents) {
    logger.warn({ orderId: order.id, expected: order.amountCents, charged }, "the provider charged another amount than the order's");
  }
  const subscriptionId = order.kind === "membership" && order.userId ? await startMembership(tx, order, completion, paidAt) : null;
  await tx
    .update(orders)
    .set({
      status: "paid",
      paidAt,
      paymentId: completion.paymentId ?? order.paymentId,
      checkoutSessionId: order.checkoutSessionId ?? completion.checkoutSessionId,
      amountCents: charged,
      currency: completion.currency?.toLowerCase() ?? order.currency,
      subscriptionId,
    })
    .where(eq(orders.id, order.id));

  if (order.userId && completion.customerId) {
    // Kept only if the user has none and no other account holds it (a customer shared by two
    // accounts must not stop the payment from being fulfilled).
    await tx
      .update(users)
      .set({ stripeCustomerId: completion.customerId })
      .where(
        and(
          eq(users.id, order.userId),
          isNull(users.stripeCustomerId),
          sql`not exists (select 1 from users other where other.stripe_customer_id = ${completion.customerId})`,
        ),
      );
  }

  if (order.kind === "course") {
    await tx.insert(accessEvents).values({
      type: "purchase",
      userId: order.userId,
      userEmail: order.customerEmail,
      courseId: order.courseId,
      courseTitle: order.itemTitle,
      source: "purchase",
      orderId: order.id,
      createdAt: eventTime,
    });
    // A deleted account or course keeps its paid order; there is nobody or nothing to open.
    if (order.userId && order.courseId) {
      await grantCourseAccess({ userId: order.userId, courseId: order.courseId, actorId: null, source: "purchase", orderId: order.id, tx });
    }
  }
}

/** The subscription a membership order starts (or the one the provider's own event already wrote). */
async function startMembership(tx: Transaction, order: Order, completion: CheckoutCompletion, paidAt: Date) {
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
    // The one-live-subscription index: a second membership paid in another tab stays a paid order.
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (!created) {
    logger.error({ orderId: order.id, userId, providerSubscriptionId }, "a second live membership for one user: cancel and refund it at the provider");
    return null;
  }
  await recordMembershipEvent(tx, "membership_started", { userId, orderId: order.id });
  return created.id;
}

// ---------------------------------------------------------------------------------------------
// Checkout abandoned or refused
// ---------------------------------------------------------------------------------------------

/** A pending order whose checkout expired (`expired`) or whose delayed payment failed (`failed`). */
export async function closeCheckout({
  event,
  orderId,
  status,
}: {
  event: PaymentEvent;
  orderId: string;
  status: "expired" | "failed";
}): Promise<{ changed: boolean }> {
  return db().transaction(async (tx) => {
    if (!(await claimEvent(tx, event)) || !isUuid(orderId)) return { changed: false };
    const changed = await tx
      .update(orders)
      .set({ status })
      .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
      .returning({ id: orders.id });
    return { changed: changed.length > 0 };
  });
}

// ---------------------------------------------------------------------------------------------
// Subscriptions: the provider's word on status and period
// ---------------------------------------------------------------------------------------------

/** Statuses a subscription never leaves; a late event cannot bring it back. */
const FINAL_STATUSES: readonly SubscriptionStatus[] = ["canceled", "incomplete_expired"];

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
};

/**
 * Applies the provider's subscription (created, updated, deleted): its status, period end and
 * scheduled cancellation. Access follows from these (membership.server.ts). Entering a status
 * that opens courses records membership_started; leaving one records membership_ended.
 */
export async function applySubscriptionUpdate(update: SubscriptionUpdate): Promise<{ outcome: "applied" | "created" | "duplicate" | "ignored" }> {
  return db().transaction(async (tx) => {
    if (!(await claimEvent(tx, update.event))) return { outcome: "duplicate" as const };
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
        logger.warn({ providerSubscriptionId: update.providerSubscriptionId, eventId: update.event.id }, "an update for a subscription we do not know");
        return { outcome: "ignored" as const };
      }
      const [created] = await tx
        .insert(subscriptions)
        .values({ userId: user.id, plan, provider: update.event.provider, providerSubscriptionId: update.providerSubscriptionId, ...values })
        .onConflictDoNothing()
        .returning({ id: subscriptions.id });
      if (!created) {
        logger.error({ userId: user.id, providerSubscriptionId: update.providerSubscriptionId }, "a second live membership for one user: cancel and refund it at the provider");
        return { outcome: "ignored" as const };
      }
      if (opensCourses(update.status)) await recordMembershipEvent(tx, "membership_started", { userId: user.id });
      return { outcome: "created" as const };
    }
    if (FINAL_STATUSES.includes(current.status as SubscriptionStatus) && !FINAL_STATUSES.includes(update.status)) {
      logger.warn({ subscriptionId: current.id, status: current.status, eventId: update.event.id }, "a late event for an ended subscription, ignored");
      return { outcome: "ignored" as const };
    }
    await tx.update(subscriptions).set(values).where(eq(subscriptions.id, current.id));
    const wasOpen = opensCourses(current.status);
    const isOpen = opensCourses(update.status);
    if (wasOpen !== isOpen) {
      await recordMembershipEvent(tx, isOpen ? "membership_started" : "membership_ended", {
        userId: current.userId,
        note: `Subscription ${update.status}`,
      });
    }
    return { outcome: "applied" as const };
  });
}

/**
 * Test mode plays Stripe's part at the period's end: Stripe would renew (and charge) or delete the
 * subscription; test mode charges nothing, so a test membership whose paid period is over ends
 * (canceled, membership_ended). Run before a new membership is sold, so the one-live-subscription
 * index holds only memberships that still count.
 */
export async function settleEndedTestMemberships({ userId, at = new Date() }: { userId: string; at?: Date }) {
  return db().transaction(async (tx) => {
    const ended = await tx
      .update(subscriptions)
      .set({ status: "canceled", canceledAt: sql`coalesce(${subscriptions.canceledAt}, ${subscriptions.currentPeriodEnd})` })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.provider, "test"),
          lte(subscriptions.currentPeriodEnd, at),
          inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        ),
      )
      .returning({ id: subscriptions.id });
    for (const _row of ended) await recordMembershipEvent(tx, "membership_ended", { userId, note: "Test-mode period ended" });
    return { ended: ended.length };
  });
}

/** Test mode's "cancel anytime": the membership keeps working until the period it was paid for ends. */
export async function scheduleTestMembershipCancel({ subscriptionId }: { subscriptionId: string }) {
  const [row] = await db()
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, canceledAt: new Date() })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.provider, "test")))
    .returning({ currentPeriodEnd: subscriptions.currentPeriodEnd });
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Refunds
// ---------------------------------------------------------------------------------------------

/**
 * A paid order refunded: the order says so, the refund is in the audit trail, and what the order
 * gave is taken back. A course bought with this order is revoked unless the access came from
 * elsewhere (an admin's grant) or another paid order of the same course; a test-mode membership
 * ends at once (a Stripe membership ends with Stripe's own subscription events).
 */
async function refundPaidOrder(tx: Transaction, order: Order, actorId: string | null) {
  if (order.status !== "paid") return false;
  await tx.update(orders).set({ status: "refunded", refundedAt: new Date() }).where(eq(orders.id, order.id));
  const [actor] = actorId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, actorId)) : [];
  await tx.insert(accessEvents).values({
    type: "refund",
    userId: order.userId,
    userEmail: order.customerEmail,
    courseId: order.courseId,
    courseTitle: order.kind === "course" ? order.itemTitle : null,
    actorId,
    actorEmail: actor?.email ?? null,
    source: order.kind === "course" ? "purchase" : "membership",
    orderId: order.id,
    createdAt: eventTime,
  });
  if (order.kind === "course" && order.userId && order.courseId) {
    const [access] = await tx
      .select({ source: enrollments.source })
      .from(enrollments)
      .where(and(eq(enrollments.userId, order.userId), eq(enrollments.courseId, order.courseId), eq(enrollments.status, "active")));
    const [otherPaid] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, order.userId), eq(orders.courseId, order.courseId), eq(orders.status, "paid"), ne(orders.id, order.id)))
      .limit(1);
    if (access?.source === "purchase" && !otherPaid) {
      await revokeCourseAccess({ userId: order.userId, courseId: order.courseId, actorId, orderId: order.id, note: "Order refunded", tx });
    }
  }
  if (order.kind === "membership" && order.provider === "test" && order.subscriptionId && order.userId) {
    const [ended] = await tx
      .update(subscriptions)
      .set({ status: "canceled", canceledAt: new Date(), cancelAtPeriodEnd: false })
      .where(and(eq(subscriptions.id, order.subscriptionId), sql`${subscriptions.status} not in ('canceled', 'incomplete_expired')`))
      .returning({ id: subscriptions.id });
    if (ended) await recordMembershipEvent(tx, "membership_ended", { userId: order.userId, orderId: order.id, note: "Order refunded" });
  }
  return true;
}

export class OrderNotFoundError extends Error {
  constructor(readonly orderId: string) {
    super(`No order with id ${orderId}`);
    this.name = "OrderNotFoundError";
  }
}

/** The provider reports a refund (Stripe's charge.refunded): the order with that payment is refunded. */
export async function applyProviderRefund({ event, paymentId }: { event: PaymentEvent; paymentId: string }) {
  return db().transaction(async (tx) => {
    if (!(await claimEvent(tx, event))) return { outcome: "duplicate" as const };
    const order = await lockOrder(tx, eq(orders.paymentId, paymentId));
    if (!order) {
      logger.warn({ paymentId, eventId: event.id }, "a refund for a payment no order has");
      return { outcome: "ignored" as const };
    }
    return { outcome: (await refundPaidOrder(tx, order, null)) ? ("refunded" as const) : ("unchanged" as const) };
  });
}

/** Our records of a refund the provider has made (or, in test mode, that needs no provider). */
export async function recordOrderRefund({ orderId, actorId }: { orderId: string; actorId: string | null }) {
  if (!isUuid(orderId)) throw new OrderNotFoundError(orderId);
  return db().transaction(async (tx) => {
    const order = await lockOrder(tx, eq(orders.id, orderId));
    if (!order) throw new OrderNotFoundError(orderId);
    return { refunded: await refundPaidOrder(tx, order, actorId) };
  });
}
