import type { RouterContextProvider } from "react-router";
import { formatDate } from "~/lib/dates";
import { parseForm } from "~/lib/forms/parse-form";
import { formatTaxRate, TAX_MESSAGES } from "~/lib/tax";
import { taxRateList, taxScreenForm } from "~/lib/tax-forms";
import { invalidForm, readForm } from "~/server/action.server";
import { readAdminList } from "~/server/admin-list.server";
import { requireSuperAdmin } from "~/server/auth/guards.server";
import { paymentsMode } from "~/server/payments/providers.server";
import { deleteTaxRate, isTaxCollected, listTaxRates, setTaxCollection, setTaxRate } from "~/server/tax/tax-rates.server";
import { dataWithToast } from "~/server/toast.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Admin → Tax: whether checkout adds tax, in which mode, and the rates per country (docs/decisions/054). */
export async function taxLoader({ request, context }: Args) {
  requireSuperAdmin({ request, context });
  const [list, collected] = await Promise.all([
    readAdminList({
      request,
      list: taxRateList,
      failure: TAX_MESSAGES.listFailed,
      what: "tax rate list",
      read: async ({ q, page }) => {
        const result = await listTaxRates({ query: q, page });
        const rows = result.rates.map((rate) => ({
          id: rate.country,
          country: rate.country,
          countryName: rate.countryName,
          rate: formatTaxRate(rate.rateBasisPoints),
          ratePercent: String(rate.rateBasisPoints / 100),
          updated: formatDate(rate.updatedAt),
        }));
        return { ...result, rows };
      },
    }),
    isTaxCollected(),
  ]);
  return { ...list, collected, mode: paymentsMode() };
}

/** Turn tax collection on or off, set a country's rate, remove one. */
export async function taxAction({ request, context }: Args) {
  const owner = requireSuperAdmin({ request, context });
  const parsed = parseForm(taxScreenForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  switch (parsed.data.intent) {
    case "set-collection": {
      const enabled = parsed.data.enabled === "on";
      await setTaxCollection({ enabled, actorId: owner.id });
      return dataWithToast({}, { kind: "success", message: enabled ? TAX_MESSAGES.collectionOn : TAX_MESSAGES.collectionOff });
    }
    case "set-rate":
      await setTaxRate({ country: parsed.data.country, rateBasisPoints: parsed.data.ratePercent });
      return dataWithToast({ saved: true }, { kind: "success", message: TAX_MESSAGES.rateSaved });
    case "delete":
      if (!(await deleteTaxRate({ country: parsed.data.id }))) return dataWithToast({}, { kind: "error", message: TAX_MESSAGES.notFound }, 404);
      return dataWithToast({}, { kind: "success", message: TAX_MESSAGES.rateRemoved });
  }
}
