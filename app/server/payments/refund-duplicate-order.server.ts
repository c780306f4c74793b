import { eq } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { orders } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { paymentsProviderFor } from "./providers.server";
import { sendDuplicateRefundNotice } from "./receipts.server";
import { recordOrderRefund } from "./record-order-refund.server";

/**
 * Gives back a paid order that `fulfilCheckout` found to be a second purchase of the same thing
 * (it gave nothing): the provider cancels its subscription (a second membership would bill every
 * period) and refunds the payment, then the order is recorded refunded and the buyer is told.
 * Called after the fulfilment's commit, so no lock is held while the provider is asked. If the
 * provider fails, the order stays paid, and the error says to refund it by hand.
 */
export async function refundDuplicateOrder({
  orderId,
  provider,
  providerSubscriptionId,
}: {
  orderId: string;
  provider: string;
  providerSubscriptionId: string | null;
}) {
  const payments = paymentsProviderFor(provider);
  try {
    if (providerSubscriptionId) await payments.cancelSubscription({ providerSubscriptionId });
    const [order] = await db().select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, orderId));
    await payments.refund({ paymentId: order?.paymentId ?? null, orderId });
  } catch (error) {
    logger.error(
      { err: error, orderId, providerSubscriptionId },
      "could not refund a second purchase at the provider: cancel and refund it there by hand",
    );
    return { refunded: false };
  }
  // Its own notice below says why (paid twice) instead of the plain refund e-mail.
  await recordOrderRefund({
    orderId,
    actorId: null,
    note: "A second purchase of the same item, refunded automatically",
    notifyBuyer: false,
  });
  await sendDuplicateRefundNotice({ orderId }).catch((error) => logger.error({ err: error, orderId }, "could not send the refund notice"));
  return { refunded: true };
}
