import { z } from "~/lib/forms/zod";
import { optionalText, priceDollarsField } from "~/lib/forms/fields";
import { isUuid } from "~/lib/uuid";

/** A bump's pitch: one or two sentences in the checkout's box. */
export const BUMP_PITCH_MAX = 200;

/** What the checkout's box and the admin's form say about order bumps (docs/decisions/067). */
export const BUMP_MESSAGES = {
  saved: "Order bump saved",
  removed: "Order bump removed",
  chooseCourse: "Choose the course to offer",
  notForSale: "Only a published course can be offered: this one is a draft or was deleted",
  sameCourse: "Offer another course than this one",
  courseGone: "This course was deleted",
  negativePrice: "The special price cannot be negative",
  boxLabel: (title: string, price: string) => `Yes, add “${title}” for ${price}`,
} as const;

/** Admin → Edit course → Order bump: the course offered, its special price (dollars as typed) and the pitch. */
export const courseBumpForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save-bump"),
    offerCourseId: z
      .string({ error: BUMP_MESSAGES.chooseCourse })
      .trim()
      .refine((value) => isUuid(value), BUMP_MESSAGES.chooseCourse),
    bumpPrice: priceDollarsField({ negative: BUMP_MESSAGES.negativePrice, invalid: "The special price must be a number" }),
    bumpPitch: optionalText({ max: BUMP_PITCH_MAX, tooLong: `Keep the pitch under ${BUMP_PITCH_MAX} characters` }),
  }),
  z.object({ intent: z.literal("remove-bump") }),
]);
