import { OfferRefusedError } from "~/server/offers/offer-refused-error";
import { addMonths, addDays } from "date-fns";
import { and, desc, eq, gte, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import { JOB_QUEUE } from "~/lib/job-queues";
import { formatDate } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import { PLAN_MESSAGES, PLAN_STATUS_LABELS } from "~/lib/payment-plans";
import type { PaymentPlanStatus } from "~/lib/domain-values";
import { recordAffiliateCommission } from "~/server/affiliates/affiliate-commissions.server";
import { orderItem } from "~/server/api/api-shapes.server";
import { db, type Queryable, type Transaction } from "~/server/db/client.server";
import { bundles, courses, orders, paymentPlans, users, type Order, type PaymentPlan } from "~/server/db/schema";
import { enqueue } from "~/server/jobs/queue.server";
import { sendMail } from "~/server/mail/mail-queue.server";
import { planPaymentFailedMail } from "~/server/mail/templates.server";
import { getConfig } from "~/server/platform/config.server";
import { logger } from "~/server/platform/logger.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { emitWebhookEvent } from "~/server/webhooks/webhooks.server";
import { claimEvent, type PaymentEvent } from "./claim-event.server";
import { issueInvoice } from "./invoices.server";
import { listOrderLines, writeOrderLines } from "./order-lines.server";
import { sendOrderReceipt } from "./receipts.server";
import { paymentsProviderFor } from "./providers.server";

/**
 * Payment plans (issue 40, docs/decisions/069): a course bought in N monthly instalments. The first
 * instalment is an ordinary order (the checkout's), whose payment opens the course and starts the
 * plan; each later instalment is an order of its own, paid by the provider on its due date (test
 * mode: a job; Stripe: the subscription's invoice), so every amount is in an order, at the
 * provider and on a receipt alike.
 */

// ---------------------------------------------------------------------------
// The course's offer (Admin → Edit course → Payment plan)
// ---------------------------------------------------------------------------

/** Why a plan was not stored: the field it is about and the message for it. */
export class PlanRefusedError extends OfferRefusedError<"planPayments" | "planInstalment"> {}

/** The course's plan as the form shows it; null: none. */
export async function getCoursePlan({ courseId, database = db() }: { courseId: string; database?: Queryable }) {
  const [row] = await database
    .select({ payments: courses.planPayments, instalmentCents: courses.planInstalmentCents, priceCents: courses.priceCents })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!row?.payments || !row.instalmentCents) return null;
  return { payments: row.payments, instalmentCents: row.instalmentCents };
}

/** The plan the course page and the checkout offer, or null: none set, or a free course. */
export async function findCoursePlanOnSale({ courseId }: { courseId: string }) {
  const plan = await getCoursePlan({ courseId });
  return plan ? { ...plan, totalCents: plan.payments * plan.instalmentCents } : null;
}

/**
 * Stores the course's plan. Refused, with nothing stored: N outside 2–12, an instalment of 0 or
 * less, a free course (the price is read under the row's lock, so a price set to 0 meanwhile wins).
 */
export async function saveCoursePlan({ courseId, payments, instalmentCents }: { courseId: string; payments: number; instalmentCents: number }) {
  checkPlanInput({ payments, instalmentCents });
  await db().transaction(async (tx) => {
    const [course] = await tx.select({ priceCents: courses.priceCents }).from(courses).where(eq(courses.id, courseId)).for("update");
    if (!course) throw new PlanRefusedError("planPayments", PLAN_MESSAGES.courseGone);
    if (course.priceCents === 0) throw new PlanRefusedError("planPayments", PLAN_MESSAGES.freeCourse);
    await tx.update(courses).set({ planPayments: payments, planInstalmentCents: instalmentCents }).where(eq(courses.id, courseId));
  });
}

/** Takes the course's plan off sale; the plans bought already carry on. */
export async function removeCoursePlan({ courseId }: { courseId: string }) {
  await db().update(courses).set({ planPayments: null, planInstalmentCents: null }).where(eq(courses.id, courseId));
}

