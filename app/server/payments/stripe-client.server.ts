import Stripe from "stripe";
import { getConfig } from "~/server/platform/config.server";

/**
 * The one Stripe client, built from STRIPE_SECRET_KEY. Tests point a client of their own at a
 * local HTTP double (stripe-node's host/port/protocol options) with `setStripeClient`.
 */
let client: Stripe | undefined;

export function getStripe(): Stripe {
  if (client) return client;
  const stripe = getConfig().stripe;
  if (!stripe) throw new Error("Stripe is not configured (STRIPE_SECRET_KEY is unset)");
  client = new Stripe(stripe.secretKey, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: "launchpad-academy" } });
  return client;
}

export function setStripeClient(stripe: Stripe | undefined) {
  client = stripe;
}
