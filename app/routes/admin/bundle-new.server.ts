import type { Route } from "./+types/bundle-new";
import { bundleEditorAction, bundleEditorLoader } from "./bundle-editor.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return bundleEditorLoader({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return bundleEditorAction({ request, context });
}
