import { and, eq, ne, sql } from "drizzle-orm";
import { revokeRefundedAccess } from "~/server/access/course-access.server";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import type { Transaction } from "~/server/db/client.server";
import { orders, subscriptions, type Order } from "~/server/db/schema";

/**
 * A paid order refunded, in the caller's transaction (which holds the order's lock): the order
 * says so, the refund is in the audit trail, and what the order gave is taken back. Whether a
 * course goes with it is access/'s answer (`revokeRefundedAccess`: not an admin's grant, not a
 * course another paid order covers); a test-mode membership ends at once (a Stripe membership ends
 * with Stripe's own subscription events). False when the order was not paid.
 */
export async function refundPaidOrder({
  tx,
  order,
  actorId,
  note = "",
}: {
  tx: Transaction;
  order: Order;
  actorId: string | null;
  note?: string;
}) {
  if (order.status !== "paid") return false;
  await tx.update(orders).set({ status: "refunded", refundedAt: new Date() }).where(eq(orders.id, order.id));
  await recordAccessEvent({
    tx,
    type: "refund",
    userId: order.userId,
    courseId: order.courseId,
    actorId,
    source: order.kind === "course" ? "purchase" : "membership",
    orderId: order.id,
    note,
    snapshot: { userEmail: order.customerEmail, courseTitle: order.kind === "course" ? order.itemTitle : null },
  });
  if (order.kind === "course" && order.userId && order.courseId) {
    const [otherPaid] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, order.userId), eq(orders.courseId, order.courseId), eq(orders.status, "paid"), ne(orders.id, order.id)))
      .limit(1);
    await revokeRefundedAccess({
      tx,
      userId: order.userId,
      courseId: order.courseId,
      actorId,
      orderId: order.id,
      otherPaidOrder: Boolean(otherPaid),
    });
  }
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
    }
  }
  return true;
}
