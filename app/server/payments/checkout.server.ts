import { chooseOrderAffiliate } from "~/server/affiliates/affiliate-commissions.server";
import type { Referral } from "~/server/affiliates/affiliate-referrals.server";
import { and, eq, gt, inArray, ne, or } from "drizzle-orm";
import {
  LIVE_SUBSCRIPTION_STATUSES,
  type OrderKind,
  type PaymentProvider,
  type SubscriptionPlan,
} from "~/lib/domain-values";
import type { CouponRefusal, CouponProduct } from "~/lib/coupons";
import { isUuid } from "~/lib/uuid";
import { grantCourseAccess } from "~/server/access/course-access.server";
import { hasActiveEnrollment, listActiveEnrollments } from "~/server/access/enrollments.server";
import { findBundleForSale } from "~/server/bundles/bundles.server";
import { hasActiveMembership } from "~/server/access/membership.server";
import { getConfig } from "~/server/platform/config.server";
import { checkCoupon, releaseEarlierHold } from "~/server/coupons/coupon-checks.server";
import { courseSummaryColumns } from "~/server/courses/course-cards.server";
import { db } from "~/server/db/client.server";
import { courses, orders, subscriptions, users } from "~/server/db/schema";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { taxIdProblem, taxOfLine, type BillingDetails, type TaxCountry } from "~/lib/tax";
import { findTaxRate, isTaxCollected } from "~/server/tax/tax-rates.server";
import { findCheckoutBump, type BumpOwner, type CheckoutBump } from "~/server/offers/course-bumps.server";
import { hasUpsell } from "~/server/offers/course-upsells.server";
import { findAccountByEmail, mustSignInToBuy } from "./attach-guest-order.server";
import { fulfilCheckout } from "./fulfil-checkout.server";
import { sumOrderLines, writeOrderLines, type OrderLineDraft } from "./order-lines.server";
import { settleEndedTestMemberships } from "./settle-ended-test-memberships.server";
import { currentPaymentsProvider } from "./providers.server";
import { findTrialDays, trialEndAfter } from "./membership-trials.server";
import { membershipTitle } from "./membership-title.server";
import { instalmentTitle } from "./payment-plans.server";

/** What a checkout link names: one course, a membership plan, or a bundle (docs/decisions/062). */
export type CheckoutItem =
  | { courseId: string; plan?: undefined; bundleId?: undefined }
  | { plan: SubscriptionPlan; courseId?: undefined; bundleId?: undefined }
  | { bundleId: string; courseId?: undefined; plan?: undefined };

/** The course does not exist or is not published: it is not for sale. */
export class CourseNotForSaleError extends Error {
  constructor(readonly courseId: string) {
    super(`Course ${courseId} is not for sale`);
    this.name = "CourseNotForSaleError";
  }
}

/** The bundle does not exist, is a draft, or has no published course: it is not for sale. */
export class BundleNotForSaleError extends Error {
  constructor(readonly bundleId: string) {
    super(`Bundle ${bundleId} is not for sale`);
    this.name = "BundleNotForSaleError";
  }
}

export class CheckoutUserNotFoundError extends Error {
  constructor(readonly userId: string) {
    super(`No user with id ${userId}`);
    this.name = "CheckoutUserNotFoundError";
  }
}

/** Why there is nothing to pay: the buyer has it already. */
export type CheckoutBlock = "already-owned" | "included-in-membership" | "already-member";

