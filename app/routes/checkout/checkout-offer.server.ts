import { data, redirect } from "react-router";
import type { Route } from "./+types/checkout-offer";
import { UPSELL_MESSAGES, upsellAnswerForm } from "~/lib/course-upsells";
import { parseForm } from "~/lib/forms/parse-form";
import { readForm } from "~/server/action.server";
import { requireUser } from "~/server/auth/guards.server";
import {
  acceptUpsell,
  claimUpsellShowing,
  continueUpsellCheckout,
  declineUpsell,
  findUpsellAwaitingCheckout,
} from "~/server/payments/upsells.server";
import { paymentsMode } from "~/server/payments/providers.server";
import { redirectWithToast } from "~/server/toast.server";

const successPage = (orderId: string) => `/checkout/success?order=${encodeURIComponent(orderId)}`;

/**
 * The one-click offer after a purchase of a course or a bundle (docs/decisions/070, 075): shown once per order. Opening it
 * claims the showing; a reload, a second tab or a later visit goes on to the confirmation.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  const testMode = paymentsMode() === "test";
  const shown = await claimUpsellShowing({ userId: user.id, orderId });
  if (shown) return { shown, awaiting: null, testMode };
  // "Add" was answered but the bank refused the one-click charge: the page says so and offers the payment page.
  const awaiting = await findUpsellAwaitingCheckout({ userId: user.id, orderId });
  if (!awaiting) throw redirect(successPage(orderId));
  const { upsellOrder, content } = awaiting;
  return {
    shown: null,
    awaiting: {
      orderId,
      title: upsellOrder.itemTitle,
      amountCents: upsellOrder.amountCents,
      currency: upsellOrder.currency,
      content,
      message: UPSELL_MESSAGES.cardNeeded,
    },
    testMode,
  };
}

/** "Add to my order" or "No thanks": plain form posts, answered once. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser({ request, context });
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  const parsed = parseForm(upsellAnswerForm, await readForm(request));
  if (parsed.errors) throw data({ message: "Choose “Add to my order” or “No thanks”" }, { status: 400 });
  if (parsed.data.intent === "pay") {
    const url = await continueUpsellCheckout({ userId: user.id, orderId });
    return url ? redirect(url) : redirect(successPage(orderId));
  }
  if (parsed.data.intent === "decline") {
    await declineUpsell({ userId: user.id, orderId });
    return redirectWithToast(successPage(orderId), { kind: "success", message: UPSELL_MESSAGES.declined });
  }
  const accepted = await acceptUpsell({ userId: user.id, orderId });
  switch (accepted.status) {
    case "paid":
      return redirectWithToast(successPage(orderId), { kind: "success", message: UPSELL_MESSAGES.added(accepted.title) });
    case "redirect":
      // The one-click charge was refused: this page, shown again, says why and leads to the provider's page.
      return redirect(`/checkout/offer?order=${encodeURIComponent(orderId)}`);
    case "answered":
      return redirect(successPage(orderId));
    case "gone":
      return redirectWithToast(successPage(orderId), { kind: "error", message: UPSELL_MESSAGES.gone });
  }
}
