import { Link } from "react-router";
import { format } from "date-fns";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { isOneOf, PAYMENT_PROVIDER_LABELS, PAYMENT_PROVIDERS } from "~/lib/domain-values";
import { formatMoney } from "~/lib/money";

/** One order as a loader hands it to the page: dates and money already formatted on the server. */
export type OrderRow = {
  id: string;
  /** ISO time for `<time dateTime>`, and the same time as people read it. */
  at: string;
  when: string;
  /** The e-mail the order was placed with; `userId` is null once that account is deleted. */
  customerEmail: string;
  userId: string | null;
  itemTitle: string;
  amount: string;
  status: string;
  refunded: string | null;
  provider: string;
};

type OrderRead = {
  id: string;
  userId: string | null;
  customerEmail: string;
  itemTitle: string;
  amountCents: number;
  currency: string;
  status: string;
  provider: string;
  createdAt: Date;
  refundedAt: Date | null;
};

const DATE_TIME = "MMM d, yyyy HH:mm";

/**
 * An order as the admin queries read it, made ready to show. Loaders call it, so dates are
 * formatted on the server and the server's and the browser's time zones cannot disagree.
 */
export function toOrderRow(order: OrderRead): OrderRow {
  return {
    id: order.id,
    at: order.createdAt.toISOString(),
    when: format(order.createdAt, DATE_TIME),
    customerEmail: order.customerEmail,
    userId: order.userId,
    itemTitle: order.itemTitle,
    amount: formatMoney(order.amountCents, order.currency),
    status: order.status,
    refunded: order.status === "refunded" && order.refundedAt ? `on ${format(order.refundedAt, "MMM d, yyyy")}` : null,
    provider: isOneOf(PAYMENT_PROVIDERS, order.provider) ? PAYMENT_PROVIDER_LABELS[order.provider] : order.provider,
  };
}

/**
 * The orders as the back office lists them: on /admin/orders with the buyer, on a user's page
 * without (it is that person).
 */
export function OrdersTable({ orders, showBuyer, label }: { orders: OrderRow[]; showBuyer: boolean; label: string }) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          {showBuyer ? <TableHead>Buyer</TableHead> : null}
          <TableHead>Item</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="hidden sm:table-cell">Provider</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => (
          <TableRow key={order.id}>
            <TableCell className="whitespace-nowrap">
              <time dateTime={order.at}>{order.when}</time>
            </TableCell>
            {showBuyer ? (
              <TableCell className="max-w-[12rem] sm:max-w-xs">
                {order.userId ? (
                  <Link to={`/admin/users/${order.userId}`} className="block truncate font-medium hover:underline">
                    {order.customerEmail}
                  </Link>
                ) : (
                  <span className="block truncate">
                    {order.customerEmail}
                    <span className="block text-xs text-muted-foreground">Account deleted</span>
                  </span>
                )}
              </TableCell>
            ) : null}
            <TableCell className="max-w-[14rem] sm:max-w-sm">
              <span className="block truncate" title={order.itemTitle}>
                {order.itemTitle}
              </span>
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{order.amount}</TableCell>
            <TableCell>
              <OrderStatusBadge status={order.status} />
              {order.refunded ? <span className="block text-xs whitespace-nowrap text-muted-foreground">{order.refunded}</span> : null}
            </TableCell>
            <TableCell className="hidden whitespace-nowrap sm:table-cell">{order.provider}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
