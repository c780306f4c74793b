import { addDays } from "date-fns";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  completedSession,
  createBuyer,
  deliverStripeEvent,
  ordersOf,
  STRIPE_TEST_CONFIG,
  stripeEvent,
  useStripeDouble,
} from "../../../tests/support/payments";
import { useTestDatabase } from "../../../tests/support/test-database";
import { hasActiveMembership } from "~/server/access/membership.server";
import { subscriptions } from "~/server/db/schema";
import { getSiteSettings, updateSiteSettings } from "~/server/settings/site-settings.server";
import { startCheckout } from "./checkout.server";

const database = useTestDatabase(STRIPE_TEST_CONFIG);
const stripe = useStripeDouble();

async function setTrialDays(days: number) {
  await updateSiteSettings({ input: { ...(await getSiteSettings()), membershipTrialDays: days }, actorId: null });
}

beforeEach(() => setTrialDays(7));
afterEach(() => setTrialDays(0));

describe("a membership trial with Stripe (against the local double)", () => {
  it("asks Stripe for a subscription at the plan's price with trial_period_days, starts it trialing, and counts its first paid invoice", async () => {
    const buyer = await createBuyer();
    const started = await startCheckout({ userId: buyer.id, item: { plan: "monthly" } });
    expect(started.status).toBe("redirect");
    const form = Object.fromEntries(stripe.requests.at(-1)!.form);
    expect(form).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "9700",
      "line_items[0][price_data][recurring][interval]": "month",
      "subscription_data[trial_period_days]": "7",
    });
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ status: "pending", amountCents: 0, trialDays: 7 });

    // Stripe completes a trial's checkout with nothing to pay.
    const subscriptionId = `sub_${order!.id.slice(0, 8)}`;
    const trialEnd = Math.floor(addDays(new Date(), 7).getTime() / 1000);
    await deliverStripeEvent(
      stripe,
      completedSession(order!, {
        mode: "subscription",
        payment_status: "no_payment_required",
        amount_total: 0,
        payment_intent: null,
        invoice: `in_${order!.id.slice(0, 8)}`,
        subscription: subscriptionId,
      }),
    );
    const [paid] = await ordersOf(buyer.id);
    expect(paid).toMatchObject({ status: "paid", amountCents: 0 });
    const [trial] = await database().db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect(trial).toMatchObject({ status: "trialing", trialConvertedAt: null });
    expect(trial!.trialEndsAt).toBeInstanceOf(Date);
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(true);

    const subscription = (status: string, periodEnd: number) => ({
      id: subscriptionId,
      object: "subscription",
      status,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_end: trialEnd,
      metadata: { userId: buyer.id, plan: "monthly", orderId: order!.id },
      items: { object: "list", data: [{ id: "si_1", object: "subscription_item", current_period_end: periodEnd }] },
    });
    // The first charge at the trial's end: trialing → active, counted once.
    await deliverStripeEvent(stripe, stripeEvent("customer.subscription.updated", subscription("active", trialEnd + 30 * 86400)));
    const [converted] = await database().db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect(converted).toMatchObject({ status: "active" });
    expect(converted!.trialConvertedAt).toBeInstanceOf(Date);
  });

  it("cancelling during the trial: Stripe ends it at the trial's end with no charge, and it is not counted as converted", async () => {
    const buyer = await createBuyer();
    await startCheckout({ userId: buyer.id, item: { plan: "yearly" } });
    const [order] = await ordersOf(buyer.id);
    const subscriptionId = `sub_${order!.id.slice(0, 8)}`;
    const trialEnd = Math.floor(addDays(new Date(), 7).getTime() / 1000);
    await deliverStripeEvent(
      stripe,
      completedSession(order!, { mode: "subscription", payment_status: "no_payment_required", amount_total: 0, payment_intent: null, subscription: subscriptionId }),
    );
    await deliverStripeEvent(
      stripe,
      stripeEvent("customer.subscription.deleted", {
        id: subscriptionId,
        object: "subscription",
        status: "canceled",
        cancel_at_period_end: true,
        cancel_at: trialEnd,
        canceled_at: trialEnd,
        ended_at: trialEnd,
        trial_end: trialEnd,
        metadata: { userId: buyer.id, plan: "yearly" },
        items: { object: "list", data: [] },
      }),
    );
    const [ended] = await database().db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect(ended).toMatchObject({ status: "canceled", trialConvertedAt: null });
    expect(await hasActiveMembership({ userId: buyer.id })).toBe(false);
  });
});
