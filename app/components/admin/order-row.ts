import { orderDiscountLabel } from "~/lib/coupons";
import type { InvoiceKind } from "~/lib/domain-values";
import { invoicePdfPath, type InvoiceLink } from "~/lib/invoices";
import { formatDate, formatTime } from "~/lib/dates";
import { isOneOf, ORDER_LINE_KIND_LABELS, ORDER_LINE_KINDS, PAYMENT_PROVIDER_LABELS, PAYMENT_PROVIDERS } from "~/lib/domain-values";
import { formatMoney } from "~/lib/money";
import { lineRefundRefusal, refundRefusal } from "~/lib/order-refunds";
import { orderTaxLabel } from "~/lib/tax";

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
  /** What was paid. */
  amount: string;
  /** A coupon's part: "LAUNCH: −$50.00 of $200.00", or null. */
  discount: string | null;
  /** The tax in the amount: "Includes $39.40 tax, USD", or null. */
  tax: string | null;
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
  /** Its invoice and credit note, to download. */
  documents: InvoiceLink[];
  /** An order of several lines (a ticked order bump): each, refundable on its own while the order is paid. */
  lines: { id: string; title: string; kind: string; amount: string; refunded: string | null; refundable: boolean }[];
};

type OrderRead = {
  id: string;
  userId: string | null;
  customerEmail: string;
  kind: string;
  itemTitle: string;
  amountCents: number;
  listPriceCents: number;
  discountCents: number;
  couponCode: string | null;
  taxCents: number;
  currency: string;
  status: string;
  provider: string;
  createdAt: Date;
  refundedAt: Date | null;
  documents?: { id: string; kind: InvoiceKind; number: string }[];
  lines?: { id: string; title: string; kind: string; amountCents: number; refundedAt: Date | null }[];
};

/**
 * An order as the admin queries read it, made ready to show. Loaders call it, so dates are
 * formatted on the server and the server's and the browser's time zones cannot disagree.
 */
export function toOrderRow(order: OrderRead): OrderRow {
  return {
    id: order.id,
    documents: (order.documents ?? []).map((document) => ({ ...document, href: invoicePdfPath(document.id) })),
    at: order.createdAt.toISOString(),
    date: formatDate(order.createdAt),
    time: formatTime(order.createdAt),
    customerEmail: order.customerEmail,
    userId: order.userId,
    itemTitle: order.itemTitle,
    amount: formatMoney(order.amountCents, order.currency),
    discount: orderDiscountLabel(order),
    tax: orderTaxLabel({ taxCents: order.taxCents, currency: order.currency }),
    status: order.status,
    refunded: order.status === "refunded" && order.refundedAt ? `on ${formatDate(order.refundedAt)}` : null,
    provider: isOneOf(PAYMENT_PROVIDERS, order.provider) ? PAYMENT_PROVIDER_LABELS[order.provider] : order.provider,
    kind: order.kind,
    refundable: refundRefusal(order) === null,
    refundAtStripe: refundRefusal(order) === "membership-at-stripe",
    testMode: order.provider === "test",
    lines:
      (order.lines ?? []).length > 1
        ? order.lines!.map((line) => ({
            id: line.id,
            title: line.title,
            kind: isOneOf(ORDER_LINE_KINDS, line.kind) ? ORDER_LINE_KIND_LABELS[line.kind] : line.kind,
            amount: formatMoney(line.amountCents, order.currency),
            refunded: line.refundedAt ? `Refunded on ${formatDate(line.refundedAt)}` : null,
            refundable: lineRefundRefusal(order, line) === null,
          }))
        : [],
  };
}
