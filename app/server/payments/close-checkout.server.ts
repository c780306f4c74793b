import { and, eq } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import { db } from "~/server/db/client.server";
import { orders } from "~/server/db/schema";
import { claimEvent, type PaymentEvent } from "./claim-event.server";

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
    if (!(await claimEvent({ tx, event })) || !isUuid(orderId)) return { changed: false };
    const changed = await tx
      .update(orders)
      .set({ status })
      .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
      .returning({ id: orders.id });
    return { changed: changed.length > 0 };
  });
}