export type CheckoutOffer = {
  kind: OrderKind;
  courseId: string | null;
  courseSlug: string | null;
  plan: SubscriptionPlan | null;
  itemTitle: string;
  subtitle: string;
  coverUrl: string | null;
  topic: string | null;
  /** The price before a coupon. */
  listPriceCents: number;
  discountCents: number;
  /** What the buyer pays: the list price minus the discount, plus the tax. */
  amountCents: number;
  /** The tax in `amountCents` (0 until Stripe computes it, in Stripe mode). */
  taxCents: number;
  /**
   * How tax is collected (docs/decisions/054): null when it is not; `stripe` when Stripe Tax adds
   * it on its page; `rates` when the owner's rate for the buyer's country is added here (test mode),
   * with the country chosen (null until the buyer says) and its rate (null: no tax for it).
   */
  tax: { mode: "stripe" } | { mode: "rates"; country: TaxCountry | null; basisPoints: number | null } | null;
  currency: string;
  blocked: CheckoutBlock | null;
  /**
   * A bundle's: its id, the courses it opens (in its order, as sold now) and those of them the
   * buyer holds already (told before paying; the bundle opens the others).
   */
  bundle: { id: string; courses: { id: string; title: string }[]; heldCourseIds: string[] } | null;
  /** The code the buyer gave, as stored (upper-case), and why it was refused, if it was. */
  coupon: { code: string; refusal: CouponRefusal | null } | null;
  /**
   * A membership's free trial (docs/decisions/066): nothing is paid now (the prices above are 0),
   * the plan's price is first charged at `firstChargeAt` (ISO, as the page shows it). Null: no trial.
   */
  trial: { days: number; firstChargeCents: number; firstChargeAt: string } | null;
  /**
   * The course's order bump (docs/decisions/067), when it has one the buyer may take, and whether
   * they ticked it: a ticked bump is in `amountCents` (its special price, plus its tax).
   */
  bump: (CheckoutBump & { chosen: boolean }) | null;
  /**
   * The course's payment plan (docs/decisions/069), when it has one on sale: N monthly payments of
   * `instalmentCents` (before tax), `totalCents` in all. `chosen`: the buyer pays by the plan, so
   * what is paid now (`amountCents`) is the first instalment; a coupon and the bump go with paying at once.
   */
  paymentPlan: { payments: number; instalmentCents: number; totalCents: number; onceCents: number; chosen: boolean } | null;
};

/** The code applied to an offer priced without one: the discount, or the refusal (the price stays). */
async function withCoupon({
  offer,
  userId,
  couponCode,
}: {
  offer: ListPriceOffer;
  userId: string;
  couponCode?: string | null;
}): Promise<Omit<CheckoutOffer, "tax" | "taxCents" | "bump">> {
  const listPriceCents = offer.amountCents;
  const code = offer.paymentPlan?.chosen ? "" : couponCode?.trim();
  if (!code || offer.blocked) return { ...offer, listPriceCents, discountCents: 0, coupon: null };
  const check = await checkCoupon({ database: db(), code, userId, product: productOf(offer), listPriceCents });
  return {
    ...offer,
    listPriceCents,
    discountCents: check.discountCents,
    amountCents: listPriceCents - check.discountCents,
    coupon: { code: check.coupon?.code ?? code.toUpperCase(), refusal: check.refusal },
  };
}

const productOf = (offer: { kind: OrderKind; courseId: string | null; bundle: CheckoutOffer["bundle"] }): CouponProduct =>
  offer.kind === "course"
    ? { kind: "course", courseId: offer.courseId! }
    : offer.kind === "bundle"
      ? { kind: "bundle", bundleId: offer.bundle!.id }
      : { kind: "membership" };

/**
 * What the user would buy and at what price, from the database only: the course's own price, or
 * the membership price of the site settings. Never a price from the browser.
 */
/**
 * Who buys what, with the coupon code they gave (as typed; none when empty), the country they buy
 * from, and whether they ticked the course's order bump.
 */
export type CheckoutArgs = {
  userId: string;
  item: CheckoutItem;
  couponCode?: string | null;
  country?: TaxCountry | null;
  withBump?: boolean;
  /** Pay by the course's payment plan (`?paymentPlan=1`), when it has one. */
  withPlan?: boolean;
};

/**
 * A visitor buying without an account (docs/decisions/048): the e-mail and the name they gave. The
 * offer is priced for nobody (`userId` ""): what an address already owns is never told to whoever
 * typed it; a second purchase is refunded at payment, as two tabs' are.
 */
export type GuestBuyer = { email: string; name: string };

