import type { Route } from "./+types/bundle-edit";
import { readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { isBumpIntent, loadBumpEditor, runBumpAction } from "./bump-editor.server";
import { bundleEditorAction, bundleEditorLoader } from "./bundle-editor.server";
import { isPlanIntent, loadPlanEditor, runPlanAction } from "./plan-editor.server";
import { isUpsellIntent, loadUpsellEditor, runUpsellAction } from "./upsell-editor.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const editor = await bundleEditorLoader({ request, context, bundleId: params.id });
  const owner = { bundleId: params.id };
  return {
    ...editor,
    // The bundle's order bump (docs/decisions/071): its own card, as on a course's page.
    bump: await loadBumpEditor({ owner, currency: editor.currency }),
    // The one-click upsell after the bundle is paid (docs/decisions/075).
    upsell: await loadUpsellEditor({ owner, currency: editor.currency }),
    // Its payment plan (docs/decisions/073), as a course's.
    plan: await loadPlanEditor({ owner, currency: editor.currency }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // The order bump's, the upsell's and the payment plan's own forms post here too, with their own intents.
  const intent = (await readForm(request.clone())).get("intent");
  const back = `/admin/bundles/${params.id}/edit`;
  if (isBumpIntent(intent)) {
    requireAdmin({ request, context });
    const { currency } = await getSiteSettings();
    return runBumpAction({ request, owner: { bundleId: params.id }, currency, back });
  }
  if (isUpsellIntent(intent)) {
    requireAdmin({ request, context });
    const { currency } = await getSiteSettings();
    return runUpsellAction({ request, owner: { bundleId: params.id }, currency, back });
  }
  if (isPlanIntent(intent)) {
    requireAdmin({ request, context });
    const { currency } = await getSiteSettings();
    return runPlanAction({ request, owner: { bundleId: params.id }, currency, back });
  }
  return bundleEditorAction({ request, context, bundleId: params.id });
}
