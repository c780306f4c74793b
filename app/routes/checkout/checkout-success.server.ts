import { redirect } from "react-router";
import type { Route } from "./+types/checkout-success";
import { getSessionUser } from "~/server/auth/guards.server";
import { findLinkedUpsell, findPendingUpsell } from "~/server/payments/upsells.server";
import { checkoutResultLoader } from "./checkout-result.server";

/**
 * The confirmation. A paid order whose course has a one-click upsell the buyer may take, not shown
 * yet, goes first to its offer page (docs/decisions/070); the confirmation then names what the
 * offer added.
 */
export async function loader(args: Route.LoaderArgs) {
  const result = await checkoutResultLoader(args);
  const user = getSessionUser({ context: args.context });
  if (!user || result.guestEmail !== null || result.order.status !== "paid") return { ...result, upsell: null };
  if (await findPendingUpsell({ userId: user.id, orderId: result.order.id }))
    throw redirect(`/checkout/offer?order=${encodeURIComponent(result.order.id)}`);
  return { ...result, upsell: await findLinkedUpsell({ orderId: result.order.id }) };
}
