import type { RouterContextProvider } from "react-router";
import { AFFILIATE_MESSAGES } from "~/lib/affiliates";
import { affiliateJoinForm, payoutDetailsForm } from "~/lib/affiliate-forms";
import { AFFILIATE_STATUS_LABELS, AFFILIATE_STATUSES, isOneOf } from "~/lib/domain-values";
import { parseForm } from "~/lib/forms/parse-form";
import { formatMoney } from "~/lib/money";
import { invalidForm, readForm } from "~/server/action.server";
import { listAffiliateCommissions } from "~/server/affiliates/affiliate-commissions.server";
import { listAffiliatePayouts } from "~/server/affiliates/affiliate-payouts.server";
import { commissionRows, payoutRows } from "~/server/affiliates/affiliate-rows.server";
import { getAffiliateProgram } from "~/server/affiliates/affiliate-settings.server";
import {
  AffiliateCodeTakenError,
  AffiliateJoinClosedError,
  getAffiliateForUser,
  joinAffiliateProgram,
  readAffiliateFigures,
  saveAffiliatePayoutDetails,
} from "~/server/affiliates/affiliates.server";
import { requireUser } from "~/server/auth/guards.server";
import { listPublishedCourseLinks } from "~/server/affiliates/affiliate-links.server";
import { db } from "~/server/db/client.server";
import { getConfig } from "~/server/platform/config.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { dataWithToast } from "~/server/toast.server";

type Args = { request: Request; url?: URL; context: Readonly<RouterContextProvider> };

/** /account/affiliate: join, or the affiliate's link, link builder, figures, commissions and payouts (never a buyer). */
export async function accountAffiliateLoader({ request, url, context }: Args) {
  const user = requireUser({ request, url, context });
  const [program, affiliate, { currency }] = await Promise.all([
    getAffiliateProgram(),
    getAffiliateForUser({ userId: user.id }),
    getSiteSettings(),
  ]);
  const joining = { open: program.enabled && program.joinPolicy !== "invitation", needsApproval: program.joinPolicy === "approval" };
  if (!affiliate) return { joining, affiliate: null };
  const [figures, commissions, payouts, courses] = await Promise.all([
    readAffiliateFigures({ affiliateIds: [affiliate.id] }),
    listAffiliateCommissions({ affiliateId: affiliate.id, database: db() }),
    listAffiliatePayouts({ affiliateId: affiliate.id }),
    listPublishedCourseLinks(),
  ]);
  const own = figures.get(affiliate.id)!;
  const origin = getConfig().publicUrl.replace(/\/$/, "");
  const code = encodeURIComponent(affiliate.code);
  return {
    joining,
    affiliate: {
      code: affiliate.code,
      status: affiliate.status,
      statusLabel: isOneOf(AFFILIATE_STATUSES, affiliate.status) ? AFFILIATE_STATUS_LABELS[affiliate.status] : affiliate.status,
      payoutDetails: affiliate.payoutDetails,
      link: `${origin}/?ref=${code}`,
      shortLink: `${origin}/r/${code}`,
      courseLinks: courses.map((course) => ({ id: course.id, title: course.title, link: `${origin}/courses/${course.slug}?ref=${code}` })),
      cookieDays: program.cookieDays,
    },
    figures: {
      clicks: own.clicks,
      signups: own.signups,
      sales: own.sales,
      pending: formatMoney(own.pendingCents, currency),
      payable: formatMoney(own.payableCents, currency),
      paid: formatMoney(own.paidCents, currency),
      reversed: formatMoney(own.reversedCents, currency),
    },
    commissions: commissionRows(commissions),
    payouts: payoutRows(payouts),
  };
}

/** Join the program, or save how to be paid. */
export async function accountAffiliateAction({ request, context }: Args) {
  const user = requireUser({ request, context });
  const form = await readForm(request);
  if (form.get("intent") === "payoutDetails") {
    const parsed = parseForm(payoutDetailsForm, form);
    if (parsed.errors) return invalidForm(parsed);
    await saveAffiliatePayoutDetails({ userId: user.id, payoutDetails: parsed.data.payoutDetails });
    return dataWithToast({}, { kind: "success", message: AFFILIATE_MESSAGES.payoutDetailsSaved });
  }
  const parsed = parseForm(affiliateJoinForm, form);
  if (parsed.errors) return invalidForm(parsed);
  try {
    const joined = await joinAffiliateProgram({ userId: user.id, code: parsed.data.code });
    return dataWithToast(
      {},
      { kind: "success", message: joined.status === "approved" ? AFFILIATE_MESSAGES.joined : AFFILIATE_MESSAGES.joinRequested },
    );
  } catch (error) {
    if (error instanceof AffiliateCodeTakenError)
      return invalidForm({ errors: { code: [AFFILIATE_MESSAGES.codeTaken] }, values: parsed.values });
    if (error instanceof AffiliateJoinClosedError) return dataWithToast({}, { kind: "error", message: AFFILIATE_MESSAGES.joinClosed }, 403);
    throw error;
  }
}
