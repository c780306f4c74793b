import { recordAffiliateCommission } from "~/server/affiliates/affiliate-commissions.server";
import { orderItem } from "~/server/api/api-shapes.server";
import { emitWebhookEvent } from "~/server/webhooks/webhooks.server";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { LIVE_SUBSCRIPTION_STATUSES } from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { grantCourseAccess } from "~/server/access/course-access.server";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { db, type Transaction } from "~/server/db/client.server";
import { bundles, courses, orders, subscriptions, users, type Order, type OrderLine } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { attachGuestOrder } from "./attach-guest-order.server";
import { claimEvent, type PaymentEvent } from "./claim-event.server";
import { issueInvoice } from "./invoices.server";
import { lockBuyer, lockOrder } from "./order-locks.server";
import { settleOrderLines } from "./order-lines.server";
import { sendOrderReceipt } from "./receipts.server";
import { refundDuplicateOrder } from "./refund-duplicate-order.server";
import { startMembership } from "./start-membership.server";
import { startPaymentPlan } from "./payment-plans.server";
import { crashPoint } from "~/server/platform/crash-points.server";

export type CheckoutCompletion = {
  event: PaymentEvent;
  /** Our order id (Stripe's `client_reference_id`). */
  orderId: string;
  checkoutSessionId: string;
  /** The provider's payment: a PaymentIntent (for a membership, its first invoice's). */
  paymentId: string | null;
  /** The provider's customer, kept on the user so a returning buyer is one customer. */
  customerId?: string | null;
  /** What the provider charged, when it says. */
  amountCents?: number | null;
  currency?: string | null;
  /** The tax the provider charged (Stripe Tax's `total_details.amount_tax`), part of `amountCents`. */
  taxCents?: number | null;
  /** The buyer's billing details the provider collected (Stripe Checkout's customer details). */
  buyer?: { name: string | null; address: string | null; country: string | null; taxId: string | null } | null;
  /** The provider's subscription a membership checkout created. */
  providerSubscriptionId?: string | null;
  paidAt?: Date;
};

/** `refunded-duplicate`: paid, but the buyer had it already (another tab), so it was given back. */
export type FulfilmentOutcome = "paid" | "already-paid" | "duplicate" | "unknown-order" | "refunded-duplicate";

/**
 * The one fulfilment path, called by the Stripe webhook and the test mode's Pay button alike: marks
 * the order paid and gives what was bought (the course's access, or the membership), with the
 * audit rows, in the transaction that claims the event. The receipt is queued in that transaction
 * too (both commit, or neither); a second purchase gets no receipt, but a refund notice.
 *
 * Whether this is a second purchase of the same thing (two checkout tabs, both paid) is decided
 * here, under the buyer's lock, on what earlier fulfilments committed: a second paid order of the
 * course, or a live membership other than the one this checkout started. Such an order is paid but
 * gives nothing, and is then refunded (and its subscription canceled) at the provider.
 */
export async function fulfilCheckout(completion: CheckoutCompletion): Promise<{ outcome: FulfilmentOutcome; orderId: string }> {
  const { event, orderId } = completion;
  const decided = await db().transaction(async (tx): Promise<{ outcome: FulfilmentOutcome; order?: Order }> => {
    if (!(await claimEvent({ tx, event }))) return { outcome: "duplicate" };
    if (!isUuid(orderId)) return { outcome: "unknown-order" };
    const locked = await lockOrder({ tx, where: eq(orders.id, orderId) });
    if (!locked) return { outcome: "unknown-order" };
    if (locked.status === "paid" || locked.status === "refunded") return { outcome: "already-paid" };
    // A guest's order: the address's account, found or made here, in the paying transaction.
    const order = await attachGuestOrder({ tx, order: locked });
    if (order.userId) await lockBuyer({ tx, userId: order.userId });
    const secondPurchase = await isSecondPurchase({ tx, order, completion });
    await markPaid({ tx, order, completion, secondPurchase });
    // The affiliate's commission on what was paid, in the paying transaction (docs/decisions/063).
    await recordAffiliateCommission({ tx, orderId: order.id });
    // The receipt is queued with the payment: both commit, or neither.
    if (!secondPurchase) await sendOrderReceipt({ orderId: order.id, database: tx });
    await crashPoint("checkout-fulfilment");
    return { outcome: secondPurchase ? "refunded-duplicate" : "paid", order };
  });
  const { outcome, order } = decided;
  if (outcome === "unknown-order") logger.warn({ orderId, eventId: event.id }, "payment for an order we do not know");
  if (outcome === "paid") {
    logger.info({ orderId, eventId: event.id }, "order paid");
  }
  if (outcome === "refunded-duplicate" && order) {
    logger.warn({ orderId, eventId: event.id, kind: order.kind }, "a second purchase of the same thing: refunding it");
    await refundDuplicateOrder({ orderId, provider: order.provider, providerSubscriptionId: completion.providerSubscriptionId ?? null });
  }
  return { outcome, orderId };
}

