import { readReferral } from "~/server/affiliates/affiliate-referrals.server";
import { data, redirect, type RouterContextProvider } from "react-router";
import { CHECKOUT_MESSAGES } from "~/lib/checkout-messages";
import { COUPON_REFUSAL_MESSAGES } from "~/lib/coupons";
import { isOneOf, SUBSCRIPTION_PLANS } from "~/lib/domain-values";
import { parseForm, type FormValues } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { requestInfoContext } from "~/lib/request-context";
import { getSessionUser, requireUser } from "~/server/auth/guards.server";
import { safeNextPath } from "~/lib/safe-next";
import { consumeFormAllowance, tooManySubmissionsMessage } from "~/server/marketing/form-rate-limits.server";
import { guestOrderCookie } from "~/server/payments/guest-order-cookie.server";
import { consumeCouponCheckAllowance, tooManyCouponChecksMessage } from "~/server/coupons/coupon-rate-limits.server";
import { isTaxCountry } from "~/lib/tax";
import {
  BundleNotForSaleError,
  CourseNotForSaleError,
  getCheckoutOffer,
  InvalidTaxIdError,
  startCheckout,
  type CheckoutItem,
  type CheckoutStart,
} from "~/server/payments/checkout.server";
import { recordCheckoutStart } from "~/server/payments/checkout-reminders.server";
import { paymentFailure } from "~/server/payments/payment-failures.server";
import { paymentsMode } from "~/server/payments/providers.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import { checkoutForm, couponCodeField, guestCheckoutForm, itemOfPayForm } from "./checkout-form";

type Args = { request: Request; url?: URL; context: Readonly<RouterContextProvider> };

/** `?courseId=…`, `?bundleId=…` or `?plan=monthly|yearly`; null when the link names none. */
function itemFromUrl(url: URL): CheckoutItem | null {
  const courseId = url.searchParams.get("courseId");
  if (courseId) return { courseId };
  const bundleId = url.searchParams.get("bundleId");
  if (bundleId) return { bundleId };
  const plan = url.searchParams.get("plan");
  return isOneOf(SUBSCRIPTION_PLANS, plan) ? { plan } : null;
}

const clientIpOf = (context: Readonly<RouterContextProvider>) => context.get(requestInfoContext).clientIp;

export type CheckoutProblem = "nothing-to-buy" | "course-not-found" | "bundle-not-found";

/**
 * The order summary: what the signed-in user would buy, at the database's price, and how they would
 * pay. A signed-out visitor sees the same offer, priced for nobody, with the guest form (their
 * e-mail and name) and a sign-in link that comes back here with the coupon (docs/decisions/048).
 */
export async function checkoutLoader({ request, url, context }: Args) {
  const user = getSessionUser({ context });
  const pageUrl = url ?? new URL(request.url);
  const item = itemFromUrl(pageUrl);
  if (!item) throw data({ problem: "nothing-to-buy" satisfies CheckoutProblem }, { status: 400 });
  // The code as typed stays in the field; one that cannot be a code is refused without a lookup.
  const typedCoupon = pageUrl.searchParams.get("coupon") ?? "";
  const coupon = couponCodeField.safeParse(typedCoupon);
  // Every code tried counts against the buyer's and the address's allowance: codes are not guessable.
  const wait = typedCoupon ? await consumeCouponCheckAllowance({ userId: user?.id ?? null, clientIp: clientIpOf(context) }) : null;
  const signInPath = `/login?next=${encodeURIComponent(safeNextPath(`${pageUrl.pathname}${pageUrl.search}`))}`;
  // The buyer's country (test mode's tax step, `?country=FR`): the page shows the tax for it.
  const chosenCountry = pageUrl.searchParams.get("country")?.toUpperCase() ?? "";
  const country = isTaxCountry(chosenCountry) ? chosenCountry : null;
  try {
    const offer = await getCheckoutOffer({
      userId: user?.id ?? "",
      item,
      couponCode: coupon.success && !wait ? coupon.data : null,
      country,
      // The order bump's box, ticked (`?withBump=1`): the total shown includes it.
      withBump: pageUrl.searchParams.get("withBump") === "1",
      // The course's or bundle's payment plan chosen (`?paymentPlan=1`, docs/decisions/069, 073): the first instalment is paid now.
      withPlan: pageUrl.searchParams.get("paymentPlan") === "1",
    });
    const couponError = wait
      ? tooManyCouponChecksMessage(wait)
      : coupon.success
        ? offer.coupon?.refusal
          ? COUPON_REFUSAL_MESSAGES[offer.coupon.refusal]
          : null
        : (coupon.error.issues[0]?.message ?? null);
    const mode = paymentsMode();
    // A signed-in person with something to pay has started a checkout: an hour without paying gets one reminder.
    if (user && !offer.blocked && mode !== "none" && offer.listPriceCents > 0) {
      await recordCheckoutStart({ userId: user.id, item, couponCode: offer.coupon && !offer.coupon.refusal ? offer.coupon.code : null });
    }
    const status = wait ? 429 : mode === "none" && !offer.blocked ? 503 : 200;
    return data(
      { offer, mode, typedCoupon, couponError, guest: !user, signInPath },
      { status, headers: wait ? { "Retry-After": String(wait) } : undefined },
    );
  } catch (error) {
    if (error instanceof CourseNotForSaleError) throw data({ problem: "course-not-found" satisfies CheckoutProblem }, { status: 404 });
    if (error instanceof BundleNotForSaleError) throw data({ problem: "bundle-not-found" satisfies CheckoutProblem }, { status: 404 });
    throw error;
  }
}

