import { z } from "~/lib/forms/zod";
import { COUPON_CODE_MAX } from "~/lib/coupons";
import { SUBSCRIPTION_PLANS } from "~/lib/domain-values";

/** A coupon code as typed in the checkout's field or given in its link (`&coupon=LAUNCH`); empty means none. */
export const couponCodeField = z
  .string()
  .trim()
  .max(COUPON_CODE_MAX, "There is no coupon with this code")
  .optional()
  .transform((value) => value ?? "");

/**
 * The Pay button's form: what to buy and the code applied, never a price (the server reads that
 * from the database). The same fields as the page's URL: `?courseId=` or `?plan=monthly|yearly`, and `coupon`.
 */
export const checkoutForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay-course"), courseId: z.string().trim().min(1, "Choose a course"), coupon: couponCodeField }),
  z.object({
    intent: z.literal("pay-membership"),
    plan: z.enum(SUBSCRIPTION_PLANS, { error: "Choose a membership plan" }),
    coupon: couponCodeField,
  }),
]);
