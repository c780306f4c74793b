import { formatMoney } from "~/lib/money";
import { BUMP_MESSAGES, courseBumpForm } from "~/lib/order-bumps";
import { offeredProductValue, parseOfferedProduct } from "~/lib/offered-product";
import { getBumpForEdit, removeBump, saveBump, type BumpOwner } from "~/server/offers/course-bumps.server";
import { priceInputValue } from "./course-form";
import { runOfferFormAction } from "./offer-form-action.server";

/** The Order bump card's data for a course's or a bundle's edit page, or a membership plan's (docs/decisions/067, 071, 074). */
export async function loadBumpEditor({ owner, currency }: { owner: BumpOwner; currency: string }) {
  const { bump, choices } = await getBumpForEdit({ owner });
  return {
    values: bump
      ? { bumpOffer: offeredProductValue(bump.offer), bumpPrice: priceInputValue(bump.priceCents, currency), bumpPitch: bump.pitch }
      : { bumpOffer: "", bumpPrice: "", bumpPitch: "" },
    saved: bump !== null,
    choices: {
      courses: choices.courses.map((choice) => ({
        value: offeredProductValue({ kind: "course", id: choice.id }),
        title: choice.title,
        price: formatMoney(choice.priceCents, currency),
      })),
      bundles: choices.bundles.map((choice) => ({
        value: offeredProductValue({ kind: "bundle", id: choice.id }),
        title: choice.title,
        price: formatMoney(choice.priceCents, currency),
      })),
    },
  };
}

/** Is this post the Order bump card's (its own intents), not the page's main form? */
export const isBumpIntent = (intent: FormDataEntryValue | null, card = "bump") => intent === `save-${card}` || intent === `remove-${card}`;

/**
 * Save or remove the bump, then back to `back` with the toast; a refusal answers its field's
 * message and keeps what was typed. The caller has checked the admin.
 */
export async function runBumpAction<Card extends string = "bump">({
  request,
  owner,
  currency,
  back,
  card = "bump" as Card,
}: {
  request: Request;
  owner: BumpOwner;
  currency: string;
  back: string;
  /** The card's name, when a page has several (Settings: `monthlyBump`, `yearlyBump`). */
  card?: Card;
}) {
  return runOfferFormAction({
    card,
    request,
    schema: courseBumpForm(currency, card),
    messages: BUMP_MESSAGES,
    remove: () => removeBump({ owner }),
    save: (bump) => {
      const offer = parseOfferedProduct(bump.bumpOffer)!;
      return saveBump({
        owner,
        offerCourseId: offer.kind === "course" ? offer.id : null,
        offerBundleId: offer.kind === "bundle" ? offer.id : null,
        priceCents: bump.bumpPrice,
        pitch: bump.bumpPitch,
      });
    },
    back,
  });
}
