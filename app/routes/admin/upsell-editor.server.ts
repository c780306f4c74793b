import { formatMoney } from "~/lib/money";
import { courseUpsellForm, UPSELL_MESSAGES } from "~/lib/course-upsells";
import { offeredProductValue, parseOfferedProduct } from "~/lib/offered-product";
import { getUpsellForEdit, removeUpsell, saveUpsell, type UpsellOwner } from "~/server/offers/course-upsells.server";
import { priceInputValue } from "./course-form";
import { runOfferFormAction } from "./offer-form-action.server";

/** The One-click upsell card's data for a course's or a bundle's edit page (docs/decisions/070, 075). */
export async function loadUpsellEditor({ owner, currency }: { owner: UpsellOwner; currency: string }) {
  const { upsell, courseChoices, bundleChoices } = await getUpsellForEdit({ owner });
  const choice = (kind: "course" | "bundle") => (row: { id: string; title: string; priceCents: number }) => ({
    value: offeredProductValue({ kind, id: row.id }),
    title: row.title,
    price: formatMoney(row.priceCents, currency),
  });
  return {
    values: upsell
      ? {
          upsellProduct: offeredProductValue(upsell.product),
          upsellPrice: priceInputValue(upsell.priceCents, currency),
          upsellPitch: upsell.pitch,
        }
      : { upsellProduct: "", upsellPrice: "", upsellPitch: "" },
    saved: upsell !== null,
    courseChoices: courseChoices.map(choice("course")),
    bundleChoices: bundleChoices.map(choice("bundle")),
  };
}

/** Is this post the One-click upsell card's (its own intents), not the page's main form? */
export const isUpsellIntent = (intent: FormDataEntryValue | null) => intent === "save-upsell" || intent === "remove-upsell";

/**
 * Save or remove the upsell, then back to `back` with the toast; a refusal answers its field's
 * message and keeps what was typed. The caller has checked the admin.
 */
export async function runUpsellAction({
  request,
  owner,
  currency,
  back,
}: {
  request: Request;
  owner: UpsellOwner;
  currency: string;
  back: string;
}) {
  return runOfferFormAction({
    card: "upsell",
    request,
    schema: courseUpsellForm(currency),
    messages: UPSELL_MESSAGES,
    remove: () => removeUpsell({ owner }),
    save: (upsell) =>
      saveUpsell({ owner, product: parseOfferedProduct(upsell.upsellProduct)!, priceCents: upsell.upsellPrice, pitch: upsell.upsellPitch }),
    back,
  });
}
