import type { RouterContextProvider } from "react-router";
import { COUPON_MESSAGES } from "~/lib/coupons";
import { parseForm } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { setCouponStatus } from "~/server/coupons/admin-coupons.server";
import { couponFailure } from "~/server/coupons/coupon-failures.server";
import { dataWithToast } from "~/server/toast.server";
import { couponStatusForm } from "./coupon-form";

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
