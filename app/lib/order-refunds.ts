import type { OrderKind, OrderStatus } from "./domain-values";

/**
 * Which orders the back office can refund, in one rule both sides read: the orders table shows
 * the Refund button by it and `refundOrder` refuses by it.
 *
 * - Only a paid order has money to give back (a refunded one was given back already).
 * - A Stripe membership is refunded and canceled at Stripe: a refund alone would leave Stripe
 *   billing the member again next period, and its subscription events end the membership here.
 *   A test-mode membership has nobody else to cancel it, so its refund ends it at once.
 */
export type RefundRefusal = "already-refunded" | "not-paid" | "membership-at-stripe";

export function refundRefusal(order: { kind: OrderKind | string; provider: string; status: OrderStatus | string }): RefundRefusal | null {
  if (order.status === "refunded") return "already-refunded";
  if (order.status !== "paid") return "not-paid";
  if (order.kind === "membership" && order.provider === "stripe") return "membership-at-stripe";
  return null;
}