/** Does the buyer hold what this order sells already, from a purchase fulfilled before it? */
async function isSecondPurchase({ tx, order, completion }: { tx: Transaction; order: Order; completion: CheckoutCompletion }) {
  if (!order.userId) return false;
  if (order.kind === "bundle") {
    if (!order.bundleId) return false;
    const [earlier] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, order.userId), eq(orders.bundleId, order.bundleId), eq(orders.status, "paid"), ne(orders.id, order.id)))
      .limit(1);
    return Boolean(earlier);
  }
  if (order.kind === "course") {
    if (!order.courseId) return false;
    const [earlier] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, order.userId), eq(orders.courseId, order.courseId), eq(orders.status, "paid"), ne(orders.id, order.id)))
      .limit(1);
    return Boolean(earlier);
  }
  const ownSubscription = completion.providerSubscriptionId ?? `test_sub_${order.id}`;
  const [other] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, order.userId),
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        ne(subscriptions.providerSubscriptionId, ownSubscription),
      ),
    )
    .limit(1);
  return Boolean(other);
}

async function markPaid({
  tx,
  order,
  completion,
  secondPurchase,
}: {
  tx: Transaction;
  order: Order;
  completion: CheckoutCompletion;
  secondPurchase: boolean;
}) {
  const paidAt = completion.paidAt ?? new Date();
  const charged = completion.amountCents ?? order.amountCents;
  const taxCents = completion.taxCents ?? order.taxCents;
  // Tax comes on top of the price and only the provider knows it with Stripe Tax: the price before tax is what must match.
  if (charged - taxCents !== order.amountCents - order.taxCents) {
    logger.warn(
      { orderId: order.id, expected: order.amountCents - order.taxCents, charged, taxCents },
      "the provider charged another amount than the order's",
    );
  }
  const buyer = completion.buyer;
  const currency = completion.currency?.toLowerCase() ?? order.currency;
  const billed = {
    amountCents: charged,
    currency,
    taxCents,
    buyerName: buyer?.name || order.buyerName,
    buyerAddress: buyer?.address || order.buyerAddress,
    buyerCountry: buyer?.country || order.buyerCountry,
    buyerTaxId: buyer?.taxId || order.buyerTaxId,
  };
  const gives = !secondPurchase && order.userId !== null;
  const subscriptionId = gives && order.kind === "membership" ? await startMembership({ tx, order, completion, paidAt }) : null;
  await tx
    .update(orders)
    .set({
      status: "paid",
      paidAt,
      paymentId: completion.paymentId ?? order.paymentId,
      checkoutSessionId: order.checkoutSessionId ?? completion.checkoutSessionId,
      ...billed,
      subscriptionId,
    })
    .where(eq(orders.id, order.id));
  // The lines add up to what was charged, tax included (docs/decisions/061).
  const lines = await settleOrderLines({ tx, orderId: order.id, amountCents: charged, taxCents });
  const paid = { ...order, status: "paid", paidAt, ...billed };
  await emitWebhookEvent({ tx, type: "order.paid", data: { order: orderItem(paid, lines) } });
  // The invoice's number is taken here, in the paying transaction (docs/decisions/047).
  await issueInvoice({ tx, order: { ...order, ...billed }, kind: "invoice", issuedAt: paidAt });

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

  if (order.kind === "bundle" && !secondPurchase) {
    // The bundle's own line (a bump's bundle opens with its line, below).
    await openBundleCourses({ tx, order, lines: lines.slice(0, 1) });
  }
  if (order.kind === "course" && !secondPurchase) {
    await recordAccessEvent({
      tx,
      type: "purchase",
      userId: order.userId,
      courseId: order.courseId,
      source: "purchase",
      orderId: order.id,
      // The buyer and the course as sold, whatever they are called now (or if they are gone).
      snapshot: { userEmail: order.customerEmail, courseTitle: order.itemTitle },
    });
    // A deleted account or course keeps its paid order; there is nobody or nothing to open.
    if (order.userId && order.courseId) {
      await grantCourseAccess({ userId: order.userId, courseId: order.courseId, actorId: null, source: "purchase", orderId: order.id, tx });
    }
  }
  // The first instalment of a course's or a bundle's payment plan: the plan starts, paid 1 of N
  // (docs/decisions/069, 073), named after the product as it is called now.
  if ((order.kind === "course" || order.kind === "bundle") && !secondPurchase && order.planPayments && order.userId) {
    const [product] =
      order.kind === "course"
        ? order.courseId
          ? await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, order.courseId))
          : []
        : order.bundleId
          ? await tx.select({ title: bundles.title }).from(bundles).where(eq(bundles.id, order.bundleId))
          : [];
    await startPaymentPlan({
      tx,
      order,
      title: product?.title ?? order.itemTitle,
      payments: order.planPayments,
      paidAt,
      providerSubscriptionId: completion.providerSubscriptionId ?? null,
    });
  }
  // The order's further lines that open a course (a ticked order bump, docs/decisions/067).
  if (!secondPurchase) await openLineCourses({ tx, order, lines: lines.slice(1) });
}

