import { Receipt } from "lucide-react";
import type { Route } from "./+types/orders";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import { orderColumns, orderRefundAction, StripeRefundNote } from "~/components/admin/order-columns";
import { toOrderRow } from "~/components/admin/order-row";
import { InvoiceExportForm } from "~/components/admin/invoice-export-form";
import { invoicePeriod } from "~/lib/invoices";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "~/lib/domain-values";
import { ORDER_MESSAGES, orderListUrl, ORDERS_MAX_QUERY_LENGTH } from "~/lib/order-list-filters";
import { adminMeta } from "~/lib/seo";
import { readAdminList } from "~/server/admin-list.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { listAdminOrders } from "~/server/payments/admin-orders.server";
import { orderListAction } from "./orders.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, ORDER_MESSAGES.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const list = await readAdminList({
    request,
    list: orderListUrl,
    failure: ORDER_MESSAGES.fetchListFailed,
    what: "admin order list",
    read: async ({ q, status, page }) => {
      const result = await listAdminOrders({ query: q, status, page });
      return { ...result, rows: result.orders.map(toOrderRow) };
    },
  });
  // The invoice export's default period: this month so far.
  const { fromDay, toDay } = invoicePeriod(new URLSearchParams())!;
  return { ...list, invoicePeriod: { fromDay, toDay } };
}

/** Refund: the row's button posts `{ intent: "refund", orderId }` with the list's query string. */
export function action({ request, context }: Route.ActionArgs) {
  return orderListAction({ request, context });
}

const columns = orderColumns({ showBuyer: true });
const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }));

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title={ORDER_MESSAGES.title}
      noun={["order", "orders"]}
      list={orderListUrl}
      data={loaderData}
      search={{
        id: "order",
        label: "Search by email or title",
        placeholder: "ann@example.com, SQL Basics…",
        maxLength: ORDERS_MAX_QUERY_LENGTH,
      }}
      filters={[{ name: "status", label: "Status", allLabel: "All statuses", options: STATUS_OPTIONS, phrase: "with the status" }]}
      columns={columns}
      rowKey={(order) => order.id}
      headerActions={<InvoiceExportForm fromDay={loaderData.invoicePeriod.fromDay} toDay={loaderData.invoicePeriod.toDay} />}
      rowActions={orderRefundAction}
      footer={<StripeRefundNote orders={loaderData.rows} />}
      empty={{
        icon: <Receipt />,
        none: ORDER_MESSAGES.none,
        noneDescription: ORDER_MESSAGES.noneDescription,
        noMatches: ORDER_MESSAGES.noMatches,
      }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
