import { couponListUrl } from "~/lib/admin-list-urls";
import type { RouterContextProvider } from "react-router";
import { COUPON_MESSAGES } from "~/lib/coupons";
import { parseForm } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { setCouponStatus } from "~/server/coupons/admin-coupons.server";
import { couponFailure } from "~/server/coupons/coupon-failures.server";
import { dataWithToast } from "~/server/toast.server";
import { couponStatusForm } from "./coupon-form";
import type { Route } from "./+types/coupons";
import { formatDate } from "~/lib/dates";
import {
  COUPON_STATUS_LABELS,
  COUPON_STATUSES,
  COUPON_TARGET_LABELS,
  isOneOf,
  COUPON_TARGETS,
  COUPON_DURATION_LABELS,
  COUPON_DURATIONS,
} from "~/lib/domain-values";
import { formatMoney } from "~/lib/money";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { readAdminList } from "~/server/admin-list.server";
import { listAdminCoupons } from "~/server/coupons/admin-coupons.server";

/** Disable or enable a coupon from the list (or its edit page); the page stays, the toast says what happened. */
export async function couponStatusAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  requireAdmin({ request, context });
  const parsed = parseForm(couponStatusForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const { intent, id } = parsed.data;
  try {
    await setCouponStatus({ couponId: id, status: intent === "disable" ? "disabled" : "active" });
  } catch (error) {
    const { toast, status } = couponFailure(error, { couponId: id });
    return dataWithToast({}, toast, status);
  }
  return dataWithToast({}, { kind: "success", message: intent === "disable" ? COUPON_MESSAGES.disabled : COUPON_MESSAGES.enabled });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return readAdminList({
    request,
    list: couponListUrl,
    failure: COUPON_MESSAGES.listFailed,
    what: "admin coupon list",
    read: async ({ q, status, page }) => {
      const [result, { currency }] = await Promise.all([listAdminCoupons({ query: q, status, page }), getSiteSettings()]);
      const rows = result.coupons.map((coupon) => ({
        id: coupon.id,
        code: coupon.code,
        active: coupon.status === "active",
        status: isOneOf(COUPON_STATUSES, coupon.status) ? COUPON_STATUS_LABELS[coupon.status] : coupon.status,
        discount: coupon.discountType === "percent" ? `${coupon.percentOff}% off` : `${formatMoney(coupon.amountOffCents ?? 0, currency)} off`,
        appliesTo: appliesToText(coupon),
        redemptions: coupon.maxRedemptions === null ? `${coupon.redemptions}` : `${coupon.redemptions} / ${coupon.maxRedemptions}`,
        dates: datesText(coupon),
      }));
      return { ...result, rows };
    },
  });
}

function appliesToText(coupon: { appliesTo: string; courseCount: number; duration: string }) {
  if (!isOneOf(COUPON_TARGETS, coupon.appliesTo)) return coupon.appliesTo;
  if (coupon.appliesTo === "courses") return coupon.courseCount === 1 ? "1 course" : `${coupon.courseCount} courses`;
  if (coupon.appliesTo === "membership" && isOneOf(COUPON_DURATIONS, coupon.duration)) {
    return `${COUPON_TARGET_LABELS.membership} (${COUPON_DURATION_LABELS[coupon.duration].toLowerCase()})`;
  }
  return COUPON_TARGET_LABELS[coupon.appliesTo];
}

/** "From Dec 1, 2026 to Dec 31, 2026"; the end is stored as the start of the day after the last. */
function datesText({ startsAt, endsAt }: { startsAt: Date | null; endsAt: Date | null }) {
  const lastDay = endsAt ? formatDate(endsAt.getTime() - 24 * 60 * 60 * 1000) : null;
  if (startsAt && lastDay) return `${formatDate(startsAt)} – ${lastDay}`;
  if (startsAt) return `From ${formatDate(startsAt)}`;
  if (lastDay) return `Until ${lastDay}`;
  return "Always";
}

/** Disable and Enable: the row buttons post `{ intent, id }`, answered with the toast to show. */
export function action({ request, context }: Route.ActionArgs) {
  return couponStatusAction({ request, context });
}
