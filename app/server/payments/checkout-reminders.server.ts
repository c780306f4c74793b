import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { MEMBERSHIP_ACCESS_STATUSES, type SubscriptionPlan } from "~/lib/domain-values";
import { db, type Queryable } from "~/server/db/client.server";
import { bundles, checkoutStarts, courses, enrollments, mailOptOuts, orders, siteSettings, subscriptions, users } from "~/server/db/schema";
import { sendMail } from "~/server/mail/mail-queue.server";
import { checkoutReminderMail } from "~/server/mail/templates.server";
import { unsubscribeUrl } from "~/server/mail/unsubscribe.server";
import { getConfig } from "~/server/platform/config.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { membershipTitle } from "./membership-title.server";

/**
 * Abandoned checkouts (issue 39): a signed-in person who opened the checkout of a course, a bundle
 * (docs/decisions/071) or a plan
 * and did not pay gets one e-mail an hour after their last visit, with the checkout's link (and its
 * coupon). Not when they stopped marketing mail, bought the product since, or the owner turned
 * reminders off (Settings). A checkout older than two days is left alone: turning reminders back on
 * does not mail last month's visitors.
 */

export const CHECKOUT_REMINDER_DELAY_MS = 60 * 60 * 1000;
const CHECKOUT_REMINDER_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;

type StartedItem =
  | { courseId: string; plan?: undefined; bundleId?: undefined }
  | { bundleId: string; courseId?: undefined; plan?: undefined }
  | { plan: SubscriptionPlan; courseId?: undefined; bundleId?: undefined };

/**
 * Notes that a signed-in person has the checkout of this product open: a first visit writes the
 * row, a later one moves its time and coupon (until its one reminder has gone out).
 */
export async function recordCheckoutStart({
  userId,
  item,
  couponCode,
  at = new Date(),
}: {
  userId: string;
  item: StartedItem;
  couponCode: string | null;
  at?: Date;
}) {
  const productKey = item.courseId ? `course:${item.courseId}` : item.bundleId ? `bundle:${item.bundleId}` : `membership:${item.plan}`;
  await db()
    .insert(checkoutStarts)
    .values({
      userId,
      productKey,
      courseId: item.courseId ?? null,
      bundleId: item.bundleId ?? null,
      plan: item.plan ?? null,
      couponCode,
      startedAt: at,
    })
    .onConflictDoUpdate({
      target: [checkoutStarts.userId, checkoutStarts.productKey],
      set: { couponCode, startedAt: at },
      setWhere: isNull(checkoutStarts.remindedAt),
    });
}

export async function areCheckoutRemindersOn({ database = db() }: { database?: Queryable } = {}) {
  const [row] = await database.select({ on: siteSettings.checkoutRemindersEnabled }).from(siteSettings).where(eq(siteSettings.id, true));
  return row?.on ?? true;
}

/** The owner's switch (Settings); the settings row must exist (a settings save makes it). */
export async function setCheckoutReminders({ enabled, database = db() }: { enabled: boolean; database?: Queryable }) {
  await database.update(siteSettings).set({ checkoutRemindersEnabled: enabled }).where(eq(siteSettings.id, true));
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The job (every 10 minutes): claims the due checkouts and queues their reminders in one
 * transaction. The claim is the UPDATE that sets `reminded_at` on rows where it is still null: a
 * second worker running at the same moment waits for the row, sees it set, and skips it; the mail's
 * key (the checkout's id) would refuse a second message anyway.
 */
export async function sendCheckoutReminders({ now = new Date() }: { now?: Date } = {}) {
  if (!(await areCheckoutRemindersOn())) return { reminded: 0 };
  const dueBefore = new Date(now.getTime() - CHECKOUT_REMINDER_DELAY_MS);
  const tooOld = new Date(now.getTime() - CHECKOUT_REMINDER_WINDOW_MS);
  const { schoolName } = await getSiteSettings();
  const origin = getConfig().publicUrl;
  return db().transaction(async (tx) => {
    const claimed = await tx
      .update(checkoutStarts)
      .set({ remindedAt: now })
      .where(
        and(
          isNull(checkoutStarts.remindedAt),
          lte(checkoutStarts.startedAt, dueBefore),
          gt(checkoutStarts.startedAt, tooOld),
          // Stopped marketing mail.
          sql`not exists (select 1 from ${mailOptOuts} join ${users} on lower(${users.email}) = ${mailOptOuts.email} where ${users.id} = ${checkoutStarts.userId})`,
          // Bought it since (or holds it some other way now).
          sql`not exists (select 1 from ${orders} where ${orders.userId} = ${checkoutStarts.userId} and ${orders.status} in ('paid', 'refunded')
                and ${orders.paidAt} >= ${checkoutStarts.startedAt}
                and (${orders.courseId} = ${checkoutStarts.courseId} or ${orders.bundleId} = ${checkoutStarts.bundleId}
                  or (${checkoutStarts.plan} is not null and ${orders.kind} = 'membership')))`,
          sql`not exists (select 1 from ${enrollments} where ${enrollments.userId} = ${checkoutStarts.userId} and ${enrollments.courseId} = ${checkoutStarts.courseId} and ${enrollments.status} = 'active')`,
          sql`not exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${checkoutStarts.userId}
                and ${inArray(subscriptions.status, [...MEMBERSHIP_ACCESS_STATUSES])} and ${subscriptions.currentPeriodEnd} > ${at(now)})`,
          // A course no longer for sale is not reminded of.
          sql`(${checkoutStarts.courseId} is null or exists (select 1 from ${courses} where ${courses.id} = ${checkoutStarts.courseId} and ${courses.status} = 'published'))`,
          // Nor a bundle no longer published.
          sql`(${checkoutStarts.bundleId} is null or exists (select 1 from ${bundles} where ${bundles.id} = ${checkoutStarts.bundleId} and ${bundles.status} = 'published'))`,
        ),
      )
      .returning({ id: checkoutStarts.id });
    if (claimed.length === 0) return { reminded: 0 };
    const rows = await tx
      .select({
        id: checkoutStarts.id,
        courseId: checkoutStarts.courseId,
        bundleId: checkoutStarts.bundleId,
        plan: checkoutStarts.plan,
        couponCode: checkoutStarts.couponCode,
        email: users.email,
        name: users.name,
        courseTitle: courses.title,
        bundleTitle: bundles.title,
      })
      .from(checkoutStarts)
      .innerJoin(users, eq(users.id, checkoutStarts.userId))
      .leftJoin(courses, eq(courses.id, checkoutStarts.courseId))
      .leftJoin(bundles, eq(bundles.id, checkoutStarts.bundleId))
      .where(
        inArray(
          checkoutStarts.id,
          claimed.map((row) => row.id),
        ),
      );
    for (const row of rows) {
      const params = new URLSearchParams(
        row.courseId ? { courseId: row.courseId } : row.bundleId ? { bundleId: row.bundleId } : { plan: row.plan! },
      );
      if (row.couponCode) params.set("coupon", row.couponCode);
      const title = row.courseTitle ?? row.bundleTitle ?? membershipTitle(schoolName, row.plan as SubscriptionPlan);
      await sendMail(
        {
          kind: "checkout-reminder",
          key: `checkout-reminder:${row.id}`,
          to: row.email,
          ...checkoutReminderMail({
            schoolName,
            name: row.name,
            itemTitle: title,
            url: `${origin}/checkout?${params}`,
            unsubscribeUrl: unsubscribeUrl(row.email),
          }),
        },
        { database: tx },
      );
    }
    return { reminded: rows.length };
  });
}