/** The rules an offered plan meets whatever it sells: N from 2 to 12, each payment more than nothing. */
function checkPlanInput({ payments, instalmentCents }: { payments: number; instalmentCents: number }) {
  if (!Number.isInteger(payments) || payments < 2 || payments > 12) throw new PlanRefusedError("planPayments", PLAN_MESSAGES.paymentsRange);
  if (!Number.isInteger(instalmentCents) || instalmentCents < 0) throw new PlanRefusedError("planInstalment", PLAN_MESSAGES.instalmentNegative);
  if (instalmentCents === 0) throw new PlanRefusedError("planInstalment", PLAN_MESSAGES.instalmentRequired);
}

// The bundle's offer (Admin → Bundles → a bundle → Payment plan, docs/decisions/073): the same two
// columns and the same rules as a course's.

/** The bundle's plan as the form shows it; null: none. */
export async function getBundlePlan({ bundleId, database = db() }: { bundleId: string; database?: Queryable }) {
  const [row] = await database
    .select({ payments: bundles.planPayments, instalmentCents: bundles.planInstalmentCents })
    .from(bundles)
    .where(eq(bundles.id, bundleId));
  if (!row?.payments || !row.instalmentCents) return null;
  return { payments: row.payments, instalmentCents: row.instalmentCents };
}

/**
 * Stores the bundle's plan. Refused, with nothing stored: N outside 2–12, an instalment of 0 or
 * less, a free bundle (its price read under the row's lock).
 */
export async function saveBundlePlan({ bundleId, payments, instalmentCents }: { bundleId: string; payments: number; instalmentCents: number }) {
  checkPlanInput({ payments, instalmentCents });
  await db().transaction(async (tx) => {
    const [bundle] = await tx.select({ priceCents: bundles.priceCents }).from(bundles).where(eq(bundles.id, bundleId)).for("update");
    if (!bundle) throw new PlanRefusedError("planPayments", PLAN_MESSAGES.bundleGone);
    if (bundle.priceCents === 0) throw new PlanRefusedError("planPayments", PLAN_MESSAGES.freeBundle);
    await tx.update(bundles).set({ planPayments: payments, planInstalmentCents: instalmentCents }).where(eq(bundles.id, bundleId));
  });
}

/** Takes the bundle's plan off sale; the plans bought already carry on. */
export async function removeBundlePlan({ bundleId }: { bundleId: string }) {
  await db().update(bundles).set({ planPayments: null, planInstalmentCents: null }).where(eq(bundles.id, bundleId));
}

// ---------------------------------------------------------------------------
// Starting a plan (the first instalment's fulfilment)
// ---------------------------------------------------------------------------

/** The title of one instalment's order: "Shopify Basics, payment 2 of 3". */
export const instalmentTitle = ({ title, number, payments }: { title: string; number: number; payments: number }) =>
  `${title}, payment ${number} of ${payments}`;

/**
 * The first instalment was paid (fulfilCheckout's transaction): the plan starts, paid 1 of N, its
 * next payment due in a month, and (test mode) that payment's job is queued with it.
 */
