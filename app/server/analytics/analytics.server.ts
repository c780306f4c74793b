import { sql, type SQL } from "drizzle-orm";
import type { AnalyticsBucket, AnalyticsRange } from "~/lib/analytics-range";
import { ORDER_LINE_KINDS, type OrderLineKind } from "~/lib/domain-values";
import { db } from "~/server/db/client.server";

/**
 * Admin → Analytics (docs/decisions/029): every figure is one SQL statement over orders,
 * subscriptions, users and lesson_progress; nothing is stored twice. Days are UTC days.
 *
 * Revenue is the orders' amounts without their tax (the tax is the state's, not the school's): gross
 * is what was paid in the range (orders paid then, refunded since or not), refunded is what was
 * refunded in the range, net is gross minus refunded. The
 * store sells in one currency (the settings' currency, which cannot change once orders exist), so amounts add up.
 */

type Row = Record<string, unknown>;

async function rowsOf(statement: SQL): Promise<Row[]> {
  const result = (await db().execute(statement)) as unknown as Row[] | { rows: Row[] };
  return Array.isArray(result) ? [...result] : result.rows;
}

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const iso = (date: Date) => date.toISOString();

/** The range's buckets as a CTE named `buckets(start)`, from the bucket holding `from` to the one holding the last day. */
function bucketsCte({ from, to, bucket }: Pick<AnalyticsRange, "from" | "to" | "bucket">) {
  const last = new Date(to.getTime() - 1);
  return sql`buckets as (
    select generate_series(
      date_trunc(${bucket}, (${iso(from)}::timestamptz) at time zone 'UTC'),
      date_trunc(${bucket}, (${iso(last)}::timestamptz) at time zone 'UTC'),
      (${`1 ${bucket}`})::interval
    ) as start
  )`;
}

const bucketOf = (bucket: AnalyticsBucket, column: SQL) => sql`date_trunc(${bucket}, ${column} at time zone 'UTC')`;
const inRange = (column: SQL, { from, to }: Pick<AnalyticsRange, "from" | "to">) =>
  sql`${column} >= ${iso(from)}::timestamptz and ${column} < ${iso(to)}::timestamptz`;

/** An order's revenue: what the buyer paid minus the tax in it. */
const REVENUE = sql`(amount_cents - tax_cents)`;
const ORDER_REVENUE = sql`(o.amount_cents - o.tax_cents)`;

export type RevenueTotals = { todayCents: number; last7DaysCents: number; last30DaysCents: number };

/**
 * The dashboard's revenue: orders paid today, in the last 7 and the last 30 days (today included),
 * days as the school's time zone counts them; without tax, and without orders refunded since.
 */
export async function readRevenueTotals({ timeZone, now = new Date() }: { timeZone: string; now?: Date }): Promise<RevenueTotals> {
  const midnight = (daysBack: number) =>
    sql`(date_trunc('day', ${iso(now)}::timestamptz at time zone ${timeZone}) - ${`${daysBack} days`}::interval) at time zone ${timeZone}`;
  const [row] = await rowsOf(sql`
    select
      coalesce(sum(${REVENUE}) filter (where paid_at >= ${midnight(0)}), 0)::bigint as today,
      coalesce(sum(${REVENUE}) filter (where paid_at >= ${midnight(6)}), 0)::bigint as week,
      coalesce(sum(${REVENUE}), 0)::bigint as month
    from orders
    where status = 'paid' and paid_at >= ${midnight(29)} and paid_at <= ${iso(now)}::timestamptz`);
  return { todayCents: num(row?.today), last7DaysCents: num(row?.week), last30DaysCents: num(row?.month) };
}

export type RevenuePoint = { day: string; grossCents: number; refundedCents: number; netCents: number; sales: number; refunds: number };

/** Gross, refunded and net revenue and the count of sales and refunds, per bucket, empty buckets included. */
export async function readRevenueSeries(range: Pick<AnalyticsRange, "from" | "to" | "bucket">): Promise<RevenuePoint[]> {
  const { bucket } = range;
  const rows = await rowsOf(sql`
    with ${bucketsCte(range)},
    paid as (
      select ${bucketOf(bucket, sql`paid_at`)} as start, sum(${REVENUE})::bigint as gross, count(*)::int as sales
      from orders
      where status in ('paid', 'refunded') and ${inRange(sql`paid_at`, range)}
      group by 1
    ),
    refunded as (
      select ${bucketOf(bucket, sql`refunded_at`)} as start, sum(${REVENUE})::bigint as refunded, count(*)::int as refunds
      from orders
      where status = 'refunded' and ${inRange(sql`refunded_at`, range)}
      group by 1
    )
    select to_char(b.start, 'YYYY-MM-DD') as day, coalesce(p.gross, 0) as gross, coalesce(p.sales, 0) as sales,
      coalesce(r.refunded, 0) as refunded, coalesce(r.refunds, 0) as refunds
    from buckets b left join paid p on p.start = b.start left join refunded r on r.start = b.start
    order by b.start`);
  return rows.map((row) => ({
    day: String(row.day),
    grossCents: num(row.gross),
    refundedCents: num(row.refunded),
    netCents: num(row.gross) - num(row.refunded),
    sales: num(row.sales),
    refunds: num(row.refunds),
  }));
}

