import { isOneOf, ORDER_STATUSES, type OrderStatus } from "./domain-values";

/**
 * The admin orders list's state and its URL form (`/admin/orders?q=ann&status=paid&page=2`), shared
 * by the loader and the page, and the texts of the orders screens. Defaults are left out of the URL.
 */

/** The same page size as the users list. */
export const ORDERS_PAGE_SIZE = 50;
/** Longer searches are cut: nobody types more, and it bounds the ILIKE pattern. */
export const ORDERS_MAX_QUERY_LENGTH = 200;

export type OrderListFilters = {
  /** Part of the buyer's e-mail or of what was bought. */
  q: string;
  /** Only orders with this status, or every order. */
  status: OrderStatus | null;
  page: number;
};

export const DEFAULT_ORDER_LIST: OrderListFilters = { q: "", status: null, page: 1 };

export function parseOrderListFilters(params: URLSearchParams): OrderListFilters {
  const status = params.get("status");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, ORDERS_MAX_QUERY_LENGTH),
    status: isOneOf(ORDER_STATUSES, status) ? status : null,
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

export function orderListHref(filters: OrderListFilters) {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return `/admin/orders${search ? `?${search}` : ""}`;
}

/** Not in the spec (payments are new): worded like the spec's other admin texts. */
export const ORDER_MESSAGES = {
  title: "Orders",
  fetchListFailed: "Failed to fetch orders",
  none: "No orders yet",
  noneDescription: "Purchases and memberships appear here as soon as someone checks out.",
  noMatches: "No orders found matching your search.",
  clear: "Clear search",
  userOrdersFailed: "The orders and membership could not be loaded. Please try again in a moment.",
  userNone: "No orders yet",
  noMembership: "No membership",
} as const;
