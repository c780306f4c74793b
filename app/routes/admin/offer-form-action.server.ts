import { data } from "react-router";
import type { z } from "~/lib/forms/zod";
import { parseForm, type FieldErrors, type FormValues } from "~/lib/forms/parse-form";
import { readForm } from "~/server/action.server";
import { OfferRefusedError } from "~/server/offers/offer-refused-error";
import { redirectWithToast } from "~/server/toast.server";

/** A card's refused post: its errors and what was typed, under the card's own keys (`bumpErrors`, `bumpValues`). */
type OfferFormFailure<Card extends string> = Record<`${Card}Errors`, FieldErrors> & Record<`${Card}Values`, FormValues>;

/**
 * One offer card's post on an edit page (the order bump, the one-click upsell, the payment plan):
 * `remove-<card>` removes the offer, `save-<card>` saves it, then back to `back` with the toast. A
 * bad field or a refusal (`OfferRefusedError`) answers 400 with the message on its field and keeps
 * what was typed. The caller has checked the admin.
 */
export async function runOfferFormAction<Card extends string, Schema extends z.ZodType<{ intent: string }>>({
  card,
  request,
  schema,
  messages,
  save,
  remove,
  back,
}: {
  card: Card;
  request: Request;
  schema: Schema;
  messages: { saved: string; removed: string };
  save: (values: Exclude<z.output<Schema>, { intent: `remove-${Card}` }>) => Promise<unknown>;
  remove: () => Promise<unknown>;
  back: string;
}) {
  const parsed = parseForm(schema, await readForm(request));
  const refused = (errors: FieldErrors) =>
    data({ [`${card}Errors`]: errors, [`${card}Values`]: parsed.values } as OfferFormFailure<Card>, { status: 400 });
  if (parsed.errors) return refused(parsed.errors);
  if (parsed.data.intent === `remove-${card}`) {
    await remove();
    return redirectWithToast(back, { kind: "success", message: messages.removed });
  }
  try {
    await save(parsed.data as Exclude<z.output<Schema>, { intent: `remove-${Card}` }>);
  } catch (error) {
    if (error instanceof OfferRefusedError) return refused({ [error.field]: [error.reason] });
    throw error;
  }
  return redirectWithToast(back, { kind: "success", message: messages.saved });
}
