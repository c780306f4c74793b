// `npm run bench:analytics`: Admin → Analytics on 100,000 orders, 50,000 users and 10,000
// memberships spread over the last year (docs/decisions/029; the budget is 200 ms p95 a
// figure). Seeds a throwaway PGlite, or a database of its own with BENCH_DATABASE_URL. Prints figures.
//   BENCH_ORDERS=100000   BENCH_USERS=50000   BENCH_MS=1500 (each scenario's time)
//   BENCH_SMOKE=1         a run that checks the command works (500 orders, 500 users, 50 ms a scenario)
import os from "node:os";
import { sql } from "drizzle-orm";
import { setDatabase } from "../app/server/db/client.server";
import { runMigrations } from "../app/server/db/migrate.server";
import { parseAnalyticsRange } from "../app/lib/analytics-range";
import {
  listFunnelCourses,
  readCourseFunnel,
  readCourseSales,
  readMemberSeries,
  readMemberSummary,
  readRevenueSeries,
  readSignupSeries,
} from "../app/server/analytics/analytics.server";
import { benchSetting, openBenchDatabase, time } from "./bench-support";

const ORDERS = benchSetting("BENCH_ORDERS", 100_000, 500);
const USERS = benchSetting("BENCH_USERS", 50_000, 500);
const BUDGET_MS = benchSetting("BENCH_MS", 1500, 50);
/** Members (a fifth of the people, at most 10,000) and learners of the funnel's course (at most 2,000): all of them people who exist. */
const MEMBERS = Math.min(10_000, Math.floor(USERS / 5));
const LEARNERS = Math.min(2_000, USERS);

const { handle, dispose } = await openBenchDatabase("analytics_bench");
try {
  setDatabase(handle);
  await runMigrations(handle, "drizzle");
  const seeding = performance.now();
  await handle.db.execute(sql`
    insert into users (id, name, email, email_verified, role, created_at, updated_at)
    select 'bench-' || g, 'Bench ' || g, 'bench' || g || '@example.test', true, 'user',
      now() - make_interval(secs => g * 31536000.0 / ${USERS}), now()
    from generate_series(1, ${USERS}) as g`);
  await handle.db.execute(sql`
    insert into courses (title, slug, status) select 'Course ' || g, 'bench-course-' || g, 'published' from generate_series(1, 20) as g`);
  await handle.db.execute(sql`
    insert into lessons (course_id, title, slug, type, order_index)
    select c.id, 'Lesson ' || g, 'lesson-' || g, 'article', g from courses c, generate_series(1, 30) as g`);
  await handle.db.execute(sql`
    with c as (select id, title, row_number() over (order by id) as n from courses)
    insert into orders (user_id, customer_email, kind, course_id, item_title, amount_cents, status, provider, paid_at, refunded_at, created_at, updated_at)
    select 'bench-' || (1 + g % ${USERS}), 'bench' || g || '@example.test', 'course', c.id, c.title, 4900 + (g % 5) * 1000,
      case when g % 20 = 0 then 'refunded' when g % 25 = 1 then 'pending' else 'paid' end, 'test',
      case when g % 25 = 1 then null else now() - make_interval(secs => g * 31536000.0 / ${ORDERS}) end,
      case when g % 20 = 0 then now() - make_interval(secs => g * 31536000.0 / ${ORDERS}) + interval '2 days' end,
      now() - make_interval(secs => g * 31536000.0 / ${ORDERS}), now()
    from generate_series(1, ${ORDERS}) as g join c on c.n = 1 + g % 20`);
  await handle.db.execute(sql`
    insert into subscriptions (user_id, plan, status, provider, current_period_end, canceled_at, created_at, updated_at)
    select 'bench-' || g, case when g % 4 = 0 then 'yearly' else 'monthly' end,
      case when g % 5 = 0 then 'canceled' else 'active' end, 'test', now() + interval '20 days',
      case when g % 5 = 0 then now() - make_interval(secs => g * 3153.6) end,
      now() - make_interval(secs => g * 3153.6) - interval '30 days', now()
    from generate_series(1, ${MEMBERS}) as g`);
  await handle.db.execute(sql`
    insert into lesson_progress (user_id, lesson_id, completed_at)
    select 'bench-' || u, l.id, case when l.order_index <= 30 - (u % 30) then now() end
    from generate_series(1, ${LEARNERS}) as u
    join lessons l on l.course_id = (select id from courses order by id limit 1) and l.order_index <= 30 - (u % 25)`);
  await handle.db.execute(sql`vacuum analyze`);
  console.log(
    `\nSeeded ${ORDERS.toLocaleString("en-US")} orders into ${handle.kind} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const [firstCourse] = await listFunnelCourses();
  const scenarios: { name: string; run: () => Promise<unknown> }[] = [];
  for (const key of ["30d", "12m"] as const) {
    const range = parseAnalyticsRange(new URLSearchParams(`range=${key}`));
    scenarios.push(
      { name: `revenue series, ${key}`, run: () => readRevenueSeries(range) },
      { name: `sales per course, ${key}`, run: () => readCourseSales(range) },
      { name: `sign-ups, ${key}`, run: () => readSignupSeries(range) },
      { name: `new and churned members, ${key}`, run: () => readMemberSeries(range) },
    );
  }
  scenarios.push(
    { name: "MRR and active members", run: () => readMemberSummary({ to: new Date(), monthlyCents: 2900, yearlyCents: 29000 }) },
    { name: `completion funnel (30 lessons, ${LEARNERS.toLocaleString("en-US")} learners)`, run: () => readCourseFunnel({ courseId: firstCourse.id }) },
  );
  console.log(`${handle.kind}, ${os.cpus().length} cores, each scenario for ${BUDGET_MS / 1000}s\n`);
  console.log("scenario".padEnd(48), "runs".padStart(6), "median ms".padStart(10), "p95 ms".padStart(8));
  for (const scenario of scenarios) {
    const result = await time(scenario.run, { budgetMs: BUDGET_MS });
    console.log(
      scenario.name.padEnd(48),
      String(result.runs).padStart(6),
      result.median.toFixed(2).padStart(10),
      result.p95.toFixed(2).padStart(8),
    );
  }
} finally {
  setDatabase(undefined);
  await dispose();
}