export async function startPaymentPlan({
  tx,
  order,
  title,
  payments,
  paidAt,
  providerSubscriptionId = null,
}: {
  tx: Transaction;
  order: Order;
  /** What is bought, without "payment 1 of N". */
  title: string;
  payments: number;
  paidAt: Date;
  providerSubscriptionId?: string | null;
}) {
  const lines = (await listOrderLines({ orderIds: [order.id], database: tx })).get(order.id) ?? [];
  const first = lines[0];
  const [plan] = await tx
    .insert(paymentPlans)
    .values({
      orderId: order.id,
      userId: order.userId,
      courseId: order.courseId,
      // A bundle's plan (docs/decisions/073): its courses are the first order's line's.
      bundleId: order.kind === "bundle" ? order.bundleId : null,
      title,
      payments,
      paidCount: 1,
      // What each later instalment costs before tax: the first's price after its discount.
      instalmentCents: first ? first.listPriceCents - first.discountCents : order.amountCents - order.taxCents,
      currency: order.currency,
      provider: order.provider,
      providerSubscriptionId,
      status: "active",
      nextDueAt: addMonths(paidAt, 1),
    })
    .onConflictDoNothing({ target: paymentPlans.orderId })
    .returning();
  if (!plan) return null;
  await tx.update(orders).set({ paymentPlanId: plan.id, instalmentNumber: 1 }).where(eq(orders.id, order.id));
  await queueNextTestInstalment({ tx, plan });
  return plan;
}

/** Test mode: the next instalment's job on its due date (its key makes it one per instalment). */
async function queueNextTestInstalment({ tx, plan }: { tx: Transaction; plan: PaymentPlan }) {
  if (plan.provider !== "test" || !plan.nextDueAt || plan.status === "completed") return;
  const number = plan.paidCount + 1;
  const now = new Date();
  await enqueue(
    tx,
    JOB_QUEUE.testPlanPayment,
    { planId: plan.id, number },
    { singletonKey: `test-plan-payment:${plan.id}:${number}`, startAt: plan.nextDueAt > now ? plan.nextDueAt : now },
  );
}

// ---------------------------------------------------------------------------
// Later instalments
// ---------------------------------------------------------------------------

/** The plan can take a payment: not over, not refunded or canceled. */
const OPEN_STATUSES: readonly PaymentPlanStatus[] = ["active", "overdue", "paused"];

export class PlanNotFoundError extends Error {
  constructor(readonly planId: string) {
    super(`No payment plan ${planId}`);
    this.name = "PlanNotFoundError";
  }
}

async function lockPlan({ tx, where }: { tx: Transaction; where: ReturnType<typeof eq> }) {
  const [plan] = await tx.select().from(paymentPlans).where(where).for("update");
  return plan ?? null;
}

export type InstalmentOutcome = "paid" | "declined" | "not-due" | "closed";

/**
 * One later instalment, paid: an order of its own (the first's line, priced as it was), its
 * invoice, receipt and webhook, the affiliate's commission on it, and the plan one step further
 * (completed after the last; an overdue or paused plan is active again). `number` names the
 * instalment a job or a webhook is for: one already paid changes nothing (idempotent). Test mode's
 * job, the owner's "Run the next payment now" and Stripe's `invoice.paid` all come here.
 */