/**
 * Each further line's course opens as a purchase, with its own line in the audit trail; a bundle
 * offered as the bump opens every course it sold, with the bundle as their source (docs/decisions/074).
 */
async function openLineCourses({ tx, order, lines }: { tx: Transaction; order: Order; lines: readonly OrderLine[] }) {
  for (const line of lines) {
    if (line.kind !== "bump") continue;
    if (line.bundleId) {
      await openBundleCourses({ tx, order, lines: [line], title: line.title });
      continue;
    }
    await recordAccessEvent({
      tx,
      type: "purchase",
      userId: order.userId,
      courseId: line.courseId,
      source: "purchase",
      orderId: order.id,
      snapshot: { userEmail: order.customerEmail, courseTitle: line.title },
    });
    if (order.userId && line.courseId) {
      await grantCourseAccess({ userId: order.userId, courseId: line.courseId, actorId: null, source: "purchase", orderId: order.id, tx });
    }
  }
}

/**
 * A paid bundle opens every course its line sold (docs/decisions/062), each recorded with the
 * bundle as its source and the order: a course the buyer holds already keeps its own source (a
 * grant stays a grant), and a course deleted since is skipped.
 */
async function openBundleCourses({
  tx,
  order,
  lines,
  title = order.itemTitle,
}: {
  tx: Transaction;
  order: Order;
  lines: readonly OrderLine[];
  title?: string;
}) {
  await recordAccessEvent({
    tx,
    type: "purchase",
    userId: order.userId,
    courseId: null,
    source: "bundle",
    orderId: order.id,
    snapshot: { userEmail: order.customerEmail, courseTitle: title },
  });
  if (!order.userId) return;
  const courseIds = lines.flatMap((line) => line.bundleCourseIds);
  const existing = courseIds.length
    ? await tx.select({ id: courses.id }).from(courses).where(inArray(courses.id, courseIds))
    : [];
  for (const courseId of courseIds) {
    if (!existing.some((course) => course.id === courseId)) continue;
    await grantCourseAccess({ userId: order.userId, courseId, actorId: null, source: "bundle", orderId: order.id, tx });
  }
}