export type KindSalesRow = { kind: OrderLineKind; sales: number; grossCents: number; refundedCents: number; netCents: number };

/**
 * Revenue by what was sold (docs/decisions/061): the order lines of each kind paid in the range
 * (their amounts, tax included), and those refunded in it. Every kind has its row, sold or not.
 */
export async function readKindSales(range: Pick<AnalyticsRange, "from" | "to">): Promise<KindSalesRow[]> {
  const paidInRange = sql`o.status in ('paid', 'refunded') and ${inRange(sql`o.paid_at`, range)}`;
  const refundedInRange = sql`l.refunded_at is not null and ${inRange(sql`l.refunded_at`, range)}`;
  const rows = await rowsOf(sql`
    select l.kind,
      count(*) filter (where ${paidInRange})::int as sales,
      coalesce(sum(l.amount_cents) filter (where ${paidInRange}), 0)::bigint as gross,
      coalesce(sum(l.amount_cents) filter (where ${refundedInRange}), 0)::bigint as refunded
    from order_lines l
    join orders o on o.id = l.order_id
    where (${paidInRange}) or (${refundedInRange})
    group by l.kind`);
  return ORDER_LINE_KINDS.map((kind) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    const grossCents = num(row?.gross);
    const refundedCents = num(row?.refunded);
    return { kind, sales: num(row?.sales), grossCents, refundedCents, netCents: grossCents - refundedCents };
  });
}

/**
 * The order bumps' take rate (docs/decisions/067): of the orders paid in the range whose checkout
 * showed a bump, how many took it.
 */
export async function readBumpTakeRate(range: Pick<AnalyticsRange, "from" | "to">) {
  const [row] = await rowsOf(sql`
    select count(*)::int as offered,
      count(*) filter (where exists (select 1 from order_lines l where l.order_id = o.id and l.kind = 'bump'))::int as taken
    from orders o
    where o.bump_offered and o.status in ('paid', 'refunded') and ${inRange(sql`o.paid_at`, range)}`);
  const offered = num(row?.offered);
  const taken = num(row?.taken);
  return { offered, taken, percent: offered > 0 ? Math.round((taken * 100) / offered) : null };
}

/**
 * The one-click upsells' take rate (docs/decisions/070): of the offer pages shown in the range
 * (one per paid order at most), how many sold the offer (its order paid, refunded since or not).
 */
export async function readUpsellTakeRate(range: Pick<AnalyticsRange, "from" | "to">) {
  const [row] = await rowsOf(sql`
    select count(*)::int as offered,
      count(*) filter (where exists (select 1 from orders u where u.upsell_of_order_id = o.id and u.status in ('paid', 'refunded')))::int as taken
    from orders o
    where o.upsell_shown_at is not null and ${inRange(sql`o.upsell_shown_at`, range)}`);
  const offered = num(row?.offered);
  const taken = num(row?.taken);
  return { offered, taken, percent: offered > 0 ? Math.round((taken * 100) / offered) : null };
}

export type CourseSalesRow = {
  courseId: string | null;
  title: string;
  views: number;
  sales: number;
  grossCents: number;
  refundedCents: number;
  netCents: number;
};

/**
 * Per course: page views (visitors a day) in the range, sales and what they paid in the range,
 * what was refunded in the range, and net. The title is the course's current one, or the one kept
 * on its orders once the course is deleted.
 */
