import { z } from "~/lib/forms/zod";
import { moneyField, optionalText } from "~/lib/forms/fields";
import { isUuid } from "~/lib/uuid";
import { BUMP_MESSAGES, BUMP_PITCH_MAX } from "./order-bump-messages";

export { BUMP_MESSAGES, BUMP_PITCH_MAX };

/**
 * What a bump offers, as the admin's select sends it: `course:<id>` or `bundle:<id>`
 * (docs/decisions/074). One field, so a course and a bundle cannot both be chosen.
 */
export const bumpOfferValue = (offer: { kind: "course" | "bundle"; id: string }) => `${offer.kind}:${offer.id}`;

export function parseBumpOffer(value: string): { kind: "course" | "bundle"; id: string } | null {
  const [kind, id, ...rest] = value.split(":");
  return (kind === "course" || kind === "bundle") && id && rest.length === 0 && isUuid(id) ? { kind, id } : null;
}

/** Admin → Edit course → Order bump: the course or bundle offered, its special price (in the school's currency, as typed) and the pitch. */
export const courseBumpForm = <Card extends string = "bump">(currency: string, card: Card = "bump" as Card) =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal(`save-${card}` as `save-${Card}`),
      bumpOffer: z
        .string({ error: BUMP_MESSAGES.chooseCourse })
        .trim()
        .refine((value) => parseBumpOffer(value) !== null, BUMP_MESSAGES.chooseCourse),
      bumpPrice: moneyField({ currency, negative: BUMP_MESSAGES.negativePrice, invalid: "The special price must be a number" }),
      bumpPitch: optionalText({ max: BUMP_PITCH_MAX, tooLong: `Keep the pitch under ${BUMP_PITCH_MAX} characters` }),
    }),
    z.object({ intent: z.literal(`remove-${card}` as `remove-${Card}`) }),
  ]);
