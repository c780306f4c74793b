import { eq } from "drizzle-orm";
import { lineRefundRefusal } from "~/lib/order-refunds";
import { isUuid } from "~/lib/uuid";
import { reverseAffiliateCommission } from "~/server/affiliates/affiliate-commissions.server";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { db } from "~/server/db/client.server";
import { orderLines, orders } from "~/server/db/schema";
import { OrderNotRefundableError, refundOrder } from "./billing.server";
import { issueInvoice } from "./invoices.server";
import { lockOrder } from "./order-locks.server";
import { markOrderLineRefunded } from "./order-lines.server";
import { paymentsProviderFor } from "./providers.server";
import { sendRefundNotice } from "./receipts.server";
import { OrderNotFoundError } from "./record-order-refund.server";
import { takeBackLineCourse } from "./refund-paid-order.server";

/**
 * One line of a paid order refunded on its own (docs/decisions/067): the provider gives back the
 * line's amount (a Stripe partial refund; test mode moves nothing), then, in one transaction, the
 * line says so, the course it opened is taken back (unless held another way) and the affiliate's
 * share of the commission on it goes back; the line gets its own credit note and the buyer an
 * e-mail naming it (docs/decisions/071). The order stays paid, for what its other lines sold.
 * The last line not yet refunded is the rest of the order: that is the whole order's refund.
 */
export async function refundOrderLine({ orderId, lineId, actorId }: { orderId: string; lineId: string; actorId: string | null }) {
  if (!isUuid(orderId) || !isUuid(lineId)) throw new OrderNotFoundError(orderId);
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new OrderNotFoundError(orderId);
  const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const line = lines.find((candidate) => candidate.id === lineId);
  if (!line) throw new OrderNotFoundError(orderId);
  // A membership's bump is refunded on its own, the membership's line only with the whole order (docs/decisions/074).
  const refusal = lineRefundRefusal(order, line);
  if (refusal) throw new OrderNotRefundableError(orderId, refusal);
  if (!lines.some((other) => other.id !== lineId && !other.refundedAt)) {
    const { refunded } = await refundOrder({ orderId, actorId });
    return { refunded, title: line.title };
  }
  if (line.amountCents > 0) {
    await paymentsProviderFor(order.provider).refund({
      paymentId: order.paymentId,
      orderId,
      line: { id: line.id, amountCents: line.amountCents },
    });
  }
  const refunded = await db().transaction(async (tx) => {
    const locked = await lockOrder({ tx, where: eq(orders.id, orderId) });
    if (locked?.status !== "paid") return false;
    const refundedAt = new Date();
    const marked = await markOrderLineRefunded({ tx, orderId, lineId, refundedAt });
    if (!marked) return false;
    await recordAccessEvent({
      tx,
      type: "refund",
      userId: locked.userId,
      courseId: marked.courseId,
      actorId,
      source: "purchase",
      orderId,
      note: `Line refunded: ${marked.title}`,
      snapshot: { userEmail: locked.customerEmail, courseTitle: marked.title },
    });
    await takeBackLineCourse({ tx, order: locked, line: marked, actorId });
    // The affiliate's commission on this line goes back (commissions are per line, docs/decisions/063).
    await reverseAffiliateCommission({ tx, orderId, orderLineId: marked.id, actorId });
    // The line's own credit note, numbered now, and the buyer's e-mail, queued in this transaction (docs/decisions/071).
    const creditNote = await issueInvoice({ tx, order: locked, kind: "credit_note", issuedAt: refundedAt, lines: [marked], orderLineId: marked.id });
    await sendRefundNotice({ orderId, creditNote, line: marked, database: tx });
    return true;
  });
  return { refunded, title: line.title };
}
