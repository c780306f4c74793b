import { and, eq, gt, inArray, ne, or } from "drizzle-orm";
import {
  LIVE_SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_PLAN_LABELS,
  type OrderKind,
  type PaymentProvider,
  type SubscriptionPlan,
} from "~/lib/domain-values";
import type { CouponRefusal, CouponProduct } from "~/lib/coupons";
import { isUuid } from "~/lib/uuid";
import { grantCourseAccess } from "~/server/access/course-access.server";
import { hasActiveEnrollment } from "~/server/access/enrollments.server";
import { hasActiveMembership } from "~/server/access/membership.server";
import { getConfig } from "~/server/platform/config.server";
import { checkCoupon, releaseEarlierHold } from "~/server/coupons/coupon-checks.server";
import { courseSummaryColumns } from "~/server/courses/course-cards.server";
import { db } from "~/server/db/client.server";
import { courses, orders, subscriptions, users } from "~/server/db/schema";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { fulfilCheckout } from "./fulfil-checkout.server";
import { settleEndedTestMemberships } from "./settle-ended-test-memberships.server";
import { currentPaymentsProvider } from "./providers.server";


/** What a checkout link names: one course, or a membership plan. */
export type CheckoutItem = { courseId: string; plan?: undefined } | { plan: SubscriptionPlan; courseId?: undefined };

/** The course does not exist or is not published: it is not for sale. */
export class CourseNotForSaleError extends Error {
  constructor(readonly courseId: string) {
    super(`Course ${courseId} is not for sale`);
    this.name = "CourseNotForSaleError";
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
  /** What the buyer pays: the list price minus the discount. */
  amountCents: number;
  currency: string;
  blocked: CheckoutBlock | null;
  /** The code the buyer gave, as stored (upper-case), and why it was refused, if it was. */
  coupon: { code: string; refusal: CouponRefusal | null } | null;
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
}): Promise<CheckoutOffer> {
  const listPriceCents = offer.amountCents;
  const code = couponCode?.trim();
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

const productOf = (offer: { kind: OrderKind; courseId: string | null }): CouponProduct =>
  offer.kind === "course" ? { kind: "course", courseId: offer.courseId! } : { kind: "membership" };

export function membershipTitle(schoolName: string, plan: SubscriptionPlan) {
  return `${schoolName} all-access membership (${SUBSCRIPTION_PLAN_LABELS[plan].toLowerCase()})`;
}

/**
 * What the user would buy and at what price, from the database only: the course's own price, or
 * the membership price of the site settings. Never a price from the browser.
 */
/** Who buys what, with the coupon code they gave (as typed; none when empty). */
export type CheckoutArgs = { userId: string; item: CheckoutItem; couponCode?: string | null };

export async function getCheckoutOffer({ userId, item, couponCode }: CheckoutArgs): Promise<CheckoutOffer> {
  return withCoupon({ offer: await listPriceOffer({ userId, item }), userId, couponCode });
}

type ListPriceOffer = Omit<CheckoutOffer, "coupon" | "discountCents" | "listPriceCents">;

async function listPriceOffer({ userId, item }: { userId: string; item: CheckoutItem }): Promise<ListPriceOffer> {
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
    const member = Boolean(live) || (await hasActiveMembership({ userId }));
    return {
      kind: "membership",
      courseId: null,
      courseSlug: null,
      plan: item.plan,
      itemTitle: membershipTitle(settings.schoolName, item.plan),
      subtitle: "Every course, including new releases, while you are a member. Cancel anytime.",
      coverUrl: null,
      topic: null,
      amountCents: item.plan === "yearly" ? settings.membershipYearlyCents : settings.membershipMonthlyCents,
      currency: settings.currency,
      blocked: member ? "already-member" : null,
    };
  }
  if (!isUuid(item.courseId)) throw new CourseNotForSaleError(item.courseId);
  const [course] = await db()
    .select({
      ...courseSummaryColumns,
      priceCents: courses.priceCents,
      status: courses.status,
    })
    .from(courses)
    .where(eq(courses.id, item.courseId));
  if (!course || course.status !== "published") throw new CourseNotForSaleError(item.courseId);
  const [owned, member] = await Promise.all([hasActiveEnrollment({ userId, courseId: course.id }), hasActiveMembership({ userId })]);
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
  };
}

