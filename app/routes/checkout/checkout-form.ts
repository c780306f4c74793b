import { z } from "~/lib/forms/zod";
import { COUPON_CODE_MAX } from "~/lib/coupons";
import { SUBSCRIPTION_PLANS } from "~/lib/domain-values";
import { emailField, personNameField } from "~/lib/forms/fields";
import { BUYER_LIMITS, isTaxCountry, normaliseTaxId, taxIdProblem } from "~/lib/tax";

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
/**
 * The billing details the test mode's checkout asks for when tax is collected (docs/decisions/054):
 * the country (it decides the rate), and the name, address and tax ID the invoice shows, if given.
 * A tax ID must have its country's shape (an EU VAT number: the country's prefix and length).
 */
const billingFields = {
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === "" || isTaxCountry(value), "Choose your country from the list")
    .optional()
    .transform((value) => value ?? ""),
  buyerName: z.string().trim().max(BUYER_LIMITS.name, `Keep the name under ${BUYER_LIMITS.name} characters`).optional().default(""),
  buyerAddress: z.string().trim().max(BUYER_LIMITS.address, `Keep the address under ${BUYER_LIMITS.address} characters`).optional().default(""),
  buyerTaxId: z
    .string()
    .trim()
    .max(BUYER_LIMITS.taxId, "A tax ID has 4 to 20 letters and digits")
    .optional()
    .transform((value) => normaliseTaxId(value ?? "")),
};

type BillingFields = { country: string; buyerTaxId: string };

/** A tax ID given without a country, or in another country's shape, is refused on its own field. */
function checkTaxId(form: BillingFields, context: z.RefinementCtx) {
  if (!form.buyerTaxId) return;
  if (!form.country) {
    context.addIssue({ code: "custom", path: ["country"], message: "Choose your country from the list" });
    return;
  }
  const problem = taxIdProblem({ country: form.country, taxId: form.buyerTaxId });
  if (problem) context.addIssue({ code: "custom", path: ["buyerTaxId"], message: problem });
}

/** A box ticked or a choice made ("1"), or absent: the order bump's (docs/decisions/067), the payment plan's. */
const withBumpField = z
  .string()
  .optional()
  .transform((value) => value === "1");

const payCourse = z.object({
  intent: z.literal("pay-course"),
  courseId: z.string().trim().min(1, "Choose a course"),
  coupon: couponCodeField,
  withBump: withBumpField,
  /** Pay by the course's payment plan (docs/decisions/069): "1", or absent. */
  paymentPlan: withBumpField,
  ...billingFields,
});
const payMembership = z.object({
  intent: z.literal("pay-membership"),
  plan: z.enum(SUBSCRIPTION_PLANS, { error: "Choose a membership plan" }),
  coupon: couponCodeField,
  /** The plan's order bump ticked (docs/decisions/074). */
  withBump: withBumpField,
  ...billingFields,
});

const payBundle = z.object({
  intent: z.literal("pay-bundle"),
  bundleId: z.string().trim().min(1, "Choose a bundle"),
  coupon: couponCodeField,
  withBump: withBumpField,
  /** Pay by the bundle's payment plan (docs/decisions/073): "1", or absent. */
  paymentPlan: withBumpField,
  ...billingFields,
});

export const checkoutForm = z.discriminatedUnion("intent", [payCourse, payMembership, payBundle]).superRefine(checkTaxId);

/** What the Pay form names: a course, a bundle or a membership plan. */
export function itemOfPayForm(
  form: { intent: "pay-course"; courseId: string } | { intent: "pay-membership"; plan: (typeof SUBSCRIPTION_PLANS)[number] } | { intent: "pay-bundle"; bundleId: string },
) {
  if (form.intent === "pay-course") return { courseId: form.courseId };
  if (form.intent === "pay-bundle") return { bundleId: form.bundleId };
  return { plan: form.plan };
}

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
export const guestCheckoutForm = z
  .discriminatedUnion("intent", [payCourse.extend(guestFields), payMembership.extend(guestFields), payBundle.extend(guestFields)])
  .superRefine(checkTaxId);
