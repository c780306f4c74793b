import { COUPON_MESSAGES } from "~/lib/coupons";
import type { Failure } from "~/server/action.server";
import { logger } from "~/server/platform/logger.server";
import { CouponCodeTakenError, CouponNotFoundError } from "./admin-coupons.server";

/**
 * The one place a failed coupon operation becomes what the admin sees: a taken code is the code
 * field's own message (409), a coupon that is gone 404, anything else 500, logged here.
 */
export function couponFailure(error: unknown, details: { couponId?: string } = {}): Failure & { fieldErrors?: Record<string, string[]> } {
  if (error instanceof CouponCodeTakenError) {
    return {
      toast: { kind: "error", message: COUPON_MESSAGES.codeTaken },
      status: 409,
      fieldErrors: { code: [COUPON_MESSAGES.codeTaken] },
    };
  }
  if (error instanceof CouponNotFoundError) {
    logger.warn({ err: error, ...details }, "coupon operation on a missing coupon");
    return { toast: { kind: "error", message: COUPON_MESSAGES.notFound }, status: 404 };
  }
  logger.error({ err: error, ...details }, "coupon operation failed");
  return { toast: { kind: "error", message: COUPON_MESSAGES.saveFailed }, status: 500 };
}
