import type { Route } from "./+types/checkout-success";
import { checkoutResultLoader } from "./checkout-result.server";

export function loader(args: Route.LoaderArgs) {
  return checkoutResultLoader(args);
}
