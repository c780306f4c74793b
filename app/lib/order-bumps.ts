import { z } from "~/lib/forms/zod";
import { moneyField, optionalText } from "~/lib/forms/fields";
import { parseOfferedProduct } from "~/lib/offered-product";
import { BUMP_MESSAGES, BUMP_PITCH_MAX } from "./order-bump-messages";

export { BUMP_MESSAGES, BUMP_PITCH_MAX };

/** Admin → Edit course → Order bump: the course or bundle offered, its special price (in the school's currency, as typed) and the pitch. */
export const courseBumpForm = <Card extends string = "bump">(currency: string, card: Card = "bump" as Card) =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal(`save-${card}` as `save-${Card}`),
      bumpOffer: z
        .string({ error: BUMP_MESSAGES.chooseCourse })
        .trim()
        .refine((value) => parseOfferedProduct(value) !== null, BUMP_MESSAGES.chooseCourse),
      bumpPrice: moneyField({ currency, negative: BUMP_MESSAGES.negativePrice, invalid: "The special price must be a number" }),
      bumpPitch: optionalText({ max: BUMP_PITCH_MAX, tooLong: `Keep the pitch under ${BUMP_PITCH_MAX} characters` }),
    }),
    z.object({ intent: z.literal(`remove-${card}` as `remove-${Card}`) }),
  ]);
