import { Link } from "react-router";
import { InvoiceLinks } from "~/components/payments/invoice-links";
import { OrderStatusBadge } from "~/components/payments/order-status-badge";
import { ORDER_MESSAGES } from "~/lib/order-list-filters";
import type { AdminListColumn } from "./list/admin-list-table";
import type { OrderRow } from "./order-row";
import { RefundLineButton, RefundOrderButton } from "./refund-order-button";

/**
 * The orders as the back office lists them: on /admin/orders with the buyer, on a user's page
 * without (it is that person). Narrower screens fold columns into the first cell (the amount below
 * sm, the date below lg, the item below xl beside the buyer; the provider shows from xl), so the
 * status stays in view without scrolling sideways; a folded copy is display:none where its column
 * shows, so it is read once.
 */
export function orderColumns({ showBuyer }: { showBuyer: boolean }): AdminListColumn<OrderRow>[] {
  const columns: (AdminListColumn<OrderRow> | null)[] = [
    { header: "Date", from: "lg", className: "whitespace-nowrap", cell: (order) => <When order={order} /> },
    showBuyer ? { header: "Buyer", className: "max-w-[13rem] sm:max-w-[16rem]", cell: (order) => <Buyer order={order} /> } : null,
    {
      header: "Item",
      from: showBuyer ? "xl" : undefined,
      className: showBuyer ? "max-w-xs" : "max-w-[11rem] sm:max-w-[14rem] xl:max-w-xs",
      cell: (order) => (
        <>
          <span className="block truncate" title={order.itemTitle}>
            {order.itemTitle}
          </span>
          {order.lines.length > 0 ? <OrderLines order={order} refundable={showBuyer} /> : null}
          {showBuyer ? null : <Folded order={order} />}
        </>
      ),
    },
    {
      header: "Amount",
      from: "sm",
      align: "right",
      className: "whitespace-nowrap tabular-nums",
      cell: (order) => (
        <>
          {order.amount}
          {order.discount ? <span className="block text-xs text-muted-foreground">{order.discount}</span> : null}
          {order.tax ? <span className="block text-xs text-muted-foreground">{order.tax}</span> : null}
        </>
      ),
    },
    {
      header: "Status",
      cell: (order) => (
        <>
          <OrderStatusBadge status={order.status} />
          {order.refunded ? <span className="block text-xs text-muted-foreground sm:whitespace-nowrap">{order.refunded}</span> : null}
          <InvoiceLinks documents={order.documents} />
        </>
      ),
    },
    { header: "Provider", from: "xl", className: "whitespace-nowrap", cell: (order) => order.provider },
  ];
  return columns.filter((column) => column !== null);
}

/** The Refund button of a refundable order, posting to the page's own action (intent "refund"). */
export const orderRefundAction = (order: OrderRow) => (order.refundable ? <RefundOrderButton order={order} /> : null);

/** Said under a list that holds a Stripe membership, whose refund happens in Stripe. */
export function StripeRefundNote({ orders }: { orders: ReadonlyArray<OrderRow> }) {
  if (!orders.some((order) => order.refundAtStripe)) return null;
  return <p className="border-t border-border px-4 py-3 text-xs text-muted-foreground">{ORDER_MESSAGES.stripeMembershipsNote}</p>;
}

/** An order of several lines: each with its amount, and on /admin/orders its own Refund button. */
function OrderLines({ order, refundable }: { order: OrderRow; refundable: boolean }) {
  return (
    <ul className="mt-1 grid gap-1 text-xs" aria-label={`Lines of the order of “${order.itemTitle}”`}>
      {order.lines.map((line) => (
        <li key={line.id} className="flex flex-wrap items-center gap-2">
          <span className="truncate">
            {line.kind}: {line.title}, <span className="tabular-nums">{line.amount}</span>
          </span>
          {line.refunded ? <span className="text-muted-foreground">{line.refunded}</span> : null}
          {refundable && line.refundable ? <RefundLineButton order={order} line={line} /> : null}
        </li>
      ))}
    </ul>
  );
}

function Buyer({ order }: { order: OrderRow }) {
  return (
    <>
      {order.userId ? (
        <Link to={`/admin/users/${order.userId}`} className="block truncate font-medium hover:underline">
          {order.customerEmail}
        </Link>
      ) : (
        <>
          <span className="block truncate">{order.customerEmail}</span>
          <span className="block text-xs text-muted-foreground">Account deleted</span>
        </>
      )}
      <span className="block truncate text-xs xl:hidden">{order.itemTitle}</span>
      <Folded order={order} />
    </>
  );
}

function Folded({ order }: { order: OrderRow }) {
  return (
    <span className="block text-xs whitespace-nowrap lg:hidden">
      <span className="tabular-nums sm:hidden">{order.amount} · </span>
      <When order={order} />
    </span>
  );
}

function When({ order }: { order: OrderRow }) {
  return (
    <time dateTime={order.at}>
      {order.date}
      <span className="text-muted-foreground"> {order.time}</span>
    </time>
  );
}
