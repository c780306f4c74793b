import { data, type RouterContextProvider } from "react-router";
import { COUPON_MESSAGES } from "~/lib/coupons";
import { parseForm } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { createCoupon, getCouponForEdit, listCouponCourseChoices, updateCoupon } from "~/server/coupons/admin-coupons.server";
import { couponFailure } from "~/server/coupons/coupon-failures.server";
import { newToast, redirectWithToast } from "~/server/toast.server";
import { getRequestSiteSettings } from "~/server/settings/site-settings.server";
import { couponForm, couponFormData, couponFormValues, EMPTY_COUPON_FORM, typedCouponValues } from "./coupon-form";

type Args = { request: Request; context: Readonly<RouterContextProvider>; couponId?: string };

/** The New / Edit coupon page: the coupon as the form shows it (a 404 when it is gone) and the courses to choose from. */
export async function couponEditorLoader({ request, context, couponId }: Args) {
  requireAdmin({ request, context });
  const [courses, { currency }] = await Promise.all([listCouponCourseChoices(), getRequestSiteSettings({ context })]);
  if (!couponId) return { initial: EMPTY_COUPON_FORM, courses, coupon: null };
  const coupon = await getCouponForEdit({ couponId });
  if (!coupon) throw data({ message: COUPON_MESSAGES.notFound }, { status: 404 });
  return {
    initial: couponFormValues(coupon, currency),
    courses,
    coupon: { id: coupon.id, code: coupon.code, status: coupon.status, redemptions: coupon.redemptions },
  };
}

/** Save (create or edit), then back to the list with the toast; a refused form stays with what was typed. */
export async function couponEditorAction({ request, context, couponId }: Args) {
  requireAdmin({ request, context });
  const { currency } = await getRequestSiteSettings({ context });
  const parsed = parseForm(couponForm(currency), couponFormData(await readForm(request)));
  const values = typedCouponValues(parsed.values);
  if (parsed.errors)
    return invalidForm({ errors: parsed.errors, values }, { toast: newToast({ kind: "error", message: COUPON_MESSAGES.invalid }) });
  try {
    if (couponId) await updateCoupon({ couponId, input: parsed.data });
    else await createCoupon({ input: parsed.data });
  } catch (error) {
    const failure = couponFailure(error, { couponId });
    return data({ errors: failure.fieldErrors ?? {}, values, toast: newToast(failure.toast) }, { status: failure.status });
  }
  return redirectWithToast("/admin/coupons", { kind: "success", message: couponId ? COUPON_MESSAGES.saved : COUPON_MESSAGES.created });
}
