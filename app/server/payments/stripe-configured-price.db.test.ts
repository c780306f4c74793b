import { afterEach, describe, expect, it, vi } from "vitest";
import { createBuyer, ordersOf, STRIPE_TEST_CONFIG, useStripeDouble } from "../../../tests/support/payments";
import { callAction, sessionUser } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import { CHECKOUT_MESSAGES } from "~/lib/checkout-messages";
import * as checkoutRoute from "~/routes/checkout/checkout";
import { logger } from "~/server/platform/logger.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { forgetConfiguredStripePrices } from "./providers.server";

const MONTHLY = "price_monthly_double";
const YEARLY = "price_yearly_double";
useTestDatabase({ ...STRIPE_TEST_CONFIG, STRIPE_PRICE_MONTHLY: MONTHLY, STRIPE_PRICE_YEARLY: YEARLY });
const stripe = useStripeDouble();

afterEach(() => {
  vi.restoreAllMocks();
  forgetConfiguredStripePrices();
});

/** Pay for a plan through the checkout's action, as the buyer's browser would. */
async function payForPlan(plan: "monthly" | "yearly") {
  const buyer = await createBuyer();
  const answer = await callAction(checkoutRoute, {
    path: "/checkout",
    user: sessionUser({ id: buyer.id, email: buyer.email }),
    form: { intent: "pay-membership", plan },
  });
  return { buyer, answer: answer as { status?: number; headers?: Headers; init?: ResponseInit; data?: { toast?: { message: string } } } };
}

describe("a membership with STRIPE_PRICE_MONTHLY/_YEARLY set", () => {
  it("starts the checkout with the configured Price when it charges the settings' price, reading it from Stripe once", async () => {
    const { membershipMonthlyCents } = await getSiteSettings();
    stripe.setPrice(MONTHLY, { unit_amount: membershipMonthlyCents, currency: "usd" });
    const from = stripe.requests.length;

    for (let i = 0; i < 2; i++) {
      const { answer } = await payForPlan("monthly");
      expect((answer as Response).status).toBe(302);
    }
    const calls = stripe.requests.slice(from);
    expect(calls.filter((call) => call.path === `/v1/prices/${MONTHLY}`)).toHaveLength(1);
    const sessions = calls.filter((call) => call.path === "/v1/checkout/sessions");
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.form.get("line_items[0][price]")).toBe(MONTHLY);
  });

  it("refuses to start it when the Price's amount or currency differs: the owner reads why in the log, the buyer a clear message, nothing reaches Stripe's checkout", async () => {
    const { membershipMonthlyCents, membershipYearlyCents } = await getSiteSettings();
    for (const [plan, price] of [
      ["yearly", { unit_amount: membershipYearlyCents - 1000, currency: "usd" }],
      ["monthly", { unit_amount: membershipMonthlyCents, currency: "eur" }],
    ] as const) {
      forgetConfiguredStripePrices();
      stripe.setPrice(plan === "monthly" ? MONTHLY : YEARLY, price);
      const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
      const from = stripe.requests.length;

      const { buyer, answer } = await payForPlan(plan);

      expect(answer.init?.status).toBe(503);
      expect(answer.data?.toast?.message).toBe(CHECKOUT_MESSAGES.priceMismatch);
      expect(stripe.requests.slice(from).map((call) => call.path)).toEqual([`/v1/prices/${plan === "monthly" ? MONTHLY : YEARLY}`]);
      const variable = plan === "monthly" ? "STRIPE_PRICE_MONTHLY" : "STRIPE_PRICE_YEARLY";
      const [[details]] = logged.mock.calls as unknown as [[{ err: Error }]];
      expect(details.err.message).toContain(
        `${variable} (${plan === "monthly" ? MONTHLY : YEARLY}) charges ${price.unit_amount} ${price.currency}`,
      );
      expect(details.err.message).toContain("site settings price the plan at");
      expect((await ordersOf(buyer.id)).map((order) => order.status)).toEqual(["failed"]);
      vi.restoreAllMocks();
    }
  });
});
