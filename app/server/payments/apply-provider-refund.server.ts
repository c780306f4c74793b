import { inArray } from "drizzle-orm";
import { reverseRenewalCommission } from "~/server/affiliates/affiliate-commissions.server";
import { db } from "~/server/db/client.server";
import { orders } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { claimEvent, type PaymentEvent } from "./claim-event.server";
import { lockOrder } from "./order-locks.server";
import { refundPaidOrder } from "./refund-paid-order.server";

/**
 * The provider reports a refund (Stripe's charge.refunded): the order with that payment is
 * refunded. `paymentIds` are the names the payment may be stored under: its PaymentIntent, and for
 * a membership sold before those were stored, the invoice it paid.
 */
export async function applyProviderRefund({ event, paymentIds }: { event: PaymentEvent; paymentIds: string[] }) {
  return db().transaction(async (tx) => {
    if (!(await claimEvent({ tx, event }))) return { outcome: "duplicate" as const };
    const order = paymentIds.length > 0 ? await lockOrder({ tx, where: inArray(orders.paymentId, paymentIds) }) : undefined;
    if (!order) {
      // A membership's later payment is no order: its affiliate's commission, if any, is reversed.
      if (await reverseRenewalCommission({ tx, invoiceIds: paymentIds })) return { outcome: "renewal-refunded" as const };
      logger.warn({ paymentIds, eventId: event.id }, "a refund for a payment no order has");
      return { outcome: "ignored" as const };
    }
    return { outcome: (await refundPaidOrder({ tx, order, actorId: null })) ? ("refunded" as const) : ("unchanged" as const) };
  });
}
