import { orders } from "~/server/db/schema";

/**
 * What an order sold and for how much, as every screen that lists orders selects it: the buyer's
 * billing page (billing.server.ts) and the back office's orders lists (admin-orders.server.ts)
 * show the same price, discount, coupon and status, read the same way.
 */
export const orderSaleColumns = {
  id: orders.id,
  kind: orders.kind,
  itemTitle: orders.itemTitle,
  amountCents: orders.amountCents,
  listPriceCents: orders.listPriceCents,
  discountCents: orders.discountCents,
  couponCode: orders.couponCode,
  taxCents: orders.taxCents,
  currency: orders.currency,
  status: orders.status,
  createdAt: orders.createdAt,
};