export async function getCheckoutOffer({
  userId,
  item,
  couponCode,
  country,
  withBump = false,
  withPlan = false,
  guest = false,
}: CheckoutArgs & { guest?: boolean }): Promise<CheckoutOffer> {
  // A code is used now, at the first payment: a buyer who gives one pays at once, without the trial.
  // A guest pays at once too: the trial is one per account, and theirs is only known when they pay.
  const trialAllowed = !guest && !couponCode?.trim();
  const offer = await withCoupon({ offer: withPaymentPlan(await listPriceOffer({ userId, item, trialAllowed }), withPlan), userId, couponCode });
  return withTax({ offer: await withOrderBump({ offer, userId, chosen: withBump }), country: country ?? null });
}

/** The plan chosen: what is paid now is the first instalment (docs/decisions/069). */
function withPaymentPlan(offer: ListPriceOffer, chosen: boolean): ListPriceOffer {
  if (!offer.paymentPlan || !chosen || offer.blocked) return offer;
  return { ...offer, amountCents: offer.paymentPlan.instalmentCents, paymentPlan: { ...offer.paymentPlan, chosen: true } };
}

/**
 * The order bump beside a course, bundle or membership plan the buyer can pay for (docs/decisions/067, 071, 074): a ticked one
 * adds its special price to the total. The coupon stays the first line's: it never prices the bump.
 */
async function withOrderBump({
  offer,
  userId,
  chosen,
}: {
  offer: Omit<CheckoutOffer, "tax" | "taxCents" | "bump">;
  userId: string;
  chosen: boolean;
}): Promise<Omit<CheckoutOffer, "tax" | "taxCents">> {
  const owner: BumpOwner =
    offer.kind === "course" ? { courseId: offer.courseId! } : offer.kind === "bundle" ? { bundleId: offer.bundle!.id } : { plan: offer.plan! };
  // A plan pays in instalments at list price: no bump beside it (docs/decisions/069). A membership's
  // trial is priced 0 now and still has its bump, charged at once (docs/decisions/074).
  const priced = offer.listPriceCents > 0 || offer.trial !== null;
  const found = !offer.blocked && priced && !offer.paymentPlan?.chosen ? await findCheckoutBump({ owner, userId }) : null;
  if (!found) return { ...offer, bump: null };
  return { ...offer, bump: { ...found, chosen }, amountCents: offer.amountCents + (chosen ? found.priceCents : 0) };
}

/** What each line costs before tax: the first line after its coupon, then a ticked bump. */
function lineNets(offer: Pick<CheckoutOffer, "amountCents" | "bump">) {
  const bumpNet = offer.bump?.chosen ? offer.bump.priceCents : null;
  return bumpNet === null ? [offer.amountCents] : [offer.amountCents - bumpNet, bumpNet];
}

/** The tax the offer adds, per the owner's settings: none, Stripe's (computed on its page), or the country's rate. */
async function withTax({
  offer,
  country,
}: {
  offer: Omit<CheckoutOffer, "tax" | "taxCents">;
  country: TaxCountry | null;
}): Promise<CheckoutOffer> {
  if (offer.blocked || !(await isTaxCollected())) return { ...offer, taxCents: 0, tax: null };
  if (getConfig().payments.provider === "stripe") return { ...offer, taxCents: 0, tax: { mode: "stripe" } };
  const basisPoints = country ? await findTaxRate({ country }) : null;
  // Each line is taxed on its own, as the order's lines are (payForOffer).
  const taxCents = basisPoints ? lineNets(offer).reduce((sum, netCents) => sum + taxOfLine({ netCents, basisPoints }), 0) : 0;
  return { ...offer, taxCents, amountCents: offer.amountCents + taxCents, tax: { mode: "rates", country, basisPoints } };
}

/** The buyer's tax ID does not have the shape of one from their country; nothing was written. */
export class InvalidTaxIdError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "InvalidTaxIdError";
  }
}

type ListPriceOffer = Omit<CheckoutOffer, "coupon" | "discountCents" | "listPriceCents" | "tax" | "taxCents" | "bump">;

