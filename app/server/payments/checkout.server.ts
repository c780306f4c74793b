import { and, eq, gt, inArray, ne, or } from "drizzle-orm";
import { LIVE_SUBSCRIPTION_STATUSES, SUBSCRIPTION_PLAN_LABELS, type OrderKind, type SubscriptionPlan } from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { grantCourseAccess } from "~/server/access/course-access.server";
import { hasActiveEnrollment } from "~/server/access/enrollments.server";
import { hasActiveMembership } from "~/server/access/membership.server";
import { getConfig } from "~/server/config.server";
import { courseSummaryColumns } from "~/server/courses/course-cards.server";
import { db } from "~/server/db/client.server";
import { courses, orders, subscriptions, users } from "~/server/db/schema";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { fulfilCheckout } from "./fulfil-checkout.server";
import { settleEndedTestMemberships } from "./settle-ended-test-memberships.server";
import { currentPaymentsProvider } from "./providers.server";

/** Prices are in US dollars (spec §9). */
export const STORE_CURRENCY = "usd";

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
  amountCents: number;
  currency: string;
  blocked: CheckoutBlock | null;
};

export function membershipTitle(schoolName: string, plan: SubscriptionPlan) {
  return `${schoolName} all-access membership (${SUBSCRIPTION_PLAN_LABELS[plan].toLowerCase()})`;
}

/**
 * What the user would buy and at what price, from the database only: the course's own price, or
 * the membership price of the site settings. Never a price from the browser.
 */
export async function getCheckoutOffer({ userId, item }: { userId: string; item: CheckoutItem }): Promise<CheckoutOffer> {
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
      currency: STORE_CURRENCY,
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
  const [owned, member] = await Promise.all([
    hasActiveEnrollment({ userId, courseId: course.id }),
    hasActiveMembership({ userId }),
  ]);
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
    currency: STORE_CURRENCY,
    blocked: owned ? "already-owned" : member ? "included-in-membership" : null,
  };
}

export type CheckoutStart =
  /** Nothing charged: the user has it already. */
  | { status: CheckoutBlock; offer: CheckoutOffer }
  /** A free course: enrolled without an order. */
  | { status: "enrolled-free"; offer: CheckoutOffer }
  /** Paid already (test mode), through the same fulfilment as the webhook. */
  | { status: "paid"; offer: CheckoutOffer; orderId: string }
  /** Off to the provider's payment page. */
  | { status: "redirect"; offer: CheckoutOffer; orderId: string; url: string };

/**
 * Starts buying a course or the membership: a pending order that keeps what is sold as it is sold
 * (title, amount, currency, e-mail), then the provider's checkout for it. Test mode pays at once
 * and fulfils the order here; Stripe answers a URL and its webhook fulfils the order later.
 */
export async function startCheckout({ userId, item }: { userId: string; item: CheckoutItem }): Promise<CheckoutStart> {
  if (item.plan) await settleEndedTestMemberships({ userId });
  const offer = await getCheckoutOffer({ userId, item });
  if (offer.blocked) return { status: offer.blocked, offer };
  if (offer.kind === "course" && offer.amountCents === 0) {
    await grantCourseAccess({ userId, courseId: offer.courseId!, actorId: null, source: "free" });
    return { status: "enrolled-free", offer };
  }
  const provider = currentPaymentsProvider();
  const [buyer] = await db().select({ email: users.email, stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  if (!buyer) throw new CheckoutUserNotFoundError(userId);

  const [order] = await db()
    .insert(orders)
    .values({
      userId,
      customerEmail: buyer.email,
      kind: offer.kind,
      courseId: offer.courseId,
      plan: offer.plan,
      itemTitle: offer.itemTitle,
      amountCents: offer.amountCents,
      currency: offer.currency,
      provider: provider.name,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;

  let started;
  try {
    started = await provider.startCheckout({
      orderId,
      userId,
      email: buyer.email,
      stripeCustomerId: buyer.stripeCustomerId,
      kind: offer.kind,
      plan: offer.plan,
      itemTitle: offer.itemTitle,
      amountCents: offer.amountCents,
      currency: offer.currency,
      origin: getConfig().publicUrl,
    });
  } catch (error) {
    await db().update(orders).set({ status: "failed" }).where(eq(orders.id, orderId));
    throw error;
  }
  await db().update(orders).set({ checkoutSessionId: started.checkoutSessionId }).where(eq(orders.id, orderId));

  if (started.completed) {
    const { outcome } = await fulfilCheckout({
      event: { id: started.completed.eventId, provider: provider.name, type: "checkout.completed" },
      orderId,
      checkoutSessionId: started.checkoutSessionId,
      paymentId: started.completed.paymentId,
    });
    // Another tab bought the same thing first: this payment was given back.
    if (outcome === "refunded-duplicate") return { status: offer.kind === "course" ? "already-owned" : "already-member", offer };
    return { status: "paid", offer, orderId };
  }
  return { status: "redirect", offer, orderId, url: started.redirectUrl };
}
