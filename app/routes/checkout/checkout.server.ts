import { data, redirect, type RouterContextProvider } from "react-router";
import { CHECKOUT_MESSAGES } from "~/lib/checkout-messages";
import { COUPON_REFUSAL_MESSAGES } from "~/lib/coupons";
import { isOneOf, SUBSCRIPTION_PLANS } from "~/lib/domain-values";
import { parseForm } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { requestInfoContext } from "~/lib/request-context";
import { requireUser } from "~/server/auth/guards.server";
import { consumeCouponCheckAllowance, tooManyCouponChecksMessage } from "~/server/coupons/coupon-rate-limits.server";
import { isTaxCountry } from "~/lib/tax";
import { CourseNotForSaleError, getCheckoutOffer, InvalidTaxIdError, startCheckout, type CheckoutItem } from "~/server/payments/checkout.server";
import { paymentFailure } from "~/server/payments/payment-failures.server";
import { paymentsMode } from "~/server/payments/providers.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import { checkoutForm, couponCodeField } from "./checkout-form";

type Args = { request: Request; url?: URL; context: Readonly<RouterContextProvider> };

/** `?courseId=…` or `?plan=monthly|yearly`; null when the link names neither. */
function itemFromUrl(url: URL): CheckoutItem | null {
  const courseId = url.searchParams.get("courseId");
  if (courseId) return { courseId };
  const plan = url.searchParams.get("plan");
  return isOneOf(SUBSCRIPTION_PLANS, plan) ? { plan } : null;
}

const clientIpOf = (context: Readonly<RouterContextProvider>) => context.get(requestInfoContext).clientIp;

export type CheckoutProblem = "nothing-to-buy" | "course-not-found";

/** The order summary: what the signed-in user would buy, at the database's price, and how they would pay. */
export async function checkoutLoader({ request, url, context }: Args) {
  const user = requireUser({ request, url, context });
  const item = itemFromUrl(url ?? new URL(request.url));
  if (!item) throw data({ problem: "nothing-to-buy" satisfies CheckoutProblem }, { status: 400 });
  // The code as typed stays in the field; one that cannot be a code is refused without a lookup.
  const typedCoupon = (url ?? new URL(request.url)).searchParams.get("coupon") ?? "";
  const coupon = couponCodeField.safeParse(typedCoupon);
  // Every code tried counts against the buyer's and the address's allowance: codes are not guessable.
  const wait = typedCoupon ? await consumeCouponCheckAllowance({ userId: user.id, clientIp: clientIpOf(context) }) : null;
  // The buyer's country (test mode's tax step, `?country=FR`): the page shows the tax for it.
  const chosenCountry = (url ?? new URL(request.url)).searchParams.get("country")?.toUpperCase() ?? "";
  const country = isTaxCountry(chosenCountry) ? chosenCountry : null;
  try {
    const offer = await getCheckoutOffer({ userId: user.id, item, couponCode: coupon.success && !wait ? coupon.data : null, country });
    const couponError = wait
      ? tooManyCouponChecksMessage(wait)
      : coupon.success
        ? offer.coupon?.refusal
          ? COUPON_REFUSAL_MESSAGES[offer.coupon.refusal]
          : null
        : (coupon.error.issues[0]?.message ?? null);
    const mode = paymentsMode();
    const status = wait ? 429 : mode === "none" && !offer.blocked ? 503 : 200;
    return data({ offer, mode, typedCoupon, couponError }, { status, headers: wait ? { "Retry-After": String(wait) } : undefined });
  } catch (error) {
    if (error instanceof CourseNotForSaleError) throw data({ problem: "course-not-found" satisfies CheckoutProblem }, { status: 404 });
    throw error;
  }
}

/** Pay: one domain operation, then the provider's page, the success page, or why nothing was charged. */
export async function checkoutAction({ request, context }: Args) {
  const user = requireUser({ request, context });
  const parsed = parseForm(checkoutForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const item: CheckoutItem = parsed.data.intent === "pay-course" ? { courseId: parsed.data.courseId } : { plan: parsed.data.plan };
  if (parsed.data.coupon) {
    const wait = await consumeCouponCheckAllowance({ userId: user.id, clientIp: clientIpOf(context) });
    if (wait) {
      const message = tooManyCouponChecksMessage(wait);
      return dataWithToast({ couponError: message }, { kind: "error", message }, 429);
    }
  }
  const { country, buyerName, buyerAddress, buyerTaxId } = parsed.data;
  const billing = isTaxCountry(country) ? { country, name: buyerName, address: buyerAddress, taxId: buyerTaxId } : null;
  let started;
  try {
    started = await startCheckout({ userId: user.id, item, couponCode: parsed.data.coupon || null, billing });
  } catch (error) {
    if (error instanceof InvalidTaxIdError) return invalidForm({ errors: { buyerTaxId: [error.reason] }, values: parsed.values });
    const { toast, status } = paymentFailure("checkout", error, { userId: user.id, ...item });
    return dataWithToast({}, toast, status);
  }
  const coursePage = started.offer.courseSlug ? `/courses/${started.offer.courseSlug}` : "/account";
  switch (started.status) {
    case "coupon-refused":
      // The page reloads its offer and shows why next to the code field; nothing was charged.
      return dataWithToast(
        { offer: started.offer, couponError: COUPON_REFUSAL_MESSAGES[started.refusal] },
        { kind: "error", message: COUPON_REFUSAL_MESSAGES[started.refusal] },
        409,
      );
    case "country-required":
      return invalidForm({ errors: { country: ["Choose your country from the list"] }, values: parsed.values });
    case "redirect":
      return redirect(started.url);
    case "paid":
      return redirectWithToast(`/checkout/success?order=${started.orderId}`, { kind: "success", message: CHECKOUT_MESSAGES.paid });
    case "enrolled-free":
      return redirectWithToast(coursePage, { kind: "success", message: CHECKOUT_MESSAGES.enrolledFree });
    case "already-owned":
      return redirectWithToast(coursePage, {
        kind: "success",
        message: CHECKOUT_MESSAGES.alreadyOwned,
        description: CHECKOUT_MESSAGES.alreadyOwnedDetail,
      });
    case "included-in-membership":
      return redirectWithToast(coursePage, {
        kind: "success",
        message: CHECKOUT_MESSAGES.includedInMembership,
        description: CHECKOUT_MESSAGES.includedInMembershipDetail,
      });
    case "already-member":
      return redirectWithToast("/account#membership", {
        kind: "success",
        message: CHECKOUT_MESSAGES.alreadyMember,
        description: CHECKOUT_MESSAGES.alreadyMemberDetail,
      });
  }
}
