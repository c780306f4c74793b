import type { RouterContextProvider } from "react-router";
import { csvRow } from "~/lib/csv";
import { formatIsoDay } from "~/lib/dates";
import { toDecimalAmount } from "~/lib/money";
import { listPayableBalances } from "~/server/affiliates/affiliate-payouts.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { csvResponse } from "~/server/platform/csv-response.server";

const HEADER = ["Affiliate code", "Name", "Email", "Payout details", "Amount", "Currency"];

/**
 * GET /admin/affiliates/payouts.csv: the positive payable balances, one row per affiliate and
 * currency, for a PayPal or bank mass payout. Admins only.
 */
export async function affiliatePayoutsCsvLoader({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  requireAdmin({ request, context });
  const balances = (await listPayableBalances()).filter((row) => row.balanceCents > 0);
  const body = [
    csvRow(HEADER),
    ...balances.map((row) =>
      csvRow([
        row.code,
        row.name,
        row.email,
        row.payoutDetails,
        toDecimalAmount(row.balanceCents, row.currency),
        row.currency.toUpperCase(),
      ]),
    ),
  ].join("");
  return csvResponse(body, `affiliate-payouts-${formatIsoDay(new Date())}.csv`);
}
