import { Receipt } from "lucide-react";
import { Link } from "react-router";
import { OrderStatusBadge } from "~/components/payments/order-status-badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { OrderStatus } from "~/lib/domain-values";
import type { InvoiceLink } from "~/lib/invoices";
import { formatMoney } from "~/lib/money";
import { InvoiceLinks } from "./invoice-links";

export type OrderView = {
  id: string;
  date: string;
  itemTitle: string;
  courseSlug: string | null;
  amountCents: number;
  /** A coupon's part: "LAUNCH: −$50.00 of $200.00", or null. */
  discount: string | null;
  /** The tax in the amount: "Includes $39.40 tax, USD", or null. */
  tax: string | null;
  currency: string;
  status: OrderStatus;
  documents: InvoiceLink[];
};

/** The account page's Orders section: the latest orders, what was bought as it was sold. */
export function AccountOrders({ orders }: { orders: OrderView[] }) {
  return (
    <Card id="orders" role="region" aria-labelledby="orders-heading" className="scroll-mt-24">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="orders-heading">Orders</h2>
        </CardTitle>
        <CardDescription>Your purchases, newest first. Each one has a receipt in your inbox.</CardDescription>
      </CardHeader>
      <CardContent>
        {orders.length === 0 ? (
          <EmptyState
            icon={<Receipt />}
            title="You have no orders yet."
            titleAs="p"
            action={
              <Button asChild variant="outline" size="sm">
                <Link to="/courses">Browse courses</Link>
              </Button>
            }
          />
        ) : (
          <Table>
            <caption className="sr-only">Your orders</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Date</TableHead>
                <TableHead scope="col">Item</TableHead>
                <TableHead scope="col" className="text-right">
                  Amount
                </TableHead>
                <TableHead scope="col">Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {orders.map((order) => (
                <TableRow key={order.id}>
                  <TableCell className="whitespace-nowrap">{order.date}</TableCell>
                  <TableCell className="whitespace-normal">
                    {order.courseSlug ? (
                      <Link to={`/courses/${order.courseSlug}`} className="font-medium text-primary hover:underline">
                        {order.itemTitle}
                      </Link>
                    ) : (
                      <span className="font-medium">{order.itemTitle}</span>
                    )}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatMoney(order.amountCents, order.currency)}
                    {order.discount ? <span className="block text-xs text-muted-foreground">{order.discount}</span> : null}
                    {order.tax ? <span className="block text-xs text-muted-foreground">{order.tax}</span> : null}
                  </TableCell>
                  <TableCell>
                    <OrderStatusBadge status={order.status} />
                    <InvoiceLinks documents={order.documents} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
