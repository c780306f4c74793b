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
export type RefundRefusal = "already-refunded" | "not-paid" | "membership-at-stripe" | "membership-line";

export function refundRefusal(order: { kind: OrderKind | string; provider: string; status: OrderStatus | string }): RefundRefusal | null {
  if (order.status === "refunded") return "already-refunded";
  if (order.status !== "paid") return "not-paid";
  if (order.kind === "membership" && order.provider === "stripe") return "membership-at-stripe";
  return null;
}

/**
 * Which line of an order may be refunded on its own (docs/decisions/067, 074). A membership order's
 * own line is not: the membership ends with the whole order's refund (or at Stripe). Its order bump
 * is a one-time charge, refunded on its own with Stripe too.
 */
export function lineRefundRefusal(
  order: { kind: OrderKind | string; provider: string; status: OrderStatus | string },
  line: { kind: string; refundedAt: Date | string | null },
): RefundRefusal | null {
  if (line.refundedAt) return "already-refunded";
  if (order.kind === "membership" && line.kind === "membership") return order.provider === "stripe" ? "membership-at-stripe" : "membership-line";
  const refusal = refundRefusal(order);
  return refusal === "membership-at-stripe" ? null : refusal;
}
