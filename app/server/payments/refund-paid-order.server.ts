import { reverseAffiliateCommission } from "~/server/affiliates/affiliate-commissions.server";
import { orderItem } from "~/server/api/api-shapes.server";
import { emitWebhookEvent } from "~/server/webhooks/webhooks.server";
import { and, eq, sql } from "drizzle-orm";
import { revokeRefundedAccess } from "~/server/access/course-access.server";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import type { Transaction } from "~/server/db/client.server";
import { orders, subscriptions, type Order, type OrderLine } from "~/server/db/schema";
import { issueInvoice } from "./invoices.server";
import { holdsCoursePurchase, markOrderLinesRefunded } from "./order-lines.server";
import { sendRefundNotice } from "./receipts.server";
import { emitMembershipEvent } from "./membership-webhooks.server";
import { endRefundedPlan } from "./payment-plans.server";

/**
 * A paid order refunded, in the caller's transaction (which holds the order's lock): the order
 * says so, the refund is in the audit trail, and what the order gave is taken back. Whether a
 * course goes with it is access/'s answer (`revokeRefundedAccess`: not an admin's grant, not a
 * course another paid order covers); a test-mode membership ends at once (a Stripe membership ends
 * with Stripe's own subscription events). The buyer's refund e-mail is queued in the same
 * transaction. False when the order was not paid.
 */
export async function refundPaidOrder({
  tx,
  order,
  actorId,
  note = "",
  notifyBuyer = true,
}: {
  tx: Transaction;
  order: Order;
  actorId: string | null;
  note?: string;
  /** False where the caller sends a notice of its own (a second purchase given back). */
  notifyBuyer?: boolean;
}) {
  if (order.status !== "paid") return false;
  const refundedAt = new Date();
  await tx.update(orders).set({ status: "refunded", refundedAt }).where(eq(orders.id, order.id));
  const lines = await markOrderLinesRefunded({ tx, orderId: order.id, refundedAt });
  // The first instalment of a payment plan refunded, by any path: nothing more is charged (docs/decisions/069).
  if (order.paymentPlanId && order.instalmentNumber === 1) await endRefundedPlan({ tx, planId: order.paymentPlanId });
  // The affiliate's commission on it goes back (docs/decisions/063).
  await reverseAffiliateCommission({ tx, orderId: order.id, actorId });
  await emitWebhookEvent({ tx, type: "order.refunded", data: { order: orderItem({ ...order, status: "refunded", refundedAt }, lines) } });
  // The refund's credit note, from the invoices' one sequence (docs/decisions/047). After a line
  // was refunded on its own, it credits only the lines refunded now (docs/decisions/071).
  const refundedNow = lines.filter((line) => line.refundedAt?.getTime() === refundedAt.getTime());
  const creditNote = await issueInvoice({
    tx,
    order,
    kind: "credit_note",
    issuedAt: refundedAt,
    lines: refundedNow.length > 0 && refundedNow.length < lines.length ? refundedNow : undefined,
  });
  // The buyer is told, by the queue, in this transaction: the refund and its e-mail commit together.
  if (notifyBuyer) await sendRefundNotice({ orderId: order.id, creditNote, database: tx });
  await recordAccessEvent({
    tx,
    type: "refund",
    userId: order.userId,
    courseId: order.courseId,
    actorId,
    source: order.kind === "course" ? "purchase" : order.kind === "bundle" ? "bundle" : "membership",
    orderId: order.id,
    note,
    snapshot: { userEmail: order.customerEmail, courseTitle: order.kind === "course" ? order.itemTitle : null },
  });
  // Each course a line refunded now opened (the course, a ticked bump, every course of a bundle)
  // is taken back, unless held another way.
  for (const line of refundedNow) await takeBackLineCourse({ tx, order, line, actorId });
  if (order.kind === "membership" && order.provider === "test" && order.subscriptionId && order.userId) {
    const [ended] = await tx
      .update(subscriptions)
      .set({ status: "canceled", canceledAt: new Date(), cancelAtPeriodEnd: false })
      .where(and(eq(subscriptions.id, order.subscriptionId), sql`${subscriptions.status} not in ('canceled', 'incomplete_expired')`))
      .returning({ id: subscriptions.id });
    if (ended) {
      await recordAccessEvent({
        tx,
        type: "membership_ended",
        userId: order.userId,
        source: "membership",
        orderId: order.id,
        note: "Order refunded",
      });
      await emitMembershipEvent({ tx, type: "membership.ended", subscriptionId: ended.id });
    }
  }
  return true;
}

/**
 * The courses one refunded line opened are taken back (its course, or each course its bundle sold,
 * docs/decisions/062), through access/'s one rule: not an admin's grant, not the membership's, not
 * a course another paid, unrefunded line still opens.
 */
export async function takeBackLineCourse({
  tx,
  order,
  line,
  actorId,
}: {
  tx: Transaction;
  order: Order;
  line: OrderLine;
  actorId: string | null;
}) {
  // A bundle's line (sold as itself or as an upsell, docs/decisions/070) opened its courses; a course's, its course.
  const opened =
    line.kind === "bundle" || line.bundleCourseIds.length > 0
      ? line.bundleCourseIds
      : (line.kind === "course" || line.kind === "bump" || line.kind === "upsell") && line.courseId
        ? [line.courseId]
        : [];
  const userId = order.userId;
  if (!userId) return;
  for (const courseId of opened) {
    const otherPaidOrder = await holdsCoursePurchase({ tx, userId, courseId });
    await revokeRefundedAccess({ tx, userId, courseId, actorId, orderId: order.id, otherPaidOrder });
  }
}