async function listPriceOffer({
  userId,
  item,
  trialAllowed = true,
}: {
  userId: string;
  item: CheckoutItem;
  trialAllowed?: boolean;
}): Promise<ListPriceOffer> {
  if (item.bundleId !== undefined) return bundleOffer({ userId, bundleId: item.bundleId });
  if (item.plan) {
    const settings = await getSiteSettings();
    // A live subscription that no longer opens courses (unpaid, paused) is still one: it is fixed at
    // the provider. A test-mode one past its period is not (settleEndedTestMemberships ends it).
    const [live] = await db()
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
          or(ne(subscriptions.provider, "test"), gt(subscriptions.currentPeriodEnd, new Date())),
        ),
      )
      .limit(1);
    const member = userId ? Boolean(live) || (await hasActiveMembership({ userId })) : false;
    const priceCents = item.plan === "yearly" ? settings.membershipYearlyCents : settings.membershipMonthlyCents;
    const trialDays = trialAllowed && !member && priceCents > 0 ? await findTrialDays({ userId }) : null;
    const trial = trialDays
      ? { days: trialDays, firstChargeCents: priceCents, firstChargeAt: trialEndAfter(new Date(), trialDays).toISOString() }
      : null;
    return {
      kind: "membership",
      courseId: null,
      courseSlug: null,
      plan: item.plan,
      itemTitle: membershipTitle(settings.schoolName, item.plan),
      subtitle: trial
        ? `Free for ${trial.days} days, then every course, including new releases, while you are a member. Cancel before the trial ends and nothing is charged.`
        : "Every course, including new releases, while you are a member. Cancel anytime.",
      coverUrl: null,
      topic: null,
      // During a trial nothing is paid now: the order is the trial's, at 0 (docs/decisions/066).
      amountCents: trial ? 0 : priceCents,
      currency: settings.currency,
      blocked: member ? "already-member" : null,
      trial,
      bundle: null,
      paymentPlan: null,
    };
  }
  if (!isUuid(item.courseId)) throw new CourseNotForSaleError(item.courseId);
  const [course] = await db()
    .select({
      ...courseSummaryColumns,
      priceCents: courses.priceCents,
      status: courses.status,
      planPayments: courses.planPayments,
      planInstalmentCents: courses.planInstalmentCents,
    })
    .from(courses)
    .where(eq(courses.id, item.courseId));
  if (!course || course.status !== "published") throw new CourseNotForSaleError(item.courseId);
  const [owned, member] = userId
    ? await Promise.all([hasActiveEnrollment({ userId, courseId: course.id }), hasActiveMembership({ userId })])
    : [false, false];
  return {
    kind: "course",
    courseId: course.id,
    courseSlug: course.slug,
    plan: null,
    itemTitle: course.title,
    subtitle: course.subtitle,
    coverUrl: course.coverUrl,
    topic: course.topics[0] ?? null,
    amountCents: course.priceCents,
    // The school's currency (Settings; docs/decisions/051): the order, the provider and the receipt all carry it.
    currency: (await getSiteSettings()).currency,
    blocked: owned ? "already-owned" : member ? "included-in-membership" : null,
    bundle: null,
    trial: null,
    // In test mode and with Stripe alike (docs/decisions/069).
    paymentPlan:
      course.planPayments && course.planInstalmentCents && course.priceCents > 0
        ? {
            payments: course.planPayments,
            instalmentCents: course.planInstalmentCents,
            totalCents: course.planPayments * course.planInstalmentCents,
            onceCents: course.priceCents,
            chosen: false,
          }
        : null,
  };
}

/**
 * A bundle at its price now, from the database: the courses it opens are its published ones. The
 * buyer is told which of them they hold already; one who holds them all, or is a member, has
 * nothing to buy.
 */
