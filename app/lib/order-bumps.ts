import { z } from "~/lib/forms/zod";
import { moneyField, optionalText } from "~/lib/forms/fields";
import { isUuid } from "~/lib/uuid";
import { BUMP_MESSAGES, BUMP_PITCH_MAX } from "./order-bump-messages";

export { BUMP_MESSAGES, BUMP_PITCH_MAX };

/** Admin → Edit course → Order bump: the course offered, its special price (in the school's currency, as typed) and the pitch. */
export const courseBumpForm = (currency: string) =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("save-bump"),
      offerCourseId: z
        .string({ error: BUMP_MESSAGES.chooseCourse })
        .trim()
        .refine((value) => isUuid(value), BUMP_MESSAGES.chooseCourse),
      bumpPrice: moneyField({ currency, negative: BUMP_MESSAGES.negativePrice, invalid: "The special price must be a number" }),
      bumpPitch: optionalText({ max: BUMP_PITCH_MAX, tooLong: `Keep the pitch under ${BUMP_PITCH_MAX} characters` }),
    }),
    z.object({ intent: z.literal("remove-bump") }),
  ]);