export async function recordPlanInstalment({
  planId,
  number,
  paymentId,
  paidAt = new Date(),
  amountCents,
  taxCents,
}: {
  planId: string;
  /** The instalment paid; left out: the next one. */
  number?: number;
  /** The provider's payment (Stripe's invoice); test mode makes one up. */
  paymentId?: string;
  paidAt?: Date;
  /** What the provider charged, tax included, when it says (Stripe); else the plan's price. */
  amountCents?: number;
  taxCents?: number;
}): Promise<{ outcome: InstalmentOutcome; orderId?: string }> {
  return db().transaction(async (tx) => {
    const plan = await lockPlan({ tx, where: eq(paymentPlans.id, planId) });
    if (!plan) throw new PlanNotFoundError(planId);
    // Money the provider took before its subscription ended (an invoice.paid delivered after the
    // subscription's deletion) is recorded on the canceled plan all the same (docs/decisions/073).
    const latePayment = plan.status === "canceled" && paymentId !== undefined;
    if (!OPEN_STATUSES.includes(plan.status as PaymentPlanStatus) && !latePayment) return { outcome: "closed" };
    // A provider's payment recorded already (Stripe's invoice.paid delivered again) is not paid twice.
    if (paymentId) {
      const [known] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.paymentPlanId, plan.id), eq(orders.paymentId, paymentId)));
      if (known) return { outcome: "not-due", orderId: known.id };
    }
    const next = plan.paidCount + 1;
    if (next > plan.payments) return { outcome: "closed" };
    if (number !== undefined && number !== next) return { outcome: "not-due" };
    const [first] = await tx.select().from(orders).where(eq(orders.id, plan.orderId));
    if (!first) throw new PlanNotFoundError(planId);
    const firstLine = ((await listOrderLines({ orderIds: [first.id], database: tx })).get(first.id) ?? [])[0];
    const tax = taxCents ?? firstLine?.taxCents ?? 0;
    const charged = amountCents ?? plan.instalmentCents + tax;
    const title = instalmentTitle({ title: plan.title, number: next, payments: plan.payments });
    const [order] = await tx
      .insert(orders)
      .values({
        userId: plan.userId,
        customerEmail: first.customerEmail,
        customerName: first.customerName,
        // The first order's kind: a course's plan, or a bundle's (docs/decisions/073).
        kind: first.kind,
        courseId: plan.courseId,
        bundleId: first.bundleId,
        itemTitle: title,
        amountCents: charged,
        listPriceCents: charged - tax,
        discountCents: 0,
        taxCents: tax,
        taxRateBasisPoints: first.taxRateBasisPoints,
        buyerName: first.buyerName,
        buyerAddress: first.buyerAddress,
        buyerCountry: first.buyerCountry,
        buyerTaxId: first.buyerTaxId,
        currency: plan.currency,
        provider: plan.provider,
        status: "paid",
        paidAt,
        paymentId: paymentId ?? `test_plan_${plan.id}_${next}`,
        affiliateId: first.affiliateId,
        paymentPlanId: plan.id,
        instalmentNumber: next,
      })
      .returning();
    await writeOrderLines({
      tx,
      orderId: order!.id,
      lines: [
        {
          kind: firstLine?.kind === "bundle" ? "bundle" : "course",
          courseId: plan.courseId,
          plan: null,
          // A bundle's instalment sells the same courses as its first payment did.
          bundleId: firstLine?.bundleId ?? null,
          bundleCourseIds: firstLine?.bundleCourseIds ?? [],
          title,
          listPriceCents: charged - tax,
          discountCents: 0,
          taxCents: tax,
        },
      ],
    });
    const lines = (await listOrderLines({ orderIds: [order!.id], database: tx })).get(order!.id) ?? [];
    await emitWebhookEvent({ tx, type: "order.paid", data: { order: orderItem(order!, lines) } });
    await issueInvoice({ tx, order: order!, kind: "invoice", issuedAt: paidAt });
    // The referring affiliate earns on each instalment, as on the first (docs/decisions/063).
    await recordAffiliateCommission({ tx, orderId: order!.id });
    await sendOrderReceipt({ orderId: order!.id, database: tx });
    const completed = next === plan.payments;
    const [moved] = await tx
      .update(paymentPlans)
      .set({
        paidCount: next,
        status: completed ? "completed" : latePayment ? "canceled" : "active",
        nextDueAt: completed || latePayment ? null : addMonths(plan.nextDueAt ?? paidAt, 1),
        overdueSince: null,
        updatedAt: new Date(),
      })
      .where(eq(paymentPlans.id, plan.id))
      .returning();
    await queueNextTestInstalment({ tx, plan: moved! });
    logger.info({ planId, number: next, orderId: order!.id }, "payment plan instalment paid");
    return { outcome: "paid" as const, orderId: order!.id };
  });
}

/**
 * The instalment due was declined: the plan is overdue from now (the grace period counts from the
 * first failure), and the buyer is mailed, in the same transaction, with where to update their card.
 * A plan past its grace period already is paused at once.
 */