export async function readCourseSales(range: Pick<AnalyticsRange, "from" | "to">, limit = 100): Promise<CourseSalesRow[]> {
  const paidInRange = sql`o.status in ('paid', 'refunded') and ${inRange(sql`o.paid_at`, range)}`;
  const refundedInRange = sql`o.status = 'refunded' and ${inRange(sql`o.refunded_at`, range)}`;
  const day = (date: Date) => sql`((${iso(date)}::timestamptz) at time zone 'UTC')::date`;
  const rows = await rowsOf(sql`
    with sales as (
      select o.course_id, max(o.item_title) as title,
        count(*) filter (where ${paidInRange})::int as sales,
        coalesce(sum(${ORDER_REVENUE}) filter (where ${paidInRange}), 0)::bigint as gross,
        coalesce(sum(${ORDER_REVENUE}) filter (where ${refundedInRange}), 0)::bigint as refunded
      from orders o
      where o.kind = 'course' and ((${paidInRange}) or (${refundedInRange}))
      group by o.course_id
    ),
    views as (
      select course_id, count(*)::int as views from course_views
      where day >= ${day(range.from)} and day < ${day(range.to)} group by course_id
    )
    select coalesce(s.course_id, v.course_id) as course_id, coalesce(c.title, s.title) as title,
      coalesce(v.views, 0) as views, coalesce(s.sales, 0) as sales, coalesce(s.gross, 0) as gross, coalesce(s.refunded, 0) as refunded
    from sales s
    full join views v on v.course_id = s.course_id
    left join courses c on c.id = coalesce(s.course_id, v.course_id)
    order by gross desc, views desc, title
    limit ${limit}`);
  return rows.map((row) => ({
    courseId: row.course_id === null ? null : String(row.course_id),
    title: String(row.title),
    views: num(row.views),
    sales: num(row.sales),
    grossCents: num(row.gross),
    refundedCents: num(row.refunded),
    netCents: num(row.gross) - num(row.refunded),
  }));
}

export type AffiliateSalesRow = {
  affiliateId: string;
  code: string;
  name: string;
  sales: number;
  grossCents: number;
  refundedCents: number;
  netCents: number;
  commissionCents: number;
};

/**
 * Revenue and commission by affiliate (docs/decisions/063): per affiliate, the orders their links
 * brought that were paid in the range (before tax, like the courses' table), those refunded in it,
 * and the commission earned in it: sales and renewals written in the range, less those cancelled
 * by a refund, plus the reversals of paid ones (negative). Affiliates with nothing in the range
 * are left out; the biggest net first.
 */
export async function readAffiliateSales(range: Pick<AnalyticsRange, "from" | "to">, limit = 100): Promise<AffiliateSalesRow[]> {
  const paidInRange = sql`o.status in ('paid', 'refunded') and ${inRange(sql`o.paid_at`, range)}`;
  const refundedInRange = sql`o.status = 'refunded' and ${inRange(sql`o.refunded_at`, range)}`;
  const rows = await rowsOf(sql`
    with sales as (
      select o.affiliate_id,
        count(*) filter (where ${paidInRange})::int as sales,
        coalesce(sum(${ORDER_REVENUE}) filter (where ${paidInRange}), 0)::bigint as gross,
        coalesce(sum(${ORDER_REVENUE}) filter (where ${refundedInRange}), 0)::bigint as refunded
      from orders o
      where o.affiliate_id is not null and ((${paidInRange}) or (${refundedInRange}))
      group by o.affiliate_id
    ),
    earned as (
      select c.affiliate_id, coalesce(sum(c.amount_cents), 0)::bigint as commission
      from affiliate_commissions c
      where c.state <> 'reversed' and ${inRange(sql`c.created_at`, range)}
      group by c.affiliate_id
    )
    select a.id, a.code, u.name,
      coalesce(s.sales, 0) as sales, coalesce(s.gross, 0) as gross, coalesce(s.refunded, 0) as refunded,
      coalesce(e.commission, 0) as commission
    from sales s
    full join earned e on e.affiliate_id = s.affiliate_id
    join affiliates a on a.id = coalesce(s.affiliate_id, e.affiliate_id)
    join users u on u.id = a.user_id
    order by coalesce(s.gross, 0) - coalesce(s.refunded, 0) desc, a.code
    limit ${limit}`);
  return rows.map((row) => ({
    affiliateId: String(row.id),
    code: String(row.code),
    name: String(row.name ?? ""),
    sales: num(row.sales),
    grossCents: num(row.gross),
    refundedCents: num(row.refunded),
    netCents: num(row.gross) - num(row.refunded),
    commissionCents: num(row.commission),
  }));
}

export type CountPoint = { day: string; count: number };

/** New accounts per bucket. */
export async function readSignupSeries(range: Pick<AnalyticsRange, "from" | "to" | "bucket">): Promise<CountPoint[]> {
  const rows = await rowsOf(sql`
    with ${bucketsCte(range)},
    signups as (
      select ${bucketOf(range.bucket, sql`created_at`)} as start, count(*)::int as count
      from users where ${inRange(sql`created_at`, range)} group by 1
    )
    select to_char(b.start, 'YYYY-MM-DD') as day, coalesce(s.count, 0) as count
    from buckets b left join signups s on s.start = b.start order by b.start`);
  return rows.map((row) => ({ day: String(row.day), count: num(row.count) }));
}

export type MemberPoint = { day: string; joined: number; churned: number };

