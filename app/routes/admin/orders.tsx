import { Form, Link } from "react-router";
import { Receipt, Search } from "lucide-react";
import type { Route } from "./+types/orders";
import { AdminError } from "~/components/admin/admin-error";
import { OrdersTable, toOrderRow } from "~/components/admin/orders-table";
import { useToastOnce } from "~/components/use-toast-once";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { NativeSelect } from "~/components/ui/select";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "~/lib/domain-values";
import { ORDER_MESSAGES, orderListHref, ORDERS_MAX_QUERY_LENGTH, parseOrderListFilters } from "~/lib/order-list-filters";
import { adminMeta } from "~/lib/seo";
import type { Toast } from "~/lib/toast";
import { requireAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/logger.server";
import { listAdminOrders } from "~/server/payments/admin-orders.server";
import { newToast } from "~/server/toast.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, ORDER_MESSAGES.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const filters = parseOrderListFilters(new URL(request.url).searchParams);
  try {
    const result = await listAdminOrders({ query: filters.q, status: filters.status, page: filters.page });
    return {
      filters: { ...filters, page: result.page },
      total: result.total,
      pageCount: result.pageCount,
      orders: result.orders.map(toOrderRow),
      error: null as Toast | null,
    };
  } catch (error) {
    logger.error({ err: error }, "admin order list failed");
    return { filters, total: 0, pageCount: 1, orders: [], error: newToast({ kind: "error", message: ORDER_MESSAGES.fetchListFailed }) };
  }
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, filters, total, pageCount, error } = loaderData;
  useToastOnce(error);
  const filtered = Boolean(filters.q || filters.status);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{ORDER_MESSAGES.title}</h1>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total.toLocaleString("en-US")} {total === 1 ? "order" : "orders"}
          {filters.q ? ` matching “${filters.q}”` : ""}
          {filters.status ? ` with the status ${ORDER_STATUS_LABELS[filters.status]}` : ""}
        </p>
      </div>

      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <label htmlFor="order-search" className="text-sm font-medium">
            Search by email or title
          </label>
          {/* Keyed by the query so the box shows the search of the page it is on (back/forward too). */}
          <Input
            key={filters.q}
            id="order-search"
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={ORDERS_MAX_QUERY_LENGTH}
            placeholder="ann@example.com, SQL Basics…"
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="order-status" className="text-sm font-medium">
            Status
          </label>
          <NativeSelect key={filters.status ?? "all"} id="order-status" name="status" defaultValue={filters.status ?? ""} className="w-40">
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" /> Search
        </Button>
      </Form>

      {error ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-background p-4 text-sm text-destructive">
          {error.message}
        </p>
      ) : orders.length === 0 ? (
        <EmptyState
          icon={<Receipt />}
          title={filtered ? ORDER_MESSAGES.noMatches : ORDER_MESSAGES.none}
          description={filtered ? undefined : ORDER_MESSAGES.noneDescription}
          action={
            filtered ? (
              <Button asChild variant="outline">
                <Link to="/admin/orders">{ORDER_MESSAGES.clear}</Link>
              </Button>
            ) : null
          }
        />
      ) : (
        <div className="rounded-xl border border-border bg-card">
          <OrdersTable orders={orders} showBuyer label="Orders" />
        </div>
      )}
      <Pagination
        page={filters.page}
        pageCount={pageCount}
        hrefFor={(page) => orderListHref({ ...filters, page })}
        aria-label="Orders pages"
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
