import { eq } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { db } from "~/server/db/client.server";
import { orders } from "~/server/db/schema";
import { lockOrder } from "./order-locks.server";
import { refundPaidOrder } from "./refund-paid-order.server";
import { crashPoint } from "~/server/platform/crash-points.server";

export class OrderNotFoundError extends Error {
  constructor(readonly orderId: string) {
    super(`No order with id ${orderId}`);
    this.name = "OrderNotFoundError";
  }
}

/** Our records of a refund the provider has made (or, in test mode, that needs no provider). */
export async function recordOrderRefund({ orderId, actorId, note }: { orderId: string; actorId: string | null; note?: string }) {
  if (!isUuid(orderId)) throw new OrderNotFoundError(orderId);
  return db().transaction(async (tx) => {
    const order = await lockOrder({ tx, where: eq(orders.id, orderId) });
    if (!order) throw new OrderNotFoundError(orderId);
    const refunded = await refundPaidOrder({ tx, order, actorId, note });
    await crashPoint("refund");
    return { refunded };
  });
}
