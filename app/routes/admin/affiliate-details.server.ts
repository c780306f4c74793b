import { data, type RouterContextProvider } from "react-router";
import { AFFILIATE_MESSAGES } from "~/lib/affiliates";
import { affiliateAdminForm } from "~/lib/affiliate-forms";
import { AFFILIATE_STATUS_LABELS, AFFILIATE_STATUSES, isOneOf } from "~/lib/domain-values";
import { formatDate } from "~/lib/dates";
import { parseForm } from "~/lib/forms/parse-form";
import { formatMoney, fromMinorUnits } from "~/lib/money";
import { invalidForm, readForm } from "~/server/action.server";
import { listAffiliateCommissions } from "~/server/affiliates/affiliate-commissions.server";
import { listAffiliatePayouts } from "~/server/affiliates/affiliate-payouts.server";
import {
  AffiliateNotFoundError,
  getAffiliateForAdmin,
  listAffiliateCourseChoices,
  setAffiliateStatus,
  updateAffiliateTerms,
} from "~/server/affiliates/affiliates.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { dataWithToast } from "~/server/toast.server";
import { commissionRows, payoutRows } from "~/server/affiliates/affiliate-rows.server";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string } };

/** One affiliate: who, their status, terms, figures, commissions and payouts. */
export async function affiliateDetailsLoader({ request, context, params }: Args) {
  requireAdmin({ request, context });
  const affiliate = await getAffiliateForAdmin({ affiliateId: params.id ?? "" });
  if (!affiliate) throw data(null, { status: 404 });
  const [{ currency }, courses, commissions, payouts] = await Promise.all([
    getSiteSettings(),
    listAffiliateCourseChoices(),
    listAffiliateCommissions({ affiliateId: affiliate.id, database: db() }),
    listAffiliatePayouts({ affiliateId: affiliate.id }),
  ]);
  const { figures } = affiliate;
  return {
    affiliate: {
      id: affiliate.id,
      code: affiliate.code,
      name: affiliate.name,
      email: affiliate.email,
      status: affiliate.status,
      statusLabel: isOneOf(AFFILIATE_STATUSES, affiliate.status) ? AFFILIATE_STATUS_LABELS[affiliate.status] : affiliate.status,
      joined: formatDate(affiliate.createdAt),
      payoutDetails: affiliate.payoutDetails,
      courseIds: affiliate.courseIds,
      terms: {
        ownCommission: affiliate.commissionType ? "on" : "",
        commissionType: affiliate.commissionType ?? "percent",
        commissionPercent: affiliate.commissionPercent === null ? "" : String(affiliate.commissionPercent),
        commissionFixed: affiliate.commissionFixedCents === null ? "" : fromMinorUnits(affiliate.commissionFixedCents, currency),
      },
    },
    figures: {
      clicks: figures.clicks,
      signups: figures.signups,
      sales: figures.sales,
      pending: formatMoney(figures.pendingCents, currency),
      payable: formatMoney(figures.payableCents, currency),
      paid: formatMoney(figures.paidCents, currency),
      reversed: formatMoney(figures.reversedCents, currency),
    },
    currency,
    courses,
    commissions: commissionRows(commissions),
    payouts: payoutRows(payouts),
  };
}

/** Approve, pause, remove, or save their own commission and course restriction. */
export async function affiliateDetailsAction({ request, context, params }: Args) {
  const owner = requireAdmin({ request, context });
  const form = await readForm(request);
  // One checkbox per course: the schema reads them as one comma-separated field.
  form.set(
    "courseIds",
    form
      .getAll("courseIds")
      .filter((value) => typeof value === "string")
      .join(","),
  );
  const { currency } = await getSiteSettings();
  const parsed = parseForm(affiliateAdminForm(currency), form);
  if (parsed.errors) return invalidForm(parsed);
  const affiliateId = params.id ?? "";
  try {
    if (parsed.data.intent === "terms") {
      await updateAffiliateTerms({
        affiliateId,
        input: { commission: parsed.data.commission, courseIds: parsed.data.courseIds },
        actorId: owner.id,
      });
      return dataWithToast({ saved: true }, { kind: "success", message: AFFILIATE_MESSAGES.affiliateSaved });
    }
    await setAffiliateStatus({ affiliateId, intent: parsed.data.intent, actorId: owner.id });
  } catch (error) {
    if (error instanceof AffiliateNotFoundError) return dataWithToast({}, { kind: "error", message: AFFILIATE_MESSAGES.notFound }, 404);
    throw error;
  }
  const message = { approve: AFFILIATE_MESSAGES.approved, pause: AFFILIATE_MESSAGES.paused, remove: AFFILIATE_MESSAGES.removed }[
    parsed.data.intent
  ];
  return dataWithToast({}, { kind: "success", message });
}