export async function recordPlanInstalmentFailure({ planId, now = new Date() }: { planId: string; now?: Date }) {
  return db().transaction(async (tx) => {
    const plan = await lockPlan({ tx, where: eq(paymentPlans.id, planId) });
    if (!plan) throw new PlanNotFoundError(planId);
    if (!OPEN_STATUSES.includes(plan.status as PaymentPlanStatus)) return { outcome: "closed" as const };
    const overdueSince = plan.overdueSince ?? now;
    const graceDays = await findPlanGraceDays({ database: tx });
    const status: PaymentPlanStatus = addDays(overdueSince, graceDays) <= now ? "paused" : "overdue";
    await tx.update(paymentPlans).set({ status, overdueSince, updatedAt: now }).where(eq(paymentPlans.id, plan.id));
    // One message per instalment that fails, however many times the provider retries it.
    await mailPlanPaymentFailed({ tx, plan, graceEndsAt: addDays(overdueSince, graceDays) });
    logger.warn({ planId, status }, "payment plan instalment declined");
    return { outcome: status };
  });
}

async function mailPlanPaymentFailed({ tx, plan, graceEndsAt }: { tx: Transaction; plan: PaymentPlan; graceEndsAt: Date }) {
  if (!plan.userId) return;
  const [buyer] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, plan.userId));
  if (!buyer) return;
  const settings = await getSiteSettings({ database: tx });
  const origin = getConfig().publicUrl;
  const number = plan.paidCount + 1;
  await sendMail(
    {
      kind: "plan-payment-failed",
      key: `plan-payment-failed:${plan.id}:${number}`,
      to: buyer.email,
      ...planPaymentFailedMail({
        schoolName: settings.schoolName,
        name: buyer.name,
        title: plan.title,
        amount: formatPrice(plan.instalmentCents, plan.currency),
        number,
        payments: plan.payments,
        pausesOn: formatDate(graceEndsAt),
        // Stripe mode: the account page's button opens Stripe's customer portal to change the card.
        updateCardUrl: `${origin}/account#payment-plans`,
      }),
    },
    { database: tx },
  );
}

/** The plan a Stripe subscription pays, or null (a membership's subscription). */
export async function findPlanBySubscription({ providerSubscriptionId }: { providerSubscriptionId: string }) {
  const [plan] = await db()
    .select({ id: paymentPlans.id, payments: paymentPlans.payments, orderId: paymentPlans.orderId, provider: paymentPlans.provider })
    .from(paymentPlans)
    .where(eq(paymentPlans.providerSubscriptionId, providerSubscriptionId));
  return plan ?? null;
}

/**
 * Stripe's plan ends by itself: its subscription is told to cancel a day before the charge after
 * the N-th (the first paid + N months - 1 day), charging nothing more. Setting it again is harmless,
 * so each delivery of the checkout's completion sets it (a failed call makes Stripe retry the event).
 */
export async function scheduleStripePlanEnd({ providerSubscriptionId }: { providerSubscriptionId: string }) {
  const plan = await findPlanBySubscription({ providerSubscriptionId });
  if (!plan || plan.provider !== "stripe") return false;
  const [first] = await db().select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, plan.orderId));
  if (!first?.paidAt) return false;
  const cancelAt = addDays(addMonths(first.paidAt, plan.payments), -1);
  await paymentsProviderFor("stripe").endSubscriptionAt({ providerSubscriptionId, cancelAt });
  return true;
}

/**
 * Stripe says a plan's subscription ended (`customer.subscription.deleted`, docs/decisions/073):
 * the buyer ended it in the customer portal, or Stripe gave up on a declined card after its
 * retries. A plan still owing payments is `canceled`: nothing more is charged, and its courses stay
 * closed as an unpaid plan's (the access rule reads `canceled` as `paused`). A plan whose last
 * instalment was paid is `completed` already (its subscription ends at `cancel_at` after that) and
 * does not change, nor does a refunded one. The event is claimed in the same transaction, so a
 * replay changes nothing.
 */
