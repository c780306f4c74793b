import type Stripe from "stripe";
import type { OrderKind, PaymentProvider, SubscriptionPlan } from "~/lib/domain-values";
import { getConfig } from "~/server/platform/config.server";
import { getStripe } from "./stripe-client.server";

/**
 * Who takes the money. Checkout talks to a provider only through this interface: Stripe
 * (hosted Checkout, billing portal, refunds) or the labelled test mode, which charges nothing and
 * reports the payment at once. Either way the order is fulfilled by `fulfilCheckout`.
 */

export class PaymentsNotConfiguredError extends Error {
  constructor() {
    super("Payments are not configured: set STRIPE_SECRET_KEY, or PAYMENTS_PROVIDER=test");
    this.name = "PaymentsNotConfiguredError";
  }
}

/** The provider refused or could not be reached; nothing was charged. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}

/**
 * STRIPE_PRICE_MONTHLY/_YEARLY names a Stripe Price whose amount or currency is not the site
 * settings' price: Stripe would charge another amount than the order and the receipt say. The
 * message is for the owner (it is logged); the buyer is told the plan cannot be bought right now.
 */
export class StripePriceMismatchError extends PaymentProviderError {
  constructor(
    readonly variable: string,
    readonly priceId: string,
    readonly stripeAmount: { cents: number | null; currency: string },
    readonly settingsAmount: { cents: number; currency: string },
  ) {
    super(
      `${variable} (${priceId}) charges ${stripeAmount.cents ?? "a variable amount"} ${stripeAmount.currency} at Stripe, but the site settings price the plan at ${settingsAmount.cents} ${settingsAmount.currency}: checkouts of the plan are refused until they match (change the price in Settings, or point ${variable} at a matching Price)`,
    );
    this.name = "StripePriceMismatchError";
  }
}

export type CheckoutRequest = {
  orderId: string;
  /** The buyer's account; null for a guest checkout (the account is found or made when it is paid). */
  userId: string | null;
  email: string;
  stripeCustomerId: string | null;
  kind: OrderKind;
  plan: SubscriptionPlan | null;
  itemTitle: string;
  /** The list price; a discount comes off it (Stripe shows both on its page and receipt). */
  amountCents: number;
  /** Further one-time lines of the same payment (a ticked order bump), each at its price from our database. */
  addOns?: { title: string; amountCents: number }[];
  /** A coupon's discount in the currency's cents: off the first payment only (`once`) or every one (`forever`). */
  discount?: { code: string; amountOffCents: number; duration: "once" | "forever" } | null;
  currency: string;
  /** Stripe Tax adds the tax on Stripe's page, from the address Stripe collects (docs/decisions/054). */
  collectTax?: boolean;
  /** Where the provider sends the buyer back: the school's public origin. */
  origin: string;
  /** A membership's free trial in days (docs/decisions/066): the subscription's first charge comes at its end. */
  trialDays?: number | null;
  /**
   * The course has a one-click upsell (docs/decisions/070): Stripe keeps the card for an
   * off-session charge after the payment (`setup_future_usage`).
   */
  saveCardForUpsell?: boolean;
  /**
   * The first of N monthly instalments of a payment plan (docs/decisions/069): Stripe makes a
   * monthly subscription at the instalment's price; the webhook ends it after the N-th payment.
   */
  paymentPlan?: { payments: number } | null;
};

/**
 * A one-click charge of the card an earlier payment used (an upsell, docs/decisions/070): charged,
 * or refused by the bank (a decline, or it asks the buyer to authenticate), nothing charged.
 */
export type SavedCardCharge = { status: "succeeded"; paymentId: string } | { status: "declined"; reason: string };

export type CheckoutStarted =
  /** The buyer pays on the provider's page; its webhook reports the payment. */
  | { checkoutSessionId: string; redirectUrl: string; completed?: undefined }
  /** Paid already (test mode): the caller fulfils the order with this event. */
  | { checkoutSessionId: string; completed: { paymentId: string; eventId: string }; redirectUrl?: undefined };

export type MembershipCancellation = { redirectUrl: string } | { atPeriodEnd: true };

