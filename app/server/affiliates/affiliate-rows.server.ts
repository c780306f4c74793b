import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

/**
 * Commissions and payouts as the owner's and the affiliate's pages show them: dates, products and
 * amounts, never the buyer.
 */

type CommissionRow = {
  id: string;
  kind: string;
  itemTitle: string;
  amountCents: number;
  currency: string;
  state: string;
  payable: boolean;
  availableAt: Date;
  reversedAt: Date | null;
  createdAt: Date;
};

/** "Pending until Dec 28, 2026", "Payable", "Paid", "Reversed", "Paid, then refunded". */
function stateText(row: CommissionRow) {
  if (row.kind === "reversal") return row.state === "paid" ? "Taken from a payout" : "To be taken from the next payout";
  if (row.state === "reversed") return "Reversed (refunded)";
  if (row.state === "paid") return row.reversedAt ? "Paid, then refunded" : "Paid";
  return row.payable ? "Payable" : `Pending until ${formatDate(row.availableAt)}`;
}

export function commissionRows(rows: CommissionRow[]) {
  return rows.map((row) => ({
    id: row.id,
    date: formatDate(row.createdAt),
    product: row.kind === "reversal" ? `Refund: ${row.itemTitle}` : row.kind === "renewal" ? `Renewal: ${row.itemTitle}` : row.itemTitle,
    amount: formatMoney(row.amountCents, row.currency),
    state: stateText(row),
  }));
}

export function payoutRows(rows: { id: string; amountCents: number; currency: string; paidOn: string; reference: string }[]) {
  return rows.map((row) => ({
    id: row.id,
    paidOn: formatDate(new Date(`${row.paidOn}T00:00:00Z`)),
    amount: formatMoney(row.amountCents, row.currency),
    reference: row.reference,
  }));
}
