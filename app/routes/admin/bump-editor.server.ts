import { formatMoney } from "~/lib/money";
import { BUMP_MESSAGES, courseBumpForm } from "~/lib/order-bumps";
import { getBumpForEdit, removeBump, saveBump, type BumpOwner } from "~/server/offers/course-bumps.server";
import { priceInputValue } from "./course-form";
import { runOfferFormAction } from "./offer-form-action.server";

/** The Order bump card's data for a course's or a bundle's edit page (docs/decisions/067, 071). */
export async function loadBumpEditor({ owner, currency }: { owner: BumpOwner; currency: string }) {
  const { bump, choices } = await getBumpForEdit({ owner });
  return {
    values: bump
      ? { offerCourseId: bump.offerCourseId, bumpPrice: priceInputValue(bump.priceCents, currency), bumpPitch: bump.pitch }
      : { offerCourseId: "", bumpPrice: "", bumpPitch: "" },
    saved: bump !== null,
    choices: choices.map((choice) => ({ id: choice.id, title: choice.title, price: formatMoney(choice.priceCents, currency) })),
  };
}

/** Is this post the Order bump card's (its own intents), not the page's main form? */
export const isBumpIntent = (intent: FormDataEntryValue | null) => intent === "save-bump" || intent === "remove-bump";

/**
 * Save or remove the bump, then back to `back` with the toast; a refusal answers its field's
 * message and keeps what was typed. The caller has checked the admin.
 */
export async function runBumpAction({
  request,
  owner,
  currency,
  back,
}: {
  request: Request;
  owner: BumpOwner;
  currency: string;
  back: string;
}) {
  return runOfferFormAction({
    card: "bump",
    request,
    schema: courseBumpForm(currency),
    messages: BUMP_MESSAGES,
    remove: () => removeBump({ owner }),
    save: (bump) => saveBump({ owner, offerCourseId: bump.offerCourseId, priceCents: bump.bumpPrice, pitch: bump.bumpPitch }),
    back,
  });
}
