import { Link } from "react-router";
import { formatDate, formatTime } from "~/lib/dates";
import { OrderStatusBadge } from "~/components/payments/order-status-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { isOneOf, PAYMENT_PROVIDER_LABELS, PAYMENT_PROVIDERS } from "~/lib/domain-values";
import { formatMoney } from "~/lib/money";
import { ORDER_MESSAGES } from "~/lib/order-list-filters";
import { refundRefusal } from "~/lib/order-refunds";
import { RefundOrderButton } from "./refund-order-button";

/** One order as a loader hands it to the page: dates and money already formatted on the server. */
export type OrderRow = {
  id: string;
  /** ISO time for `<time dateTime>`, and the same time as people read it. */
  at: string;
  date: string;
  time: string;
  /** The e-mail the order was placed with; `userId` is null once that account is deleted. */
  customerEmail: string;
  userId: string | null;
  itemTitle: string;
  amount: string;
  status: string;
  refunded: string | null;
  provider: string;
  kind: string;
  /** The Refund button shows (the server checks the same rule again). */
  refundable: boolean;
  /** A paid Stripe membership: refunded in the Stripe dashboard, not here. */
  refundAtStripe: boolean;
  /** Made in test mode: a refund moves no real money. */
  testMode: boolean;
};

type OrderRead = {
  id: string;
  userId: string | null;
  customerEmail: string;
  kind: string;
  itemTitle: string;
  amountCents: number;
  currency: string;
  status: string;
  provider: string;
  createdAt: Date;
  refundedAt: Date | null;
};

/**
 * An order as the admin queries read it, made ready to show. Loaders call it, so dates are
 * formatted on the server and the server's and the browser's time zones cannot disagree.
 */
export function toOrderRow(order: OrderRead): OrderRow {
  return {
    id: order.id,
    at: order.createdAt.toISOString(),
    date: formatDate(order.createdAt),
    time: formatTime(order.createdAt),
    customerEmail: order.customerEmail,
    userId: order.userId,
    itemTitle: order.itemTitle,
    amount: formatMoney(order.amountCents, order.currency),
    status: order.status,
    refunded: order.status === "refunded" && order.refundedAt ? `on ${formatDate(order.refundedAt)}` : null,
    provider: isOneOf(PAYMENT_PROVIDERS, order.provider) ? PAYMENT_PROVIDER_LABELS[order.provider] : order.provider,
    kind: order.kind,
    refundable: refundRefusal(order) === null,
    refundAtStripe: refundRefusal(order) === "membership-at-stripe",
    testMode: order.provider === "test",
  };
}

/**
 * The orders as the back office lists them: on /admin/orders with the buyer, on a user's page
 * without (it is that person). Narrower screens fold columns into the first cell (the amount below
 * sm, the date below lg, the item below xl beside the buyer; the provider shows from xl), so the status stays in view without
 * scrolling sideways; a folded copy is display:none where its column shows, so it is read once.
 */
export function OrdersTable({
  orders,
  showBuyer,
  label,
  refunds = false,
}: {
  orders: OrderRow[];
  showBuyer: boolean;
  label: string;
  /** A Refund button on each refundable order, posting to the page's own action (intent "refund"). */
  refunds?: boolean;
}) {
  const itemColumn = showBuyer ? "hidden xl:table-cell" : "";
  const folded = (order: OrderRow) => (
    <span className="block text-xs whitespace-nowrap lg:hidden">
      <span className="tabular-nums sm:hidden">{order.amount} · </span>
      <When order={order} />
    </span>
  );
  return (
    <>
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHead className="hidden lg:table-cell">Date</TableHead>
            {showBuyer ? <TableHead>Buyer</TableHead> : null}
            <TableHead className={itemColumn}>Item</TableHead>
            <TableHead className="hidden text-right sm:table-cell">Amount</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="hidden xl:table-cell">Provider</TableHead>
            {refunds ? (
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id}>
              <TableCell className="hidden whitespace-nowrap lg:table-cell">
                <When order={order} />
              </TableCell>
              {showBuyer ? (
                <TableCell className="max-w-[13rem] sm:max-w-[16rem]">
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
                  {folded(order)}
                </TableCell>
              ) : null}
              <TableCell className={showBuyer ? `${itemColumn} max-w-xs` : "max-w-[11rem] sm:max-w-[14rem] xl:max-w-xs"}>
                <span className="block truncate" title={order.itemTitle}>
                  {order.itemTitle}
                </span>
                {showBuyer ? null : folded(order)}
              </TableCell>
              <TableCell className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">{order.amount}</TableCell>
              <TableCell>
                <OrderStatusBadge status={order.status} />
                {order.refunded ? <span className="block text-xs text-muted-foreground sm:whitespace-nowrap">{order.refunded}</span> : null}
              </TableCell>
              <TableCell className="hidden whitespace-nowrap xl:table-cell">{order.provider}</TableCell>
              {refunds ? (
                <TableCell className="text-right">{order.refundable ? <RefundOrderButton order={order} /> : null}</TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {refunds && orders.some((order) => order.refundAtStripe) ? (
        <p className="border-t border-border px-4 py-3 text-xs text-muted-foreground">{ORDER_MESSAGES.stripeMembershipsNote}</p>
      ) : null}
    </>
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
