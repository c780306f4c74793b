import type { Route } from "./+types/coupon-new";
import { couponEditorAction, couponEditorLoader } from "./coupon-editor.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return couponEditorLoader({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return couponEditorAction({ request, context });
}
