import type { RouterContextProvider } from "react-router";
import { csvRow } from "~/lib/csv";
import { toDecimalAmount } from "~/lib/money";
import { invoicePeriod } from "~/lib/invoices";
import { ORDER_MESSAGES } from "~/lib/order-list-filters";
import { requireAdmin } from "~/server/auth/guards.server";
import { csvResponse } from "~/server/platform/csv-response.server";
import { listInvoicesIssued } from "~/server/payments/invoices.server";
import { redirectWithToast } from "~/server/toast.server";

const HEADER = [
  "Number",
  "Type",
  "Issued (UTC)",
  "Order",
  "Buyer",
  "Buyer email",
  "Buyer address",
  "Buyer tax ID",
  "Item",
  "List price",
  "Discount",
  "Coupon",
  "Tax",
  "Total",
  "Currency",
  "Seller",
  "Seller tax number",
];

/** Minor units as a decimal number in the invoice's currency; a credit note's amounts are negative, so the column sums to the period's net. */
const amount = (cents: number, sign: 1 | -1, currency: string) => Number(toDecimalAmount(sign * cents, currency));

/**
 * GET /admin/orders/invoices.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the invoices and credit notes
 * issued in the period (both days included, UTC; the current month by default), in number order,
 * for the accountant. Admins only.
 */
export async function invoicesExportLoader({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  requireAdmin({ request, context });
  const period = invoicePeriod(new URL(request.url).searchParams);
  if (!period) return redirectWithToast("/admin/orders", { kind: "error", message: ORDER_MESSAGES.invoicePeriodBackwards });
  const rows = await listInvoicesIssued({ from: period.from, to: period.to });
  const lines = [csvRow(HEADER)];
  for (const invoice of rows) {
    const sign = invoice.kind === "credit_note" ? -1 : 1;
    lines.push(
      csvRow([
        invoice.number,
        invoice.kind === "credit_note" ? "Credit note" : "Invoice",
        invoice.issuedAt,
        invoice.orderId,
        invoice.buyerName,
        invoice.buyerEmail,
        invoice.buyerAddress.replace(/\r?\n/g, ", "),
        invoice.buyerTaxId,
        invoice.itemTitle,
        amount(invoice.listPriceCents, sign, invoice.currency),
        amount(invoice.discountCents, sign, invoice.currency),
        invoice.couponCode,
        amount(invoice.taxCents, sign, invoice.currency),
        amount(invoice.totalCents, sign, invoice.currency),
        invoice.currency.toUpperCase(),
        invoice.sellerLegalName,
        invoice.sellerTaxNumber,
      ]),
    );
  }
  return csvResponse(lines.join(""), `invoices-${period.fromDay}-to-${period.toDay}.csv`);
}
