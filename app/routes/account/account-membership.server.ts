import { formatDate } from "~/lib/dates";
import { redirect, type RouterContextProvider } from "react-router";
import { CHECKOUT_MESSAGES } from "~/lib/checkout-messages";
import { parseForm } from "~/lib/forms/parse-form";
import { requireUser } from "~/server/auth/guards.server";
import { cancelMembership } from "~/server/payments/billing.server";
import { paymentFailure } from "~/server/payments/payment-failures.server";
import { redirectWithToast } from "~/server/toast.server";
import { membershipForm } from "./account-membership-form";
import { readForm } from "~/server/action.server";

const BACK = "/account#membership";

/** Cancel membership: Stripe's billing portal, or (test mode) an end at the paid period's end. */
export async function membershipAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const user = requireUser({ request, context });
  const parsed = parseForm(membershipForm, await readForm(request));
  if (parsed.errors) return redirectWithToast(BACK, { kind: "error", message: CHECKOUT_MESSAGES.membershipCancelFailed });
  let result;
  try {
    result = await cancelMembership({ userId: user.id });
  } catch (error) {
    const { toast } = paymentFailure("cancel-membership", error, { userId: user.id });
    return redirectWithToast(BACK, toast);
  }
  if (result.endsAt === undefined) return redirect(result.redirectUrl);
  return redirectWithToast(BACK, {
    kind: "success",
    message: CHECKOUT_MESSAGES.membershipCancelScheduled,
    description: `You keep every course until ${formatDate(result.endsAt)}.`,
  });
}
