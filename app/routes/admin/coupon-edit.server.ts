import type { Route } from "./+types/coupon-edit";
import { couponEditorAction, couponEditorLoader } from "./coupon-editor.server";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return couponEditorLoader({ request, context, couponId: params.id });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return couponEditorAction({ request, context, couponId: params.id });
}