async function bundleOffer({ userId, bundleId }: { userId: string; bundleId: string }): Promise<ListPriceOffer> {
  const bundle = await findBundleForSale({ bundleId });
  if (!bundle) throw new BundleNotForSaleError(bundleId);
  const courseIds = bundle.courses.map((course) => course.id);
  const [held, member] = userId
    ? await Promise.all([listActiveEnrollments({ userId, courseIds }), hasActiveMembership({ userId })])
    : [[], false];
  const heldCourseIds = courseIds.filter((id) => held.some((row) => row.courseId === id));
  return {
    kind: "bundle",
    courseId: null,
    courseSlug: null,
    plan: null,
    itemTitle: bundle.title,
    subtitle: bundle.courses.map((course) => course.title).join(", "),
    coverUrl: bundle.coverUrl ?? bundle.courses[0]!.coverUrl,
    topic: bundle.courses[0]!.topics[0] ?? null,
    amountCents: bundle.priceCents,
    currency: (await getSiteSettings()).currency,
    blocked: heldCourseIds.length === courseIds.length ? "already-owned" : member ? "included-in-membership" : null,
    bundle: { id: bundle.id, courses: bundle.courses.map((course) => ({ id: course.id, title: course.title })), heldCourseIds },
    trial: null,
    // The bundle's payment plan, as a course's (docs/decisions/073).
    paymentPlan:
      bundle.planPayments && bundle.planInstalmentCents && bundle.priceCents > 0
        ? {
            payments: bundle.planPayments,
            instalmentCents: bundle.planInstalmentCents,
            totalCents: bundle.planPayments * bundle.planInstalmentCents,
            onceCents: bundle.priceCents,
            chosen: false,
          }
        : null,
  };
}

export type CheckoutStart =
  /** Nothing charged: the user has it already. */
  | { status: CheckoutBlock; offer: CheckoutOffer }
  /** Tax is added for the buyer's country (test mode) and they have not said which it is. */
  | { status: "country-required"; offer: CheckoutOffer }
  /** The code cannot be used (it may have been taken by another buyer since the page showed it). */
  | { status: "coupon-refused"; offer: CheckoutOffer; refusal: CouponRefusal }
  /** A free course: enrolled without an order. */
  | { status: "enrolled-free"; offer: CheckoutOffer }
  /** Paid already (test mode), through the same fulfilment as the webhook. */
  | { status: "paid"; offer: CheckoutOffer; orderId: string }
  /** Off to the provider's payment page. */
  | { status: "redirect"; offer: CheckoutOffer; orderId: string; url: string }
  /**
   * A guest checkout the address may not make: it belongs to an account that must sign in to buy
   * (an admin's, a banned one, one with two-factor sign-in). One answer for all, so it tells no
   * one which addresses are admins'. Nothing was written.
   */
  | { status: "sign-in-to-buy"; offer: CheckoutOffer };

/**
 * Starts buying a course or the membership: a pending order that keeps what is sold as it is sold
 * (title, list price, discount, amount, currency, e-mail, coupon), then the provider's checkout for
 * it. Test mode pays at once and fulfils the order here; Stripe answers a URL and its webhook
 * fulfils the order later. A coupon is checked again under its row lock in the transaction that
 * writes the order, so its last redemption goes to one buyer; a course it makes free is fulfilled
 * here with no payment step.
 */
/** A checkout's arguments: an account's, or a guest's (their address and name), with the billing details when tax is collected. */
/** `referral`: the browser's affiliate cookie (docs/decisions/063); the order names the affiliate when the referral holds. */
type StartCheckoutArgs = Omit<CheckoutArgs, "country"> & { billing?: BillingDetails | null; referral?: Referral | null };

export async function startCheckout(
  args: (StartCheckoutArgs & { guest?: undefined }) | (Omit<StartCheckoutArgs, "userId"> & { userId?: undefined; guest: GuestBuyer }),
): Promise<CheckoutStart> {
  const { item, couponCode, guest, billing = null, referral = null, withBump = false, withPlan = false } = args;
  if (billing) {
    const problem = taxIdProblem({ country: billing.country, taxId: billing.taxId });
    if (problem) throw new InvalidTaxIdError(problem);
  }
  if (guest) return startGuestCheckout({ guest, item, couponCode, billing, referral, withBump, withPlan });
  const userId = args.userId;
  if (item.plan) await settleEndedTestMemberships({ userId });
  const offer = await getCheckoutOffer({ userId, item, couponCode, country: billing?.country ?? null, withBump, withPlan });
  if (offer.blocked) return { status: offer.blocked, offer };
  if (offer.kind === "course" && offer.listPriceCents === 0) {
    await grantCourseAccess({ userId, courseId: offer.courseId!, actorId: null, source: "free" });
    return { status: "enrolled-free", offer };
  }
  if (offer.coupon?.refusal) return { status: "coupon-refused", offer, refusal: offer.coupon.refusal };
  if (offer.tax?.mode === "rates" && !offer.tax.country) return { status: "country-required", offer };
  const [buyer] = await db()
    .select({ email: users.email, stripeCustomerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId));
  if (!buyer) throw new CheckoutUserNotFoundError(userId);
  return payForOffer({
    offer,
    billing,
    referral,
    buyer: { userId, email: buyer.email, name: "", stripeCustomerId: buyer.stripeCustomerId, guest: false },
  });
}