/** A membership that never got its first payment never started: it counts nowhere. */
const STARTED = sql`s.status not in ('incomplete', 'incomplete_expired')`;

/** New memberships (started in the bucket) and churned ones (canceled in the bucket). */
export async function readMemberSeries(range: Pick<AnalyticsRange, "from" | "to" | "bucket">): Promise<MemberPoint[]> {
  const rows = await rowsOf(sql`
    with ${bucketsCte(range)},
    joined as (
      select ${bucketOf(range.bucket, sql`s.created_at`)} as start, count(*)::int as count
      from subscriptions s where ${STARTED} and ${inRange(sql`s.created_at`, range)} group by 1
    ),
    churned as (
      select ${bucketOf(range.bucket, sql`s.canceled_at`)} as start, count(*)::int as count
      from subscriptions s where ${STARTED} and ${inRange(sql`s.canceled_at`, range)} group by 1
    )
    select to_char(b.start, 'YYYY-MM-DD') as day, coalesce(j.count, 0) as joined, coalesce(c.count, 0) as churned
    from buckets b left join joined j on j.start = b.start left join churned c on c.start = b.start
    order by b.start`);
  return rows.map((row) => ({ day: String(row.day), joined: num(row.joined), churned: num(row.churned) }));
}

export type MemberSummary = { activeMembers: number; mrrCents: number; at: string };

/**
 * Active members and MRR at the end of the range (or now, if sooner). Active: started before
 * then and not canceled by then; a live one must still have access (trialing, active, past due).
 * Each membership's price is its first order's list price, or what it paid when its coupon
 * applies to every payment; a yearly plan counts a twelfth. A membership without an order (made
 * by hand) counts the plan's price from the settings.
 */
export async function readMemberSummary({
  to,
  monthlyCents,
  yearlyCents,
  now = new Date(),
}: {
  to: Date;
  monthlyCents: number;
  yearlyCents: number;
  now?: Date;
}): Promise<MemberSummary> {
  const at = to < now ? to : now;
  // Each membership's first paid order, in one pass over the orders (a subquery per membership
  // would scan them once per member).
  const [row] = await rowsOf(sql`
    with first_orders as (
      select distinct on (o.subscription_id) o.subscription_id,
        case when cp.duration = 'every-payment' then ${ORDER_REVENUE} else greatest(o.list_price_cents, ${ORDER_REVENUE}) end as price
      from orders o left join coupons cp on cp.id = o.coupon_id
      where o.subscription_id is not null and o.status in ('paid', 'refunded')
      order by o.subscription_id, o.created_at
    )
    select count(*)::int as active,
      coalesce(sum(
        coalesce(f.price, case when s.plan = 'yearly' then ${yearlyCents}::int else ${monthlyCents}::int end)::numeric
          / case when s.plan = 'yearly' then 12 else 1 end
      ), 0)::float8 as mrr
    from subscriptions s left join first_orders f on f.subscription_id = s.id
    where ${STARTED} and s.created_at < ${iso(at)}::timestamptz
      and (s.canceled_at is null or s.canceled_at >= ${iso(at)}::timestamptz)
      and (s.canceled_at is not null or s.status in ('trialing', 'active', 'past_due'))`);
  return { activeMembers: num(row?.active), mrrCents: Math.round(num(row?.mrr)), at: iso(at) };
}

export type FunnelStep = { lessonId: string; position: number; title: string; opened: number; finished: number };

/**
 * A course's completion funnel: its lessons in learning order (the flat lessons, then each module's
 * in module order) with how many learners opened each (have a progress row: a saved position or
 * a completion) and how many finished it. All time, not the range: progress rows keep no opening date.
 */
export async function readCourseFunnel({ courseId }: { courseId: string }): Promise<FunnelStep[]> {
  const rows = await rowsOf(sql`
    select l.id, l.title, count(p.user_id)::int as opened, count(p.completed_at)::int as finished
    from lessons l
    left join course_modules m on m.id = l.module_id
    left join lesson_progress p on p.lesson_id = l.id
    where l.course_id = ${courseId}
    group by l.id, l.title, l.module_id, m.position, m.id, l.order_index
    order by (l.module_id is not null), m.position, m.id, l.order_index, l.id`);
  return rows.map((row, index) => ({
    lessonId: String(row.id),
    position: index + 1,
    title: String(row.title),
    opened: num(row.opened),
    finished: num(row.finished),
  }));
}

/** The courses a funnel can be shown for, by title. */
export async function listFunnelCourses(limit = 500) {
  const rows = await rowsOf(sql`select id, title from courses order by lower(title), id limit ${limit}`);
  return rows.map((row) => ({ id: String(row.id), title: String(row.title) }));
}