export type CheckoutStart =
  /** Nothing charged: the user has it already. */
  | { status: CheckoutBlock; offer: CheckoutOffer }
  /** The code cannot be used (it may have been taken by another buyer since the page showed it). */
  | { status: "coupon-refused"; offer: CheckoutOffer; refusal: CouponRefusal }
  /** A free course: enrolled without an order. */
  | { status: "enrolled-free"; offer: CheckoutOffer }
  /** Paid already (test mode), through the same fulfilment as the webhook. */
  | { status: "paid"; offer: CheckoutOffer; orderId: string }
  /** Off to the provider's payment page. */
  | { status: "redirect"; offer: CheckoutOffer; orderId: string; url: string };

/**
 * Starts buying a course or the membership: a pending order that keeps what is sold as it is sold
 * (title, list price, discount, amount, currency, e-mail, coupon), then the provider's checkout for
 * it. Test mode pays at once and fulfils the order here; Stripe answers a URL and its webhook
 * fulfils the order later. A coupon is checked again under its row lock in the transaction that
 * writes the order, so its last redemption goes to one buyer; a course it makes free is fulfilled
 * here with no payment step.
 */
export async function startCheckout({ userId, item, couponCode }: CheckoutArgs): Promise<CheckoutStart> {
  if (item.plan) await settleEndedTestMemberships({ userId });
  const offer = await getCheckoutOffer({ userId, item, couponCode });
  if (offer.blocked) return { status: offer.blocked, offer };
  if (offer.kind === "course" && offer.listPriceCents === 0) {
    await grantCourseAccess({ userId, courseId: offer.courseId!, actorId: null, source: "free" });
    return { status: "enrolled-free", offer };
  }
  if (offer.coupon?.refusal) return { status: "coupon-refused", offer, refusal: offer.coupon.refusal };
  const provider = currentPaymentsProvider();
  const [buyer] = await db()
    .select({ email: users.email, stripeCustomerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId));
  if (!buyer) throw new CheckoutUserNotFoundError(userId);

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
      await releaseEarlierHold({ tx, couponId: check.coupon.id, userId });
      priced = {
        ...priced,
        discountCents: check.discountCents,
        couponId: check.coupon.id,
        couponCode: check.coupon.code,
        everyPayment: offer.kind === "membership" && check.coupon.duration === "every-payment",
      };
    }
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        customerEmail: buyer.email,
        kind: offer.kind,
        courseId: offer.courseId,
        plan: offer.plan,
        itemTitle: offer.itemTitle,
        listPriceCents: priced.listPriceCents,
        discountCents: priced.discountCents,
        amountCents: priced.listPriceCents - priced.discountCents,
        couponId: priced.couponId,
        couponCode: priced.couponCode,
        currency: offer.currency,
        provider: provider.name,
      })
      .returning({
        id: orders.id,
        amountCents: orders.amountCents,
        discountCents: orders.discountCents,
        couponCode: orders.couponCode,
        couponId: orders.couponId,
      });
    return { order: order!, everyPayment: priced.everyPayment };
  });
  if (written.refusal) {
    return {
      status: "coupon-refused",
      offer: {
        ...offer,
        discountCents: 0,
        amountCents: offer.listPriceCents,
        coupon: { code: offer.coupon!.code, refusal: written.refusal },
      },
      refusal: written.refusal,
    };
  }
  const { order, everyPayment } = written;
  const orderId = order.id;
  const sold: CheckoutOffer = { ...offer, discountCents: order.discountCents, amountCents: order.amountCents };

  // Nothing to pay for a course (a 100%-off code): no payment step, the same fulfilment.
  if (offer.kind === "course" && order.amountCents === 0) {
    return fulfilAtOnce({
      offer: sold,
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
      userId,
      email: buyer.email,
      stripeCustomerId: buyer.stripeCustomerId,
      kind: offer.kind,
      plan: offer.plan,
      itemTitle: offer.itemTitle,
      amountCents: offer.listPriceCents,
      discount:
        order.couponCode && order.discountCents > 0
          ? { code: order.couponCode, amountOffCents: order.discountCents, duration: everyPayment ? "forever" : "once" }
          : null,
      currency: offer.currency,
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
      orderId,
      provider: provider.name,
      checkoutSessionId: started.checkoutSessionId,
      paymentId: started.completed.paymentId,
      eventId: started.completed.eventId,
    });
  }
  return { status: "redirect", offer: sold, orderId, url: started.redirectUrl };
}

/** Paid already (test mode) or nothing to pay: the same fulfilment as the webhook's. */
async function fulfilAtOnce({
  offer,
  orderId,
  provider,
  checkoutSessionId,
  paymentId,
  eventId,
}: {
  offer: CheckoutOffer;
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
  // Another tab bought the same thing first: this payment was given back.
  if (outcome === "refunded-duplicate") return { status: offer.kind === "course" ? "already-owned" : "already-member", offer };
  return { status: "paid", offer, orderId };
}