export async function recordPlanSubscriptionEnded({
  event,
  providerSubscriptionId,
  endedAt,
}: {
  event: PaymentEvent;
  providerSubscriptionId: string;
  endedAt: Date;
}) {
  return db().transaction(async (tx) => {
    if (!(await claimEvent({ tx, event }))) return { outcome: "duplicate" as const };
    const plan = await lockPlan({ tx, where: eq(paymentPlans.providerSubscriptionId, providerSubscriptionId) });
    if (!plan) return { outcome: "unknown" as const };
    if (!OPEN_STATUSES.includes(plan.status as PaymentPlanStatus) || plan.paidCount >= plan.payments) return { outcome: "unchanged" as const };
    await tx.update(paymentPlans).set({ status: "canceled", nextDueAt: null, updatedAt: endedAt }).where(eq(paymentPlans.id, plan.id));
    logger.warn({ planId: plan.id, paidCount: plan.paidCount, payments: plan.payments }, "payment plan's subscription ended before it was paid in full");
    return { outcome: "canceled" as const };
  });
}

/** Days an overdue plan keeps its access (Admin → Settings; 7 unless changed). */
export async function findPlanGraceDays({ database }: { database?: Queryable } = {}) {
  return (await getSiteSettings({ database })).planGraceDays;
}

/**
 * The scheduled sweep: overdue plans past their grace period are paused (their course closes),
 * and in test mode the instalments due and not yet paid are paid (a lost job only delays one).
 */
export async function settleDuePaymentPlans(now = new Date()) {
  const graceDays = await findPlanGraceDays();
  const paused = await db()
    .update(paymentPlans)
    .set({ status: "paused", updatedAt: now })
    .where(and(eq(paymentPlans.status, "overdue"), lte(paymentPlans.overdueSince, addDays(now, -graceDays))))
    .returning({ id: paymentPlans.id });
  const due = await db()
    .select({ id: paymentPlans.id, paidCount: paymentPlans.paidCount })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.provider, "test"), eq(paymentPlans.status, "active"), lte(paymentPlans.nextDueAt, now)));
  let paid = 0;
  for (const plan of due) {
    const { outcome } = await recordPlanInstalment({ planId: plan.id, number: plan.paidCount + 1 });
    if (outcome === "paid") paid += 1;
  }
  return { paused: paused.length, paid };
}

/** Test mode's job: the instalment it was queued for, unless paid already (or the plan ended). */
export async function chargeTestPlanInstalment({ planId, number }: { planId: string; number: number }) {
  const [plan] = await db().select({ provider: paymentPlans.provider, status: paymentPlans.status }).from(paymentPlans).where(eq(paymentPlans.id, planId));
  // An overdue plan waits for its buyer (or the owner's control): the job does not retry a decline.
  if (plan?.provider !== "test" || plan.status !== "active") return { outcome: "closed" as const };
  return recordPlanInstalment({ planId, number });
}

// ---------------------------------------------------------------------------
// Refunds
// ---------------------------------------------------------------------------

/** The paid orders of a plan, the latest instalment first (the first one, which opened the course, last). */
export async function listPlanPaidOrders({ tx, planId }: { tx: Queryable; planId: string }) {
  return tx
    .select({ id: orders.id, paymentId: orders.paymentId, provider: orders.provider, amountCents: orders.amountCents })
    .from(orders)
    .where(and(eq(orders.paymentPlanId, planId), eq(orders.status, "paid")))
    .orderBy(desc(orders.instalmentNumber));
}

/** The plan a refund ends: nothing more is charged (`refunded`). In the refund's transaction. */
export async function endRefundedPlan({ tx, planId }: { tx: Transaction; planId: string }) {
  await tx
    .update(paymentPlans)
    .set({ status: "refunded", nextDueAt: null, overdueSince: null, updatedAt: new Date() })
    .where(and(eq(paymentPlans.id, planId), inArray(paymentPlans.status, [...OPEN_STATUSES, "completed", "canceled"])));
}

