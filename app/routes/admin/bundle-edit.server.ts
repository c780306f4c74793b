import type { Route } from "./+types/bundle-edit";
import { readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { isBumpIntent, loadBumpEditor, runBumpAction } from "./bump-editor.server";
import { bundleEditorAction, bundleEditorLoader } from "./bundle-editor.server";
import { isUpsellIntent, loadUpsellEditor, runUpsellAction } from "./upsell-editor.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const editor = await bundleEditorLoader({ request, context, bundleId: params.id });
  // The bundle's order bump (docs/decisions/071): its own card, as on a course's page.
  return {
    ...editor,
    bump: await loadBumpEditor({ owner: { bundleId: params.id }, currency: editor.currency }),
    // The one-click upsell after the bundle is paid (docs/decisions/075).
    upsell: await loadUpsellEditor({ owner: { bundleId: params.id }, currency: editor.currency }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // The order bump's and the upsell's own forms post here too, with their own intents.
  const intent = (await readForm(request.clone())).get("intent");
  if (isBumpIntent(intent)) {
    requireAdmin({ request, context });
    const { currency } = await getSiteSettings();
    return runBumpAction({ request, owner: { bundleId: params.id }, currency, back: `/admin/bundles/${params.id}/edit` });
  }
  if (isUpsellIntent(intent)) {
    requireAdmin({ request, context });
    const { currency } = await getSiteSettings();
    return runUpsellAction({ request, owner: { bundleId: params.id }, currency, back: `/admin/bundles/${params.id}/edit` });
  }
  return bundleEditorAction({ request, context, bundleId: params.id });
}
