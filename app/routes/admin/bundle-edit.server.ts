import type { Route } from "./+types/bundle-edit";
import { bundleEditorAction, bundleEditorLoader } from "./bundle-editor.server";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return bundleEditorLoader({ request, context, bundleId: params.id });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return bundleEditorAction({ request, context, bundleId: params.id });
}
