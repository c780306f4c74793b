import { withInvoices } from "./invoices.server";
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { type OrderStatus } from "~/lib/domain-values";
import { ORDERS_MAX_QUERY_LENGTH, ORDERS_PAGE_SIZE } from "~/lib/order-list-filters";
import { membershipOpensCourses } from "~/server/access/membership.server";
import { db } from "~/server/db/client.server";
import { anyColumnContains } from "~/server/db/like.server";
import { orders, subscriptions } from "~/server/db/schema";
import { pageWindow } from "~/server/db/pagination.server";
import { orderSaleColumns } from "./order-columns.server";
import { listOrderLines } from "./order-lines.server";

/** The orders with their lines (docs/decisions/061), so an order of several can be refunded line by line. */
async function withLines<T extends { id: string }>(rows: T[]) {
  const byOrder = await listOrderLines({ orderIds: rows.map((row) => row.id) });
  return rows.map((row) => ({ ...row, lines: byOrder.get(row.id) ?? [] }));
}

/**
 * The back office's reads of payments: the searchable orders list, one person's orders and their
 * membership. Read-only: orders and subscriptions are written by checkout and its webhooks.
 */

/** What an order row shows: the sale, its buyer and its provider. `userId` is null once the account is deleted (the key is set null). */
const orderColumns = {
  ...orderSaleColumns,
  userId: orders.userId,
  customerEmail: orders.customerEmail,
  provider: orders.provider,
  refundedAt: orders.refundedAt,
};

export type OrderListQuery = { query?: string; status?: OrderStatus | null };

/**
 * The buyer's e-mail or what was bought contains the text, any case (ILIKE, served by the trigram
 * indexes on both columns), and the status filter. The e-mail and title are the ones kept on the
 * order at the time of sale, so a renamed or deleted course or account is still found by them.
 */
function orderListWhere({ query = "", status = null }: OrderListQuery): SQL | undefined {
  const search = anyColumnContains({ columns: [orders.customerEmail, orders.itemTitle], text: query, maxLength: ORDERS_MAX_QUERY_LENGTH });
  return and(search, status ? eq(orders.status, status) : undefined);
}

/** Newest first (orders_created_idx, or orders_status_created_idx with a status), the id breaking ties. */
const newestFirst = [desc(orders.createdAt), desc(orders.id)];

/** One page of orders, newest first, searched and filtered in SQL; a page past the end shows the last one. */
export async function listAdminOrders({
  query = "",
  status = null,
  page = 1,
  pageSize = ORDERS_PAGE_SIZE,
}: OrderListQuery & { page?: number; pageSize?: number }) {
  const where = orderListWhere({ query, status });
  const [{ total }] = await db().select({ total: count() }).from(orders).where(where);
  const { page: current, pageCount, offset } = pageWindow({ total, page, pageSize });
  // A deferred join, as in the users list: the page's ids first, from the index alone, then those
  // rows, so a deep page walks a narrow index instead of every row before it.
  const pageIds = db()
    .select({ pageId: sql<string>`${orders.id}`.as("page_id") })
    .from(orders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset(offset)
    .as("page_ids");
  const rows = await db()
    .select(orderColumns)
    .from(orders)
    .innerJoin(pageIds, eq(orders.id, pageIds.pageId))
    .orderBy(...newestFirst);
  return { orders: await withLines(await withInvoices(rows)), total, page: current, pageCount };
}

/** One person's latest orders, newest first (orders_user_created_idx), and how many they have in all. */
export async function listUserOrders({ userId, limit = 25 }: { userId: string; limit?: number }) {
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select(orderColumns)
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(...newestFirst)
      .limit(limit),
    db().select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  return { orders: await withLines(await withInvoices(rows)), total };
}

/**
 * The person's membership as the back office shows it: the one that opens courses now if there is
 * one (by the access rule, membershipOpensCourses), else their latest subscription, live or
 * not; null when they never subscribed.
 */
export async function getUserMembership({ userId, at = new Date() }: { userId: string; at?: Date }) {
  // One statement: the opening ones first, the latest-ending of them as findActiveMembership picks
  // it; else the latest subscription.
  const opens = sql<boolean>`coalesce(${membershipOpensCourses(at)}, false)`;
  const [row] = await db()
    .select({
      id: subscriptions.id,
      plan: subscriptions.plan,
      status: subscriptions.status,
      provider: subscriptions.provider,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      canceledAt: subscriptions.canceledAt,
      opensCourses: opens,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(opens), sql`case when ${opens} then ${subscriptions.currentPeriodEnd} end desc`, desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row ? { ...row, opensCourses: row.opensCourses === true } : null;
}