/**
 * A guest checkout: refused for an address whose account must sign in to buy; otherwise the
 * same pending order and payment, made out to the address. The paying transaction finds or makes
 * the account (fulfil-checkout.server.ts): nobody is signed in by it.
 */
async function startGuestCheckout({
  guest,
  item,
  couponCode,
  billing,
  referral,
  withBump,
  withPlan,
}: {
  guest: GuestBuyer;
  item: CheckoutItem;
  couponCode?: string | null;
  billing: BillingDetails | null;
  referral: Referral | null;
  withBump: boolean;
  withPlan: boolean;
}) {
  const email = guest.email.trim().toLowerCase();
  const account = await findAccountByEmail({ email });
  // The coupon's per-customer limit counts the paid orders of the address's account, if it has one.
  const offer = await getCheckoutOffer({
    userId: account?.id ?? "",
    item,
    couponCode,
    country: billing?.country ?? null,
    withBump,
    withPlan,
    guest: true,
  });
  const unblocked: CheckoutOffer = { ...offer, blocked: null };
  if (account && mustSignInToBuy(account)) return { status: "sign-in-to-buy", offer: unblocked } satisfies CheckoutStart;
  // A free course needs an account to open: the visitor signs up for it (the page says so).
  if (offer.kind === "course" && offer.listPriceCents === 0) return { status: "sign-in-to-buy", offer: unblocked } satisfies CheckoutStart;
  if (offer.coupon?.refusal) return { status: "coupon-refused", offer: unblocked, refusal: offer.coupon.refusal } satisfies CheckoutStart;
  if (offer.tax?.mode === "rates" && !offer.tax.country) return { status: "country-required", offer: unblocked } satisfies CheckoutStart;
  return payForOffer({
    offer: unblocked,
    billing,
    referral,
    buyer: { userId: account?.id ?? "", email, name: guest.name, stripeCustomerId: null, guest: true },
  });
}

/** Who pays: an account (`guest` false) or a guest's address (`userId` the address's account, or ""). */
type Payer = { userId: string; email: string; name: string; stripeCustomerId: string | null; guest: boolean };