// ---------------------------------------------------------------------------
// Reading plans
// ---------------------------------------------------------------------------

const planColumns = {
  id: paymentPlans.id,
  orderId: paymentPlans.orderId,
  title: paymentPlans.title,
  payments: paymentPlans.payments,
  paidCount: paymentPlans.paidCount,
  instalmentCents: paymentPlans.instalmentCents,
  currency: paymentPlans.currency,
  provider: paymentPlans.provider,
  status: paymentPlans.status,
  nextDueAt: paymentPlans.nextDueAt,
  overdueSince: paymentPlans.overdueSince,
  createdAt: paymentPlans.createdAt,
};

/** One person's plans, newest first: the account's and the admin's user page. */
export async function listUserPaymentPlans({ userId }: { userId: string }) {
  return db()
    .select({ ...planColumns, bundleId: paymentPlans.bundleId, courseSlug: courses.slug })
    .from(paymentPlans)
    .leftJoin(courses, eq(courses.id, paymentPlans.courseId))
    .where(eq(paymentPlans.userId, userId))
    .orderBy(desc(paymentPlans.createdAt), desc(paymentPlans.id));
}

export type UserPaymentPlan = Awaited<ReturnType<typeof listUserPaymentPlans>>[number];

/** Analytics: what plans collected in [from, to) and what open plans still have to collect. */
export async function planPaymentFigures({ from, to, database = db() }: { from: Date; to: Date; database?: Queryable }) {
  const [collected] = await database
    .select({
      count: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${orders.amountCents}), 0)::int`,
    })
    .from(orders)
    .where(and(isNotNull(orders.paymentPlanId), eq(orders.status, "paid"), gte(orders.paidAt, from), lt(orders.paidAt, to)));
  const [outstanding] = await database
    .select({
      plans: sql<number>`count(*)::int`,
      payments: sql<number>`coalesce(sum(${paymentPlans.payments} - ${paymentPlans.paidCount}), 0)::int`,
      cents: sql<number>`coalesce(sum((${paymentPlans.payments} - ${paymentPlans.paidCount}) * ${paymentPlans.instalmentCents}), 0)::int`,
      overdue: sql<number>`count(*) filter (where ${paymentPlans.status} in ('overdue', 'paused'))::int`,
    })
    .from(paymentPlans)
    .where(inArray(paymentPlans.status, [...OPEN_STATUSES]));
  return {
    collectedPayments: collected?.count ?? 0,
    collectedCents: collected?.cents ?? 0,
    outstandingPlans: outstanding?.plans ?? 0,
    outstandingPayments: outstanding?.payments ?? 0,
    outstandingCents: outstanding?.cents ?? 0,
    overduePlans: outstanding?.overdue ?? 0,
  };
}


/** A plan as the lists show it (PaymentPlansList's view), with dates and money formatted here. */
export function toPaymentPlanView(plan: UserPaymentPlan, graceDays: number) {
  const overdue = plan.status === "overdue" || plan.status === "paused";
  const open = OPEN_STATUSES.includes(plan.status as PaymentPlanStatus);
  const pausesOn = plan.overdueSince ? formatDate(addDays(plan.overdueSince, graceDays)) : null;
  // A bundle's plan closes the bundle's courses (docs/decisions/073); a course's, its course.
  const closes = plan.bundleId ? "the bundle's courses are" : "the course is";
  const pauses = plan.bundleId ? "the bundle's courses pause" : "the course pauses";
  return {
    id: plan.id,
    title: plan.title,
    courseSlug: plan.courseSlug,
    payments: plan.payments,
    paidCount: plan.paidCount,
    price: `${formatPrice(plan.instalmentCents, plan.currency)} a month, ${formatPrice(plan.instalmentCents * plan.payments, plan.currency)} in all`,
    status: plan.status,
    statusLabel: PLAN_STATUS_LABELS[plan.status as PaymentPlanStatus] ?? plan.status,
    next:
      plan.status === "canceled"
        ? `Canceled: the plan ended before it was paid in full, and ${closes} closed`
        : plan.status === "paused"
        ? `Paused: a payment is overdue and ${closes} closed until it is paid`
        : plan.status === "overdue"
          ? `Overdue: a payment failed; ${pauses} on ${pausesOn} unless it is paid`
          : open && plan.nextDueAt
            ? `Next payment on ${formatDate(plan.nextDueAt)}`
            : null,
    overdue: overdue || plan.status === "canceled",
    canRunNext: open && plan.provider === "test",
    /** Test mode: the buyer pays the overdue instalment from their account ("Pay the overdue payment"). */
    canPayOverdue: overdue && plan.provider === "test",
    /** Stripe: the buyer changes the card in Stripe's customer portal ("Update my card"); Stripe retries the payment. */
    canUpdateCard: overdue && plan.provider === "stripe",
  };
}

/** One person's plans, as views. */
export async function listUserPaymentPlanViews({ userId }: { userId: string }) {
  const [plans, graceDays] = await Promise.all([listUserPaymentPlans({ userId }), findPlanGraceDays()]);
  return plans.map((plan) => toPaymentPlanView(plan, graceDays));
}

/**
 * Admin → the user's page, test mode only: "Run the next payment now" (paid) or "Decline the next
 * payment" (the failure path: overdue, the buyer's e-mail). The plan must be this person's.
 */
export async function runNextTestInstalment({ planId, userId, outcome }: { planId: string; userId: string; outcome: "paid" | "declined" }) {
  const [plan] = await db()
    .select({ id: paymentPlans.id, provider: paymentPlans.provider })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.id, planId), eq(paymentPlans.userId, userId)));
  if (!plan || plan.provider !== "test") throw new PlanNotFoundError(planId);
  if (outcome === "declined") return { outcome: (await recordPlanInstalmentFailure({ planId })).outcome };
  return recordPlanInstalment({ planId });
}

/**
 * The buyer's "Pay the overdue payment" (the account's plans, test mode): the overdue or paused
 * plan's instalment is paid as the owner's "Run the next payment now" pays it, which reopens the
 * course. The plan must be this person's; one with nothing overdue pays nothing (`not-due`).
 */
export async function payOverdueTestInstalment({ planId, userId }: { planId: string; userId: string }) {
  const [plan] = await db()
    .select({ id: paymentPlans.id, provider: paymentPlans.provider, status: paymentPlans.status, paidCount: paymentPlans.paidCount })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.id, planId), eq(paymentPlans.userId, userId)));
  if (!plan || plan.provider !== "test") throw new PlanNotFoundError(planId);
  if (plan.status !== "overdue" && plan.status !== "paused") return { outcome: "not-due" as const };
  // The number read here: a second click, or a job racing it, pays the instalment once.
  return recordPlanInstalment({ planId, number: plan.paidCount + 1 });
}

/**
 * The buyer's "Update my card" (an overdue Stripe plan): a Stripe customer-portal session for their
 * customer, back to the account's plans. Made when clicked, as portal sessions are short-lived (the
 * failure e-mail links to the account's plans, where this button is). The plan must be this person's.
 */
export async function openPlanCardUpdate({ planId, userId }: { planId: string; userId: string }) {
  const [plan] = await db()
    .select({ provider: paymentPlans.provider, stripeCustomerId: users.stripeCustomerId })
    .from(paymentPlans)
    .innerJoin(users, eq(users.id, paymentPlans.userId))
    .where(and(eq(paymentPlans.id, planId), eq(paymentPlans.userId, userId)));
  if (!plan || plan.provider !== "stripe") throw new PlanNotFoundError(planId);
  return paymentsProviderFor("stripe").openBillingPortal({
    stripeCustomerId: plan.stripeCustomerId,
    returnUrl: `${getConfig().publicUrl}/account#payment-plans`,
  });
}