export interface PaymentsProvider {
  readonly name: PaymentProvider;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutStarted>;
  /** Stripe: a billing-portal session where the member cancels; test mode: cancel at period end here. */
  cancelMembership(args: { stripeCustomerId: string | null; origin: string }): Promise<MembershipCancellation>;
  /**
   * Gives the money back at the provider (the order's own records change in `refundOrder`): all of
   * it, or with `line` one order line's amount alone (docs/decisions/067).
   */
  refund(args: { paymentId: string | null; orderId: string; line?: { id: string; amountCents: number } }): Promise<void>;
  /** Ends a subscription at once, with no further charge (a second membership bought by mistake). */
  cancelSubscription(args: { providerSubscriptionId: string }): Promise<void>;
  /** Stripe's customer portal, where the buyer changes the card a subscription charges (a payment plan's). */
  openBillingPortal(args: { stripeCustomerId: string | null; returnUrl: string }): Promise<{ redirectUrl: string }>;
  /** Makes a subscription end by itself at `cancelAt`, charging nothing after it (a payment plan's last instalment). */
  endSubscriptionAt(args: { providerSubscriptionId: string; cancelAt: Date }): Promise<void>;
  /**
   * Charges the card of an earlier payment (`paymentId`) again, without the buyer (an upsell,
   * docs/decisions/070). `idempotencyKey` makes a repeated call one charge.
   */
  chargeSavedCard(args: {
    orderId: string;
    paymentId: string | null;
    amountCents: number;
    currency: string;
    description: string;
    idempotencyKey: string;
  }): Promise<SavedCardCharge>;
}

const COUPON_SESSION_SECONDS = 60 * 60;

const PLAN_INTERVAL = { monthly: "month", yearly: "year" } as const satisfies Record<SubscriptionPlan, "month" | "year">;

export const testProvider: PaymentsProvider = {
  name: "test",
  async createCheckoutSession({ orderId }) {
    return { checkoutSessionId: `test_cs_${orderId}`, completed: { paymentId: `test_pay_${orderId}`, eventId: `test_evt_${orderId}` } };
  },
  async cancelMembership() {
    return { atPeriodEnd: true };
  },
  async refund() {},
  // A test-mode subscription is only our row; nothing to tell anyone.
  async cancelSubscription() {},
  async endSubscriptionAt() {},
  // Test mode charges no card: its overdue payment is paid from the account instead.
  async openBillingPortal() {
    throw new PaymentProviderError("Test mode has no billing portal");
  },
  // Test mode charges nothing and always succeeds, like its checkout.
  async chargeSavedCard({ orderId }) {
    return { status: "succeeded", paymentId: `test_pay_${orderId}` };
  },
};

async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new PaymentProviderError(`Stripe could not ${what}`, { cause: error });
  }
}

/**
 * The order's discount as a Stripe coupon of its own (a fixed amount named by the code, one
 * redemption), so Stripe charges exactly the total the checkout page showed and its page and
 * receipt show the list price, the code and the discount. Our limits were checked already.
 */
async function createStripeCoupon(request: CheckoutRequest) {
  const discount = request.discount!;
  const coupon = await callStripe("create the coupon", () =>
    getStripe().coupons.create(
      {
        amount_off: discount.amountOffCents,
        currency: request.currency,
        duration: discount.duration,
        max_redemptions: 1,
        name: discount.code,
        metadata: { orderId: request.orderId, code: discount.code },
      },
      { idempotencyKey: `coupon-${request.orderId}` },
    ),
  );
  return coupon.id;
}

/** A Stripe Price's amount never changes (Stripe makes a new Price instead), so each is read once per process. */
const configuredPrices = new Map<string, Promise<{ cents: number | null; currency: string }>>();

/** Forgets the Prices read (tests that change what the Stripe double answers). */
export function forgetConfiguredStripePrices() {
  configuredPrices.clear();
}

/** The configured Price's amount and currency, from Stripe once, then from memory; a failed read is not kept. */
function readConfiguredPrice(priceId: string) {
  let read = configuredPrices.get(priceId);
  if (!read) {
    read = callStripe("read the configured price", () => getStripe().prices.retrieve(priceId)).then((price) => ({
      cents: price.unit_amount,
      currency: price.currency.toLowerCase(),
    }));
    read.catch(() => configuredPrices.delete(priceId));
    configuredPrices.set(priceId, read);
  }
  return read;
}

