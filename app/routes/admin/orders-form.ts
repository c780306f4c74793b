import { z } from "~/lib/forms/zod";
import { ORDER_MESSAGES } from "~/lib/order-list-filters";
import { isUuid } from "~/lib/uuid";

/**
 * The orders' row buttons: Refund, on /admin/orders and on a user's page. The order id travels in a
 * hidden field; anything that is not an order id cannot be fixed by the person, so it is refused
 * with the same message as a missing one.
 */
export const refundIntent = z.object({
  intent: z.literal("refund"),
  orderId: z
    .string({ error: ORDER_MESSAGES.chooseOrder })
    .trim()
    .refine((value) => isUuid(value), ORDER_MESSAGES.chooseOrder),
});

/** One line of an order of several, refunded on its own (docs/decisions/067). */
export const refundLineIntent = refundIntent.extend({
  intent: z.literal("refund-line"),
  lineId: z
    .string({ error: ORDER_MESSAGES.chooseOrder })
    .trim()
    .refine((value) => isUuid(value), ORDER_MESSAGES.chooseOrder),
});

export const orderListForm = z.discriminatedUnion("intent", [refundIntent, refundLineIntent], { error: "Unknown action" });
