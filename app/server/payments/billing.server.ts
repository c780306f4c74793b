import { withInvoices } from "./invoices.server";
import { and, desc, eq, inArray, or } from "drizzle-orm";
import {
  isOneOf,
  LIVE_SUBSCRIPTION_STATUSES,
  type OrderKind,
  type OrderStatus,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from "~/lib/domain-values";
import { refundRefusal, type RefundRefusal } from "~/lib/order-refunds";
import { isUuid } from "~/lib/uuid";
import { getConfig } from "~/server/platform/config.server";
import { db } from "~/server/db/client.server";
import { courses, orders, subscriptions, users } from "~/server/db/schema";
import { OrderNotFoundError, recordOrderRefund } from "./record-order-refund.server";
import { scheduleTestMembershipCancel } from "./schedule-test-membership-cancel.server";
import { getUserMembership } from "./admin-orders.server";
import { paymentsProviderFor } from "./providers.server";
import { refundPaymentPlan } from "./refund-payment-plan.server";
import { orderSaleColumns } from "./order-columns.server";

/** How many orders the account page lists, newest first. */
export const ACCOUNT_ORDERS_LIMIT = 20;

export type AccountMembership = {
  plan: SubscriptionPlan;
  status: SubscriptionStatus;
  /** Opens every course right now (the membership rule). */
  active: boolean;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** Still billed by the provider, so it can be canceled (or managed). */
  live: boolean;
  provider: string;
};

/**
 * The account page's billing: the membership as the back office shows it (the one that opens
 * courses now, else the latest one) and the latest orders.
 */
export async function getAccountBilling({ userId }: { userId: string }) {
  const [row, recentOrders] = await Promise.all([
    getUserMembership({ userId }),
    db()
      .select({ ...orderSaleColumns, courseSlug: courses.slug })
      .from(orders)
      .leftJoin(courses, eq(courses.id, orders.courseId))
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt))
      .limit(ACCOUNT_ORDERS_LIMIT),
  ]);
  const membership: AccountMembership | null = row
    ? {
        plan: row.plan as SubscriptionPlan,
        status: row.status as SubscriptionStatus,
        active: row.opensCourses,
        currentPeriodEnd: row.currentPeriodEnd,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        live: isOneOf(LIVE_SUBSCRIPTION_STATUSES, row.status),
        provider: row.provider,
      }
    : null;
  return {
    membership,
    orders: (await withInvoices(recentOrders)).map((order) => ({
      ...order,
      kind: order.kind as OrderKind,
      status: order.status as OrderStatus,
    })),
  };
}

export class MembershipNotFoundError extends Error {
  constructor(readonly userId: string) {
    super(`User ${userId} has no live membership`);
    this.name = "MembershipNotFoundError";
  }
}

/**
 * "Cancel anytime": Stripe's billing portal, where the member cancels (Stripe then tells us by
 * webhook); in test mode the membership is set to end when its paid period does.
 */
export async function cancelMembership({
  userId,
}: {
  userId: string;
}): Promise<{ redirectUrl: string; endsAt?: undefined } | { endsAt: Date; redirectUrl?: undefined }> {
  const [membership] = await db()
    .select({ id: subscriptions.id, provider: subscriptions.provider, stripeCustomerId: users.stripeCustomerId })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])))
    .limit(1);
  if (!membership) throw new MembershipNotFoundError(userId);
  const cancellation = await paymentsProviderFor(membership.provider).cancelMembership({
    stripeCustomerId: membership.stripeCustomerId,
    origin: getConfig().publicUrl,
  });
  if ("redirectUrl" in cancellation) return { redirectUrl: cancellation.redirectUrl };
  const scheduled = await scheduleTestMembershipCancel({ subscriptionId: membership.id });
  if (!scheduled) throw new MembershipNotFoundError(userId);
  return { endsAt: scheduled.currentPeriodEnd };
}

export class OrderNotRefundableError extends Error {
  constructor(
    readonly orderId: string,
    readonly reason: RefundRefusal,
  ) {
    super(`Order ${orderId} cannot be refunded here: ${reason}`);
    this.name = "OrderNotRefundableError";
  }
}

/**
 * Refunds a paid order: the provider gives the money back (Stripe: a refund of the course's
 * payment; test mode: nothing to give back), then the order is marked refunded and what it gave is
 * taken back (recordOrderRefund, one transaction). Stripe's charge.refunded webhook that follows
 * changes nothing more. `refunded` is false when that webhook got there first: refunded either way.
 * An order the rule refuses (not paid, a Stripe membership) never reaches the provider.
 */
export async function refundOrder({ orderId, actorId }: { orderId: string; actorId: string | null }) {
  if (!isUuid(orderId)) throw new OrderNotFoundError(orderId);
  const [order] = await db()
    .select({
      kind: orders.kind,
      provider: orders.provider,
      paymentId: orders.paymentId,
      status: orders.status,
      itemTitle: orders.itemTitle,
      amountCents: orders.amountCents,
      paymentPlanId: orders.paymentPlanId,
      instalmentNumber: orders.instalmentNumber,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new OrderNotFoundError(orderId);
  const refusal = refundRefusal(order);
  if (refusal) throw new OrderNotRefundableError(orderId, refusal);
  // A payment plan's first order refunds the plan: every instalment paid, and nothing more charged (docs/decisions/069).
  if (order.paymentPlanId && order.instalmentNumber === 1) {
    const { refunded } = await refundPaymentPlan({ planId: order.paymentPlanId, actorId });
    return { refunded: refunded > 0, itemTitle: order.itemTitle };
  }
  // A refund gives back what was paid: an order a 100%-off code made free took nothing at the provider.
  if (order.amountCents > 0) await paymentsProviderFor(order.provider).refund({ paymentId: order.paymentId, orderId });
  const { refunded } = await recordOrderRefund({ orderId, actorId });
  return { refunded, itemTitle: order.itemTitle };
}

/** The order a checkout's success page is about: ours (test mode) or Stripe's session id; only the buyer's. */
export async function findCheckoutOrder({
  userId,
  guestOrderId,
  orderId,
  checkoutSessionId,
}: {
  /** The signed-in buyer; or, for a signed-out browser, the guest order its cookie names (guest-order-cookie.server.ts). */
  userId?: string;
  guestOrderId?: string | null;
  orderId?: string | null;
  checkoutSessionId?: string | null;
}) {
  const whose = userId
    ? eq(orders.userId, userId)
    : guestOrderId && isUuid(guestOrderId)
      ? and(eq(orders.id, guestOrderId), eq(orders.guestCheckout, true))
      : null;
  if (!whose) return null;
  const match = [
    ...(orderId && isUuid(orderId) ? [eq(orders.id, orderId)] : []),
    ...(checkoutSessionId ? [eq(orders.checkoutSessionId, checkoutSessionId)] : []),
  ];
  if (match.length === 0) return null;
  const [order] = await db()
    .select({
      id: orders.id,
      kind: orders.kind,
      itemTitle: orders.itemTitle,
      amountCents: orders.amountCents,
      taxCents: orders.taxCents,
      currency: orders.currency,
      status: orders.status,
      provider: orders.provider,
      courseId: orders.courseId,
      plan: orders.plan,
      couponCode: orders.couponCode,
      courseSlug: courses.slug,
      customerEmail: orders.customerEmail,
    })
    .from(orders)
    .leftJoin(courses, eq(courses.id, orders.courseId))
    .where(and(whose, or(...match)))
    .limit(1);
  return order ? { ...order, kind: order.kind as OrderKind, status: order.status as OrderStatus } : null;
}
