import type { RouterContextProvider } from "react-router";
import { AFFILIATE_MESSAGES } from "~/lib/affiliates";
import { payoutBatchForm } from "~/lib/affiliate-forms";
import { formatIsoDay } from "~/lib/dates";
import { parseForm } from "~/lib/forms/parse-form";
import { formatMoney } from "~/lib/money";
import { invalidForm, readForm } from "~/server/action.server";
import { listPayableBalances, listPayoutHistory, payAffiliates, PayoutNotPayableError } from "~/server/affiliates/affiliate-payouts.server";
import { payoutRows } from "~/server/affiliates/affiliate-rows.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { dataWithToast } from "~/server/toast.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Admin → Affiliates → Payouts: the payable balances and every payout made. */
export async function affiliatePayoutsLoader({ request, context }: Args) {
  requireAdmin({ request, context });
  const [balances, history] = await Promise.all([listPayableBalances(), listPayoutHistory()]);
  return {
    today: formatIsoDay(new Date()),
    balances: balances.map((row) => ({
      affiliateId: row.affiliateId,
      code: row.code,
      name: row.name || row.email,
      payoutDetails: row.payoutDetails,
      balance: formatMoney(row.balanceCents, row.currency),
      payable: row.balanceCents > 0,
      commissions: row.commissions,
    })),
    history: payoutRows(history).map((row, index) => ({
      ...row,
      who: `${history[index]!.name || history[index]!.code} (${history[index]!.code})`,
    })),
  };
}

/** Marks the chosen balances paid, all in one transaction, or none with the reason. */
export async function affiliatePayoutsAction({ request, context }: Args) {
  const owner = requireAdmin({ request, context });
  const form = await readForm(request);
  form.set(
    "affiliateIds",
    form
      .getAll("affiliateIds")
      .filter((value) => typeof value === "string")
      .join(","),
  );
  const parsed = parseForm(payoutBatchForm, form);
  if (parsed.errors) return invalidForm(parsed);
  try {
    await payAffiliates({ ...parsed.data, actorId: owner.id });
  } catch (error) {
    if (error instanceof PayoutNotPayableError) {
      return dataWithToast(
        { errors: { affiliateIds: [AFFILIATE_MESSAGES.payoutNotPayable] }, values: parsed.values },
        { kind: "error", message: AFFILIATE_MESSAGES.payoutNotPayable },
        409,
      );
    }
    throw error;
  }
  return dataWithToast({ saved: true }, { kind: "success", message: AFFILIATE_MESSAGES.payoutDone });
}