/** Refuses a checkout whose configured Price would charge another amount or currency than the order records. */
async function assertConfiguredPriceMatches(request: CheckoutRequest, variable: string, priceId: string) {
  const stripeAmount = await readConfiguredPrice(priceId);
  const settingsAmount = { cents: request.amountCents, currency: request.currency.toLowerCase() };
  if (stripeAmount.cents !== settingsAmount.cents || stripeAmount.currency !== settingsAmount.currency) {
    throw new StripePriceMismatchError(variable, priceId, stripeAmount, settingsAmount);
  }
}

export const stripeProvider: PaymentsProvider = {
  name: "stripe",
  async createCheckoutSession(request) {
    const stripe = getStripe();
    const prices = getConfig().stripe;
    const configuredPrice = request.plan ? (request.plan === "monthly" ? prices?.priceMonthly : prices?.priceYearly) : undefined;
    if (configuredPrice) {
      await assertConfiguredPriceMatches(
        request,
        request.plan === "monthly" ? "STRIPE_PRICE_MONTHLY" : "STRIPE_PRICE_YEARLY",
        configuredPrice,
      );
    }
    const metadata = {
      orderId: request.orderId,
      ...(request.userId ? { userId: request.userId } : {}),
      ...(request.plan ? { plan: request.plan } : {}),
      ...(request.paymentPlan ? { paymentPlanPayments: String(request.paymentPlan.payments) } : {}),
    };
    const subscription = request.kind === "membership" || Boolean(request.paymentPlan);
    const interval = request.plan ? PLAN_INTERVAL[request.plan] : request.paymentPlan ? ("month" as const) : null;
    const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = configuredPrice
      ? { price: configuredPrice, quantity: 1 }
      : {
          quantity: 1,
          // The price comes from our database, so a seller needs no product set up at Stripe.
          price_data: {
            currency: request.currency,
            unit_amount: request.amountCents,
            product_data: { name: request.itemTitle },
            // Our prices are before tax: Stripe Tax adds it on top, as the test mode's rates do.
            ...(request.collectTax ? { tax_behavior: "exclusive" as const } : {}),
            ...(interval ? { recurring: { interval } } : {}),
          },
        };
    const discounts = request.discount ? [{ coupon: await createStripeCoupon(request) }] : undefined;
    const params: Stripe.Checkout.SessionCreateParams = {
      // A coupon's place is held by the pending order: an hour, not Stripe's default day.
      ...(discounts ? { discounts, expires_at: Math.floor(Date.now() / 1000) + COUPON_SESSION_SECONDS } : {}),
      mode: subscription ? "subscription" : "payment",
      client_reference_id: request.orderId,
      line_items: [
        lineItem,
        ...(request.addOns ?? []).map((addOn) => ({
          quantity: 1,
          price_data: {
            currency: request.currency,
            unit_amount: addOn.amountCents,
            product_data: { name: addOn.title },
            ...(request.collectTax ? { tax_behavior: "exclusive" as const } : {}),
          },
        })),
      ],
      success_url: `${request.origin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${request.origin}/checkout/cancel?order=${request.orderId}`,
      metadata,
      ...(request.stripeCustomerId ? { customer: request.stripeCustomerId } : { customer_email: request.email }),
      // Stripe Tax: the buyer's address is collected (it decides the tax) and a business may give its
      // tax ID, which Stripe validates; a returning customer's name and address are updated from the page.
      ...(request.collectTax
        ? {
            automatic_tax: { enabled: true },
            billing_address_collection: "required" as const,
            tax_id_collection: { enabled: true },
            ...(request.stripeCustomerId ? { customer_update: { address: "auto" as const, name: "auto" as const } } : {}),
          }
        : {}),
      ...(subscription
        ? { subscription_data: { metadata, ...(request.trialDays ? { trial_period_days: request.trialDays } : {}) } }
        : {
            payment_intent_data: {
              metadata,
              // The card is kept on the customer for the upsell's one-click charge after this payment.
              ...(request.saveCardForUpsell ? { setup_future_usage: "off_session" as const } : {}),
            },
            ...(request.stripeCustomerId ? {} : { customer_creation: "always" as const }),
          }),
    };
    const session = await callStripe("start a checkout", () =>
      stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${request.orderId}` }),
    );
    if (!session.url) throw new PaymentProviderError("Stripe returned a checkout session without a URL");
    return { checkoutSessionId: session.id, redirectUrl: session.url };
  },
  async cancelMembership({ stripeCustomerId, origin }) {
    if (!stripeCustomerId) throw new PaymentProviderError("The member has no Stripe customer to open the billing portal for");
    const stripe = getStripe();
    const portal = await callStripe("open the billing portal", () =>
      stripe.billingPortal.sessions.create({ customer: stripeCustomerId, return_url: `${origin}/account#membership` }),
    );
    return { redirectUrl: portal.url };
  },
  async refund({ paymentId, orderId, line }) {
    if (!paymentId?.startsWith("pi_"))
      throw new PaymentProviderError(`Stripe refunds a PaymentIntent; order ${orderId} has ${paymentId ?? "no payment"}`);
    const stripe = getStripe();
    // A whole refund gives back what is left of the payment (a line refunded before is not given twice).
    await callStripe("refund the payment", () =>
      line
        ? stripe.refunds.create(
            { payment_intent: paymentId, amount: line.amountCents, metadata: { orderId, orderLineId: line.id } },
            { idempotencyKey: `refund-${orderId}-${line.id}` },
          )
        : stripe.refunds.create({ payment_intent: paymentId, metadata: { orderId } }, { idempotencyKey: `refund-${orderId}` }),
    );
  },
  async cancelSubscription({ providerSubscriptionId }) {
    const stripe = getStripe();
    await callStripe("cancel the subscription", () => stripe.subscriptions.cancel(providerSubscriptionId));
  },
  async openBillingPortal({ stripeCustomerId, returnUrl }) {
    if (!stripeCustomerId) throw new PaymentProviderError("The buyer has no Stripe customer to open the billing portal for");
    const stripe = getStripe();
    const portal = await callStripe("open the billing portal", () =>
      stripe.billingPortal.sessions.create({ customer: stripeCustomerId, return_url: returnUrl }),
    );
    return { redirectUrl: portal.url };
  },
  async endSubscriptionAt({ providerSubscriptionId, cancelAt }) {
    const stripe = getStripe();
    await callStripe("schedule the subscription's end", () =>
      stripe.subscriptions.update(providerSubscriptionId, {
        cancel_at: Math.floor(cancelAt.getTime() / 1000),
        proration_behavior: "none",
      }),
    );
  },
  async chargeSavedCard({ orderId, paymentId, amountCents, currency, description, idempotencyKey }) {
    if (!paymentId?.startsWith("pi_")) return { status: "declined", reason: "no_saved_card" };
    const stripe = getStripe();
    const first = await callStripe("read the first payment", () => stripe.paymentIntents.retrieve(paymentId));
    const customer = typeof first.customer === "string" ? first.customer : (first.customer?.id ?? null);
    const paymentMethod = typeof first.payment_method === "string" ? first.payment_method : (first.payment_method?.id ?? null);
    if (!customer || !paymentMethod) return { status: "declined", reason: "no_saved_card" };
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          customer,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
          description,
          metadata: { orderId },
        },
        { idempotencyKey },
      );
      return intent.status === "succeeded" ? { status: "succeeded", paymentId: intent.id } : { status: "declined", reason: intent.status };
    } catch (error) {
      // A decline or `authentication_required` (3-D Secure): the buyer pays on Stripe's page instead.
      if ((error as { type?: string }).type === "StripeCardError")
        return { status: "declined", reason: (error as { code?: string }).code ?? "card_declined" };
      throw new PaymentProviderError("Stripe could not charge the saved card", { cause: error });
    }
  },
};

/** The provider new checkouts use, from the configuration; throws when payments are not configured. */
export function currentPaymentsProvider(): PaymentsProvider {
  const { provider } = getConfig().payments;
  if (provider === "none") throw new PaymentsNotConfiguredError();
  return provider === "stripe" ? stripeProvider : testProvider;
}

/** The provider an existing order or subscription was made with: it is the one that can cancel or refund it. */
export function paymentsProviderFor(name: PaymentProvider | string): PaymentsProvider {
  return name === "stripe" ? stripeProvider : testProvider;
}

/** "stripe", "test" or "none", for pages that say which mode checkout runs in. */
export function paymentsMode() {
  return getConfig().payments.provider;
}
