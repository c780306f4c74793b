import { z } from "~/lib/forms/zod";
import { COUPON_CODE_MAX } from "~/lib/coupons";
import { SUBSCRIPTION_PLANS } from "~/lib/domain-values";
import { emailField, personNameField } from "~/lib/forms/fields";

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
const payCourse = z.object({ intent: z.literal("pay-course"), courseId: z.string().trim().min(1, "Choose a course"), coupon: couponCodeField });
const payMembership = z.object({
  intent: z.literal("pay-membership"),
  plan: z.enum(SUBSCRIPTION_PLANS, { error: "Choose a membership plan" }),
  coupon: couponCodeField,
});

export const checkoutForm = z.discriminatedUnion("intent", [payCourse, payMembership]);

/** What a visitor buying without an account gives (docs/decisions/048): the e-mail and the name, nothing else. */
const guestFields = {
  email: emailField({
    required: "Enter your email address",
    invalid: "Enter a valid email address, like you@example.com",
    tooLong: "That email address is too long",
  }),
  name: personNameField({ required: "Enter your name" }),
};

/** The Pay button's form for a signed-out visitor: the same, plus who buys. */
export const guestCheckoutForm = z.discriminatedUnion("intent", [payCourse.extend(guestFields), payMembership.extend(guestFields)]);
