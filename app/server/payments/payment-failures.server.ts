import { CHECKOUT_MESSAGES } from "~/lib/checkout-messages";
import type { RefundRefusal } from "~/lib/order-refunds";
import type { Failure } from "~/server/action.server";
import { CourseAccessTargetNotFoundError } from "~/server/access/course-access.server";
import { logger } from "~/server/platform/logger.server";
import { MembershipNotFoundError, OrderNotRefundableError } from "./billing.server";
import { BundleNotForSaleError, CheckoutUserNotFoundError, CourseNotForSaleError } from "./checkout.server";
import { OrderNotFoundError } from "./record-order-refund.server";
import { PaymentProviderError, PaymentsNotConfiguredError, StripePriceMismatchError } from "./providers.server";

export type PaymentOperation = "checkout" | "cancel-membership" | "refund";

const NOT_REFUNDABLE: Record<RefundRefusal, string> = {
  "already-refunded": CHECKOUT_MESSAGES.alreadyRefunded,
  "not-paid": CHECKOUT_MESSAGES.notRefundable,
  "membership-at-stripe": CHECKOUT_MESSAGES.refundMembershipAtStripe,
  "membership-line": CHECKOUT_MESSAGES.refundMembershipLine,
};

const FAILED: Record<PaymentOperation, string> = {
  checkout: CHECKOUT_MESSAGES.startFailed,
  "cancel-membership": CHECKOUT_MESSAGES.membershipCancelFailed,
  refund: CHECKOUT_MESSAGES.refundFailed,
};

/**
 * The one place a failed payment operation becomes what the person sees: the message as an error
 * toast and the status, logged once here. Nothing was charged in any of these cases.
 */
export function paymentFailure(operation: PaymentOperation, error: unknown, details: Record<string, unknown> = {}): Failure {
  const fail = (message: string, status: number, level: "warn" | "error" = "warn"): Failure => {
    logger[level]({ err: error, operation, ...details }, `payment operation failed: ${message}`);
    return { toast: { kind: "error", message }, status };
  };
  if (error instanceof CourseNotForSaleError || error instanceof CourseAccessTargetNotFoundError)
    return fail(CHECKOUT_MESSAGES.courseNotFound, 404);
  if (error instanceof BundleNotForSaleError) return fail(CHECKOUT_MESSAGES.bundleNotFound, 404);
  if (error instanceof PaymentsNotConfiguredError) return fail(CHECKOUT_MESSAGES.notConfigured, 503);
  if (error instanceof MembershipNotFoundError) return fail(CHECKOUT_MESSAGES.membershipNotFound, 404);
  if (error instanceof OrderNotFoundError) return fail(CHECKOUT_MESSAGES.orderNotFound, 404);
  if (error instanceof OrderNotRefundableError) return fail(NOT_REFUNDABLE[error.reason], 409);
  if (error instanceof CheckoutUserNotFoundError) return fail(FAILED[operation], 404);
  // The owner's mistake, logged with what to change; the buyer is told the plan is not for sale right now.
  if (error instanceof StripePriceMismatchError) return fail(CHECKOUT_MESSAGES.priceMismatch, 503, "error");
  if (error instanceof PaymentProviderError) return fail(FAILED[operation], 502, "error");
  return fail(FAILED[operation], 500, "error");
}
