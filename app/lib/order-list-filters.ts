import { ORDER_STATUSES } from "./domain-values";
import { defineListUrl, optionParam, pageParam, textParam } from "./list-url";

/**
 * The admin orders list's state and its URL (`/admin/orders?q=ann&status=paid&page=2`), declared
 * with `list-url.ts` and shared by the loader and the page, and the texts of the orders screens.
 */

/** The same page size as the users list. */
export const ORDERS_PAGE_SIZE = 50;
/** Longer searches are cut: nobody types more, and it bounds the ILIKE pattern. */
export const ORDERS_MAX_QUERY_LENGTH = 200;

export const orderListUrl = defineListUrl("/admin/orders", {
  /** Part of the buyer's e-mail or of what was bought. */
  q: textParam({ maxLength: ORDERS_MAX_QUERY_LENGTH }),
  /** Only orders with this status, or every order. */
  status: optionParam(ORDER_STATUSES),
  page: pageParam(),
});

export type OrderListFilters = ReturnType<typeof orderListUrl.parse>;

export const DEFAULT_ORDER_LIST: OrderListFilters = orderListUrl.defaults;
/** Not in the spec (payments are new): worded like the spec's other admin texts. */
export const ORDER_MESSAGES = {
  title: "Orders",
  fetchListFailed: "Failed to fetch orders",
  invoicePeriodBackwards: "The export period ends before it starts. Choose a To date on or after the From date.",
  none: "No orders yet",
  noneDescription: "Purchases and memberships appear here as soon as someone checks out.",
  noMatches: "No orders found matching your search.",
  userOrdersFailed: "The orders and membership could not be loaded. Please try again in a moment.",
  userNone: "No orders yet",
  noMembership: "No membership",
  chooseOrder: "Choose an order to refund",
  refunded: (itemTitle: string) => `Refunded “${itemTitle}”.`,
  refundConfirm: "Refund",
  stripeMembershipsNote:
    "Memberships paid through Stripe are refunded and canceled in the Stripe dashboard; they end here when Stripe cancels them.",
} as const;