async function payForOffer({
  offer,
  buyer,
  billing,
  referral,
}: {
  offer: CheckoutOffer;
  buyer: Payer;
  billing: BillingDetails | null;
  referral: Referral | null;
}): Promise<CheckoutStart> {
  const provider = currentPaymentsProvider();
  const userId = buyer.userId;

  const written = await db().transaction(async (tx) => {
    let priced = {
      listPriceCents: offer.listPriceCents,
      discountCents: 0,
      couponId: null as string | null,
      couponCode: null as string | null,
      everyPayment: false,
    };
    if (offer.coupon) {
      const check = await checkCoupon({
        tx,
        code: offer.coupon.code,
        userId,
        product: productOf(offer),
        listPriceCents: offer.listPriceCents,
      });
      if (check.refusal) return { refusal: check.refusal };
      if (!buyer.guest) await releaseEarlierHold({ tx, couponId: check.coupon.id, userId });
      priced = {
        ...priced,
        discountCents: check.discountCents,
        couponId: check.coupon.id,
        couponCode: check.coupon.code,
        everyPayment: offer.kind === "membership" && check.coupon.duration === "every-payment",
      };
    }
    // The rate as it is now, read in the transaction that writes the order (the page showed the same, or the buyer is told the new total on the receipt).
    const net = priced.listPriceCents - priced.discountCents;
    const basisPoints =
      offer.tax?.mode === "rates" && offer.tax.country ? await findTaxRate({ country: offer.tax.country, database: tx }) : null;
    const bump = offer.bump?.chosen ? offer.bump : null;
    // What the order sells, line by line (docs/decisions/061): its totals are the lines' sums.
    const title = orderTitle(offer);
    const lines: OrderLineDraft[] = [
      {
        kind: offer.kind,
        courseId: offer.courseId,
        plan: offer.plan,
        // A bundle's line names the courses it opens, as sold (docs/decisions/062).
        bundleId: offer.bundle?.id ?? null,
        bundleCourseIds: offer.bundle?.courses.map((course) => course.id) ?? [],
        title,
        listPriceCents: priced.listPriceCents,
        discountCents: priced.discountCents,
        taxCents: basisPoints ? taxOfLine({ netCents: net, basisPoints }) : 0,
      },
      // The ticked order bump: its own line at its special price (docs/decisions/067).
      ...(bump
        ? [
            {
              kind: "bump" as const,
              courseId: bump.courseId,
              plan: null,
              // A bundle offered as the bump: its line names the courses it opens, as sold (docs/decisions/074).
              bundleId: bump.bundleId,
              bundleCourseIds: bump.bundleCourseIds,
              title: bump.title,
              listPriceCents: bump.priceCents,
              discountCents: 0,
              taxCents: basisPoints ? taxOfLine({ netCents: bump.priceCents, basisPoints }) : 0,
            },
          ]
        : []),
    ];
    const totals = sumOrderLines(lines);
    const affiliateId = await chooseOrderAffiliate({
      tx,
      referral,
      buyer: { userId: userId || null, email: buyer.email },
      product: { kind: offer.kind, courseId: offer.courseId },
    });
    const [order] = await tx
      .insert(orders)
      .values({
        // A guest's order belongs to no one until it is paid (fulfil-checkout.server.ts).
        userId: buyer.guest ? null : userId,
        guestCheckout: buyer.guest,
        customerName: buyer.name,
        customerEmail: buyer.email,
        kind: offer.kind,
        courseId: offer.courseId,
        bundleId: offer.bundle?.id ?? null,
        plan: offer.plan,
        itemTitle: title,
        trialDays: offer.trial?.days ?? null,
        // The first instalment of a payment plan: its payment starts the plan (docs/decisions/069).
        planPayments: offer.paymentPlan?.chosen ? offer.paymentPlan.payments : null,
        instalmentNumber: offer.paymentPlan?.chosen ? 1 : null,
        listPriceCents: totals.listPriceCents,
        discountCents: totals.discountCents,
        amountCents: totals.amountCents,
        taxCents: totals.taxCents,
        taxRateBasisPoints: basisPoints,
        buyerName: billing?.name || null,
        buyerAddress: billing?.address || null,
        buyerCountry: billing?.country ?? null,
        buyerTaxId: billing?.taxId || null,
        couponId: priced.couponId,
        couponCode: priced.couponCode,
        currency: offer.currency,
        provider: provider.name,
        affiliateId,
        bumpOffered: offer.bump !== null,
      })
      .returning({
        id: orders.id,
        amountCents: orders.amountCents,
        taxCents: orders.taxCents,
        discountCents: orders.discountCents,
        couponCode: orders.couponCode,
        couponId: orders.couponId,
      });
    await writeOrderLines({ tx, orderId: order!.id, lines });
    return { order: order!, everyPayment: priced.everyPayment };
  });
  if (written.refusal) {
    const { tax: _tax, taxCents: _taxCents, ...untaxed } = offer;
    const unDiscounted = {
      ...untaxed,
      discountCents: 0,
      amountCents: offer.listPriceCents + (offer.bump?.chosen ? offer.bump.priceCents : 0),
      coupon: { code: offer.coupon!.code, refusal: written.refusal },
    };
    return {
      status: "coupon-refused",
      offer: await withTax({ offer: unDiscounted, country: billing?.country ?? null }),
      refusal: written.refusal,
    };
  }
  const { order, everyPayment } = written;
  const orderId = order.id;
  const sold: CheckoutOffer = { ...offer, discountCents: order.discountCents, amountCents: order.amountCents, taxCents: order.taxCents };

  // Nothing to pay for a course or a bundle (a 100%-off code, a free bundle): no payment step, the same fulfilment.
  if (offer.kind !== "membership" && order.amountCents === 0) {
    return fulfilAtOnce({
      offer: sold,
      guest: buyer.guest,
      orderId,
      provider: provider.name,
      checkoutSessionId: `coupon_cs_${orderId}`,
      paymentId: null,
      eventId: `coupon_evt_${orderId}`,
    });
  }

  let started;
  try {
    started = await provider.createCheckoutSession({
      orderId,
      userId: buyer.guest ? null : userId,
      email: buyer.email,
      stripeCustomerId: buyer.stripeCustomerId,
      kind: offer.kind,
      plan: offer.plan,
      itemTitle: offer.itemTitle,
      // A trial's subscription is priced at the plan's price, first charged when the trial ends.
      amountCents: offer.trial ? offer.trial.firstChargeCents : offer.listPriceCents,
      trialDays: offer.trial?.days ?? null,
      // An account's course or bundle with a one-click upsell keeps the card for it (docs/decisions/070, 075; guests are
      // not offered one). (A plan's subscription keeps its own card: no upsell charge on it.)
      saveCardForUpsell: !buyer.guest && !offer.paymentPlan?.chosen && (await hasUpsellFor(offer)),
      paymentPlan: offer.paymentPlan?.chosen ? { payments: offer.paymentPlan.payments } : null,
      addOns: offer.bump?.chosen ? [{ title: offer.bump.title, amountCents: offer.bump.priceCents }] : [],
      discount:
        order.couponCode && order.discountCents > 0
          ? { code: order.couponCode, amountOffCents: order.discountCents, duration: everyPayment ? "forever" : "once" }
          : null,
      currency: offer.currency,
      collectTax: offer.tax?.mode === "stripe",
      origin: getConfig().publicUrl,
    });
  } catch (error) {
    await db().update(orders).set({ status: "failed" }).where(eq(orders.id, orderId));
    throw error;
  }
  await db().update(orders).set({ checkoutSessionId: started.checkoutSessionId }).where(eq(orders.id, orderId));

  if (started.completed) {
    return fulfilAtOnce({
      offer: sold,
      guest: buyer.guest,
      orderId,
      provider: provider.name,
      checkoutSessionId: started.checkoutSessionId,
      paymentId: started.completed.paymentId,
      eventId: started.completed.eventId,
    });
  }
  return { status: "redirect", offer: sold, orderId, url: started.redirectUrl };
}

