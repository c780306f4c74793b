import { data } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { formatMoney } from "~/lib/money";
import { BUMP_MESSAGES, courseBumpForm } from "~/lib/order-bumps";
import { readForm } from "~/server/action.server";
import { BumpRefusedError, getBumpForEdit, removeBump, saveBump, type BumpOwner } from "~/server/offers/course-bumps.server";
import { redirectWithToast } from "~/server/toast.server";
import { priceInputValue } from "./course-form";

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
  const parsed = parseForm(courseBumpForm(currency), await readForm(request));
  if (parsed.errors) return data({ bumpErrors: parsed.errors, bumpValues: parsed.values }, { status: 400 });
  if (parsed.data.intent === "remove-bump") {
    await removeBump({ owner });
    return redirectWithToast(back, { kind: "success", message: BUMP_MESSAGES.removed });
  }
  try {
    await saveBump({ owner, offerCourseId: parsed.data.offerCourseId, priceCents: parsed.data.bumpPrice, pitch: parsed.data.bumpPitch });
  } catch (error) {
    if (error instanceof BumpRefusedError)
      return data({ bumpErrors: { [error.field]: [error.reason] }, bumpValues: parsed.values }, { status: 400 });
    throw error;
  }
  return redirectWithToast(back, { kind: "success", message: BUMP_MESSAGES.saved });
}
