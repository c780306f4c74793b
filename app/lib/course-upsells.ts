import { z } from "~/lib/forms/zod";
import { moneyField, optionalText } from "~/lib/forms/fields";
import { parseOfferedProduct, type OfferedProduct } from "~/lib/offered-product";

/** An upsell's pitch: one or two sentences on the offer page. */
export const UPSELL_PITCH_MAX = 300;

/** What the offer page after a purchase and the admin's form say about one-click upsells (docs/decisions/070). */
export const UPSELL_MESSAGES = {
  saved: "Upsell saved",
  removed: "Upsell removed",
  chooseProduct: "Choose the course or bundle to offer",
  notForSale: "Only a published course or bundle can be offered: this one is a draft or was deleted",
  sameCourse: "Offer another course than this one",
  sameBundle: "Offer another bundle than this one",
  inBundle: "This course is in the bundle: its buyers have it already",
  bundleInBundle: "Every course of that bundle is in this one: its buyers have them already",
  courseGone: "This course was deleted",
  bundleGone: "This bundle was deleted",
  negativePrice: "The special price cannot be negative",
  added: (title: string) => `“${title}” was added to your order`,
  declined: "No problem: your purchase is ready",
  gone: "This offer is no longer available: your purchase is ready",
  cardNeeded: "Your bank asked to confirm this payment, or declined it: nothing was charged. Pay for the offer on the next page to add it.",
} as const;

/** The product an upsell offers (`course:<id>` or `bundle:<id>` in the admin's form). */
export type UpsellProduct = OfferedProduct;

/** Admin → Edit course or Edit bundle → Upsell: the product offered, its special price (as typed, in the school's currency) and the pitch. */
export const courseUpsellForm = (currency: string) =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("save-upsell"),
      upsellProduct: z
        .string({ error: UPSELL_MESSAGES.chooseProduct })
        .trim()
        .refine((value) => parseOfferedProduct(value) !== null, UPSELL_MESSAGES.chooseProduct),
      upsellPrice: moneyField({ currency, negative: UPSELL_MESSAGES.negativePrice, invalid: "The special price must be a number" }),
      upsellPitch: optionalText({ max: UPSELL_PITCH_MAX, tooLong: `Keep the pitch under ${UPSELL_PITCH_MAX} characters` }),
    }),
    z.object({ intent: z.literal("remove-upsell") }),
  ]);

/** The offer page's two answers: plain form posts, so they work without JavaScript. */
export const upsellAnswerForm = z.object({
  intent: z.enum(["accept", "decline", "pay"]),
});