/** Whether the course or bundle sold has a one-click upsell (a membership has none: decision 075). */
const hasUpsellFor = async (offer: CheckoutOffer) =>
  offer.kind === "course" && offer.courseId
    ? hasUpsell({ owner: { courseId: offer.courseId } })
    : offer.kind === "bundle" && offer.bundle
      ? hasUpsell({ owner: { bundleId: offer.bundle.id } })
      : false;

/** What the order and its line are called: a trial says so ("…, 14-day free trial"). */
const orderTitle = (offer: CheckoutOffer) =>
  offer.trial
    ? `${offer.itemTitle}, ${offer.trial.days}-day free trial`
    : offer.paymentPlan?.chosen
      ? instalmentTitle({ title: offer.itemTitle, number: 1, payments: offer.paymentPlan.payments })
      : offer.itemTitle;

/** Paid already (test mode) or nothing to pay: the same fulfilment as the webhook's. */
async function fulfilAtOnce({
  offer,
  guest,
  orderId,
  provider,
  checkoutSessionId,
  paymentId,
  eventId,
}: {
  offer: CheckoutOffer;
  guest: boolean;
  orderId: string;
  provider: PaymentProvider;
  checkoutSessionId: string;
  paymentId: string | null;
  eventId: string;
}): Promise<CheckoutStart> {
  const { outcome } = await fulfilCheckout({
    event: { id: eventId, provider, type: "checkout.completed" },
    orderId,
    checkoutSessionId,
    paymentId,
  });
  // Another tab bought the same thing first: this payment was given back. A guest is not told
  // (the address's owner is, by mail): whoever typed an address learns nothing about its account.
  if (outcome === "refunded-duplicate" && !guest)
    return { status: offer.kind === "membership" ? "already-member" : "already-owned", offer };
  return { status: "paid", offer, orderId };
}
