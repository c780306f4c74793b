import { Receipt } from "lucide-react";
import type { Route } from "./+types/orders";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import { orderColumns, orderRefundAction, StripeRefundNote } from "~/components/admin/order-columns";

import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "~/lib/domain-values";
import { ORDER_MESSAGES, orderListUrl, ORDERS_MAX_QUERY_LENGTH } from "~/lib/order-list-filters";
import { adminMeta } from "~/lib/seo";

export { loader, action } from "./orders.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, ORDER_MESSAGES.title);

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
