import type { RouterContextProvider } from "react-router";
import { affiliateListUrl } from "~/lib/admin-list-urls";
import { AFFILIATE_MESSAGES } from "~/lib/affiliates";
import { affiliateRowForm, affiliateSettingsForm } from "~/lib/affiliate-forms";
import { AFFILIATE_STATUS_LABELS, AFFILIATE_STATUSES, isOneOf } from "~/lib/domain-values";
import { parseForm } from "~/lib/forms/parse-form";
import { formatMoney, fromMinorUnits } from "~/lib/money";
import { invalidForm, readForm } from "~/server/action.server";
import { readAdminList } from "~/server/admin-list.server";
import { getAffiliateProgram, updateAffiliateProgram } from "~/server/affiliates/affiliate-settings.server";
import { AffiliateNotFoundError, listAdminAffiliates, setAffiliateStatus } from "~/server/affiliates/affiliates.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { dataWithToast } from "~/server/toast.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Admin → Affiliates: the program's settings and the searchable list of affiliates with their figures. */
export async function affiliatesLoader({ request, context }: Args) {
  requireAdmin({ request, context });
  const [{ currency }, program] = await Promise.all([getSiteSettings(), getAffiliateProgram()]);
  const list = await readAdminList({
    request,
    list: affiliateListUrl,
    failure: AFFILIATE_MESSAGES.listFailed,
    what: "admin affiliate list",
    read: async ({ q, status, page }) => {
      const result = await listAdminAffiliates({ query: q, status, page });
      const rows = result.affiliates.map((affiliate) => ({
        id: affiliate.id,
        code: affiliate.code,
        name: affiliate.name,
        email: affiliate.email,
        status: affiliate.status,
        statusLabel: isOneOf(AFFILIATE_STATUSES, affiliate.status) ? AFFILIATE_STATUS_LABELS[affiliate.status] : affiliate.status,
        clicks: affiliate.clicks,
        signups: affiliate.signups,
        sales: affiliate.sales,
        pending: formatMoney(affiliate.pendingCents, currency),
        payable: formatMoney(affiliate.payableCents, currency),
        paid: formatMoney(affiliate.paidCents, currency),
      }));
      return { ...result, rows };
    },
  });
  return {
    ...list,
    currency,
    program: {
      ...program,
      commissionFixed: fromMinorUnits(program.commissionFixedCents, currency),
    },
  };
}

/** Save the program's settings, or approve, pause or remove an affiliate from the list. */
export async function affiliatesAction({ request, context }: Args) {
  const owner = requireAdmin({ request, context });
  const form = await readForm(request);
  if (form.get("intent") === "settings") {
    const { currency } = await getSiteSettings();
    const parsed = parseForm(affiliateSettingsForm(currency), form);
    if (parsed.errors) return invalidForm(parsed);
    await updateAffiliateProgram({ input: parsed.data, actorId: owner.id });
    return dataWithToast({ saved: true }, { kind: "success", message: AFFILIATE_MESSAGES.settingsSaved });
  }
  const parsed = parseForm(affiliateRowForm, form);
  if (parsed.errors) return invalidForm(parsed);
  try {
    await setAffiliateStatus({ affiliateId: parsed.data.id, intent: parsed.data.intent, actorId: owner.id });
  } catch (error) {
    if (error instanceof AffiliateNotFoundError) return dataWithToast({}, { kind: "error", message: AFFILIATE_MESSAGES.notFound }, 404);
    throw error;
  }
  const message = { approve: AFFILIATE_MESSAGES.approved, pause: AFFILIATE_MESSAGES.paused, remove: AFFILIATE_MESSAGES.removed }[
    parsed.data.intent
  ];
  return dataWithToast({}, { kind: "success", message });
}
