import { addDays, subDays } from "date-fns";
import { and, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { JOB_QUEUE } from "~/lib/job-queues";
import { formatDate } from "~/lib/dates";
import { isOneOf, SUBSCRIPTION_PLANS } from "~/lib/domain-values";
import { formatPrice } from "~/lib/money";
import { db, type Queryable, type Transaction } from "~/server/db/client.server";
import { subscriptions, users } from "~/server/db/schema";
import { enqueue } from "~/server/jobs/queue.server";
import { sendMail } from "~/server/mail/mail-queue.server";
import { trialReminderMail } from "~/server/mail/templates.server";
import { getConfig } from "~/server/platform/config.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { membershipTitle } from "./membership-title.server";

/**
 * Membership trials (issue 40, docs/decisions/066): the monthly and yearly plans start free for the
 * settings' number of days, once per account. The trial's end is the subscription's
 * `trial_ends_at`; its first charge is Stripe's (`trial_period_days`) or, in test mode, a job at
 * that moment. A reminder goes out three days before it.
 */

export const TRIAL_REMINDER_DAYS_BEFORE = 3;

/**
 * The trial this account may start now, in days, or null: the settings offer none, the buyer is
 * not signed in (a guest's account is only known when they pay), or the account had one already.
 */
export async function findTrialDays({ userId, database = db() }: { userId: string; database?: Queryable }) {
  const { membershipTrialDays } = await getSiteSettings();
  if (!userId || membershipTrialDays <= 0) return null;
  const [earlier] = await database
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.trialEndsAt)))
    .limit(1);
  return earlier ? null : membershipTrialDays;
}

/** The trial's end for a membership started at `from`. */
export const trialEndAfter = (from: Date, days: number) => addDays(from, days);

/**
 * The trial's jobs, queued in the transaction that starts it: the reminder three days before its
 * end (at once for a shorter trial) and, in test mode, the first charge at its end.
 */
export async function scheduleTrialJobs({
  tx,
  subscriptionId,
  provider,
  trialEndsAt,
  now = new Date(),
}: {
  tx: Transaction;
  subscriptionId: string;
  provider: string;
  trialEndsAt: Date;
  now?: Date;
}) {
  const notBeforeNow = (date: Date) => (date > now ? date : now);
  await enqueue(
    tx,
    JOB_QUEUE.trialReminder,
    { subscriptionId },
    { singletonKey: `trial-reminder:${subscriptionId}`, startAt: notBeforeNow(subDays(trialEndsAt, TRIAL_REMINDER_DAYS_BEFORE)) },
  );
  if (provider === "test") {
    await enqueue(tx, JOB_QUEUE.testTrialCharge, { subscriptionId }, { singletonKey: `test-trial-charge:${subscriptionId}`, startAt: notBeforeNow(trialEndsAt) });
  }
}

/**
 * The reminder's job: mails the member when the trial is still running and will turn into a
 * payment (not when they cancelled: nothing will be charged). Its key makes it one message.
 */
export async function sendTrialReminder({ subscriptionId, now = new Date() }: { subscriptionId: string; now?: Date }) {
  const [row] = await db()
    .select({
      status: subscriptions.status,
      plan: subscriptions.plan,
      trialEndsAt: subscriptions.trialEndsAt,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      email: users.email,
      name: users.name,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.id, subscriptionId));
  if (!row?.trialEndsAt || row.status !== "trialing" || row.cancelAtPeriodEnd || row.trialEndsAt <= now) return { sent: false };
  if (!isOneOf(SUBSCRIPTION_PLANS, row.plan)) return { sent: false };
  const settings = await getSiteSettings();
  const cents = row.plan === "yearly" ? settings.membershipYearlyCents : settings.membershipMonthlyCents;
  const { queued } = await sendMail({
    kind: "trial-reminder",
    key: `trial-reminder:${subscriptionId}`,
    to: row.email,
    ...trialReminderMail({
      schoolName: settings.schoolName,
      name: row.name,
      planTitle: membershipTitle(settings.schoolName, row.plan),
      firstCharge: formatPrice(cents, settings.currency),
      firstChargeOn: formatDate(row.trialEndsAt),
      accountUrl: `${getConfig().publicUrl}/account#membership`,
    }),
  });
  return { sent: queued };
}

export type TrialConversion = {
  /** Trials that started in the range. */
  started: number;
  /** Of those, the ones whose first charge was paid. */
  converted: number;
  /** Of those, the ones that ended without a payment. */
  lapsed: number;
  /** Of those, the ones still running. */
  running: number;
  /** converted ÷ (converted + lapsed), in percent with one decimal; null before any trial has finished. */
  ratePercent: number | null;
};

/** Analytics: how many trials started in [from, to) became paying memberships. */
export async function trialConversion({ from, to, database = db() }: { from: Date; to: Date; database?: Queryable }): Promise<TrialConversion> {
  const [row] = await database
    .select({
      started: sql<number>`count(*)::int`,
      converted: sql<number>`count(*) filter (where ${subscriptions.trialConvertedAt} is not null)::int`,
      running: sql<number>`count(*) filter (where ${subscriptions.trialConvertedAt} is null and ${subscriptions.status} = 'trialing')::int`,
    })
    .from(subscriptions)
    .where(and(isNotNull(subscriptions.trialEndsAt), gte(subscriptions.createdAt, from), lt(subscriptions.createdAt, to)));
  const started = row?.started ?? 0;
  const converted = row?.converted ?? 0;
  const running = row?.running ?? 0;
  const lapsed = started - converted - running;
  const finished = converted + lapsed;
  return { started, converted, lapsed, running, ratePercent: finished > 0 ? Math.round((converted / finished) * 1000) / 10 : null };
}
