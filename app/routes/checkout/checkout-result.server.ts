import { data, type RouterContextProvider } from "react-router";
import { requireUser } from "~/server/auth/guards.server";
import { findCheckoutOrder } from "~/server/payments/billing.server";
import { paymentsMode } from "~/server/payments/providers.server";

type Args = { request: Request; url?: URL; context: Readonly<RouterContextProvider> };

/**
 * The order a success or cancel page is about: `?order=` (ours) or `?session_id=` (Stripe's,
 * filled in by Stripe), and only the signed-in buyer's own.
 */
export async function checkoutResultLoader({ request, url, context }: Args) {
  const user = requireUser({ request, url, context });
  const params = (url ?? new URL(request.url)).searchParams;
  const order = await findCheckoutOrder({ userId: user.id, orderId: params.get("order"), checkoutSessionId: params.get("session_id") });
  if (!order) throw data({ notFound: true }, { status: 404 });
  return { order, testMode: paymentsMode() === "test" };
}