/** Pay: one domain operation, then the provider's page, the success page, or why nothing was charged. */
export async function checkoutAction({ request, context }: Args) {
  if (!getSessionUser({ context })) return guestCheckoutAction({ request, context });
  const user = requireUser({ request, context });
  const parsed = parseForm(checkoutForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const item: CheckoutItem = itemOfPayForm(parsed.data);
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
    started = await startCheckout({
      userId: user.id,
      item,
      withBump: parsed.data.withBump,
      withPlan: parsed.data.intent !== "pay-membership" && parsed.data.paymentPlan,
      couponCode: parsed.data.coupon || null,
      billing,
      referral: readReferral(request.headers.get("cookie")),
    });
  } catch (error) {
    if (error instanceof InvalidTaxIdError) return invalidForm({ errors: { buyerTaxId: [error.reason] }, values: parsed.values });
    const { toast, status } = paymentFailure("checkout", error, { userId: user.id, ...item });
    return dataWithToast({}, toast, status);
  }
  return answerStart(started, { values: parsed.values });
}

/**
 * Pay without an account: the e-mail and name checked, the address's allowance taken (as sign-up's),
 * then the same checkout made out to the address. Whatever happens, nobody is signed in; the browser
 * that paid gets a cookie that shows it the confirmation.
 */
async function guestCheckoutAction({ request, context }: Args) {
  const form = await readForm(request);
  // Every submission counts, as every sign-up does.
  const clientIp = clientIpOf(context);
  const waitForm = await consumeFormAllowance({ form: "/guest-checkout", clientIp });
  if (waitForm) {
    const message = tooManySubmissionsMessage(waitForm);
    return dataWithToast({ values: form }, { kind: "error", message }, { status: 429, headers: { "Retry-After": String(waitForm) } });
  }
  const parsed = parseForm(guestCheckoutForm, form);
  if (parsed.errors) return invalidForm(parsed);
  const values = { email: parsed.data.email, name: parsed.data.name };
  const item: CheckoutItem = itemOfPayForm(parsed.data);
  if (parsed.data.coupon) {
    const wait = await consumeCouponCheckAllowance({ userId: null, clientIp });
    if (wait) {
      const message = tooManyCouponChecksMessage(wait);
      return dataWithToast({ couponError: message, values }, { kind: "error", message }, 429);
    }
  }
  const { country, buyerName, buyerAddress, buyerTaxId } = parsed.data;
  const billing = isTaxCountry(country) ? { country, name: buyerName, address: buyerAddress, taxId: buyerTaxId } : null;
  let started;
  try {
    started = await startCheckout({
      guest: values,
      item,
      withBump: parsed.data.withBump,
      withPlan: parsed.data.intent !== "pay-membership" && parsed.data.paymentPlan,
      couponCode: parsed.data.coupon || null,
      billing,
      referral: readReferral(request.headers.get("cookie")),
    });
  } catch (error) {
    if (error instanceof InvalidTaxIdError) return invalidForm({ errors: { buyerTaxId: [error.reason] }, values: parsed.values });
    const { toast, status } = paymentFailure("checkout", error, { guest: true, ...item });
    return dataWithToast({ values }, toast, status);
  }
  if (started.status === "sign-in-to-buy") {
    return dataWithToast(
      { values, signInToBuy: true },
      { kind: "error", message: CHECKOUT_MESSAGES.signInToBuy, description: CHECKOUT_MESSAGES.signInToBuyDetail },
      409,
    );
  }
  if (started.status === "coupon-refused") {
    return dataWithToast(
      { offer: started.offer, couponError: COUPON_REFUSAL_MESSAGES[started.refusal], values },
      { kind: "error", message: COUPON_REFUSAL_MESSAGES[started.refusal] },
      409,
    );
  }
  return answerStart(started, {
    headers: { "Set-Cookie": guestOrderCookie("orderId" in started ? started.orderId : "") },
    values: parsed.values,
  });
}

/** Where a started checkout goes next (`headers`: a guest's confirmation cookie; `values`: the form as typed). */
function answerStart(started: CheckoutStart, { headers, values }: { headers?: HeadersInit; values?: FormValues } = {}) {
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
      return invalidForm({ errors: { country: ["Choose your country from the list"] }, values: values ?? {} });
    case "sign-in-to-buy":
      return dataWithToast({ signInToBuy: true }, { kind: "error", message: CHECKOUT_MESSAGES.signInToBuy }, 409);
    case "redirect":
      return redirect(started.url, { headers });
    case "paid":
      return redirectWithToast(
        `/checkout/success?order=${started.orderId}`,
        { kind: "success", message: CHECKOUT_MESSAGES.paid },
        { headers },
      );
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
