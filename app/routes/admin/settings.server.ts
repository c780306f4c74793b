import type { RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { SETTINGS_MESSAGES } from "~/lib/site-settings";
import { invalidForm, readForm } from "~/server/action.server";
import { requireSuperAdmin } from "~/server/auth/guards.server";
import { areCheckoutRemindersOn, setCheckoutReminders } from "~/server/payments/checkout-reminders.server";
import { settingsFailure } from "~/server/settings/settings-failures.server";
import { db } from "~/server/db/client.server";
import {
  getSellerDetails,
  getSiteSettings,
  InvalidSiteSettingsError,
  updateSellerDetails,
  updateSiteSettings,
} from "~/server/settings/site-settings.server";
import { dataWithToast, newToast, redirectWithToast } from "~/server/toast.server";
import { settingsForm, settingsFormValues, typedSettingsValues } from "./settings-form";
import type { Route } from "./+types/settings";
import { isBumpIntent, loadBumpEditor, runBumpAction } from "./bump-editor.server";

/** Each membership plan's order bump card (docs/decisions/074): its own form, posting here with its own intents. */
const PLAN_BUMP_CARDS = { monthly: "monthlyBump", yearly: "yearlyBump" } as const;

/**
 * The Settings screen's action (super_admin only): save the settings, then back to the screen
 * with "Settings saved". A refused or failed save stays on the screen with what was typed, the
 * field errors and an error toast.
 */
export async function settingsAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const owner = requireSuperAdmin({ request, context });
  const intent = (await readForm(request.clone())).get("intent");
  for (const [plan, card] of Object.entries(PLAN_BUMP_CARDS) as [keyof typeof PLAN_BUMP_CARDS, (typeof PLAN_BUMP_CARDS)[keyof typeof PLAN_BUMP_CARDS]][]) {
    if (!isBumpIntent(intent, card)) continue;
    const { currency } = await getSiteSettings();
    return runBumpAction({ request, owner: { plan }, currency, back: "/admin/settings", card });
  }
  const parsed = parseForm(settingsForm, await readForm(request));
  const values = typedSettingsValues(parsed.values);
  if (parsed.errors) {
    return invalidForm({ errors: parsed.errors, values }, { toast: newToast({ kind: "error", message: SETTINGS_MESSAGES.invalid }) });
  }
  try {
    // The school's settings and the seller's details: saved together, or neither.
    await db().transaction(async (tx) => {
      await updateSiteSettings({ input: parsed.data, actorId: owner.id, database: tx });
      await updateSellerDetails({ input: parsed.data.seller, database: tx });
      await setCheckoutReminders({ enabled: parsed.data.checkoutReminders, database: tx });
    });
  } catch (error) {
    const { toast, status } = settingsFailure(error);
    // A rule only the saved data can check (the currency once orders exist) shows under its field.
    const errors =
      error instanceof InvalidSiteSettingsError
        ? Object.fromEntries(Object.entries(error.reasons).map(([field, reason]) => [field, [reason]]))
        : {};
    return dataWithToast({ errors, values }, toast, status);
  }
  return redirectWithToast("/admin/settings", { kind: "success", message: SETTINGS_MESSAGES.saved });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSuperAdmin({ request, context });
  // A fresh read rather than the request's copy: this screen shows what is saved right now.
  const settings = await getSiteSettings();
  // The zones this server's Intl knows (the picker's options come from here, so the page hydrates the same list).
  const zones = [...new Set(["UTC", settings.timeZone, ...Intl.supportedValuesOf("timeZone")])];
  return {
    values: settingsFormValues(settings, await getSellerDetails(), await areCheckoutRemindersOn()),
    zones,
    // The membership plans' order bumps (docs/decisions/074), beside the prices.
    bumps: {
      monthly: await loadBumpEditor({ owner: { plan: "monthly" }, currency: settings.currency }),
      yearly: await loadBumpEditor({ owner: { plan: "yearly" }, currency: settings.currency }),
    },
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction({ request, context });
}
