// `npm run bench:scale`: a school at a real size (issue 21): 100,000 users, 2,000 courses, 50,000
// lessons, 500,000 enrollments, 1,000,000 lesson-progress rows, 100,000 orders and 5,000 posts,
// seeded with set-based SQL into a throwaway in-memory PGlite or, with
// BENCH_DATABASE_URL=postgres://…/postgres, a database of its own on that server. Then times the
// domain functions the pages call (p95, target < 50 ms) and prints each one's query plan summary
// (EXPLAIN of every statement the function sent, as Drizzle sent it). Prints the table and appends
// it to bench/RESULTS.md; asserts nothing.
//   BENCH_SCALE=0.1 seeds a tenth of every count (PGlite seeds 1M rows slowly).
//   BENCH_SMOKE=1   a run that checks the command works (BENCH_SCALE=0.002, 100 ms a query); appends nowhere
//   BENCH_RESULTS_FILE=…   append to this file instead of bench/RESULTS.md
import os from "node:os";
import { sql, type Logger } from "drizzle-orm";
import { DEFAULT_CATALOG_FILTERS } from "../app/lib/catalog-filters";
import { findCourseAccess, lessonAccessFrom } from "../app/server/access/lesson-access.server";
import { listUserCourseAccess } from "../app/server/access/course-access.server";
import { setDatabase, type DatabaseHandle } from "../app/server/db/client.server";
import { runMigrations } from "../app/server/db/migrate.server";
import { listAdminCourses } from "../app/server/courses/admin-courses.server";
import { listCatalogCourses } from "../app/server/courses/catalog.server";
import { listMyCourses } from "../app/server/learning/my-courses.server";
import { listAdminOrders } from "../app/server/payments/admin-orders.server";
import { listAdminUsers } from "../app/server/users/admin-users.server";
import { getDashboardCounts } from "../app/routes/admin/dashboard.server";
import { appendResults, benchSetting, openBenchDatabase, SMOKE, time } from "./bench-support";

const SCALE = benchSetting("BENCH_SCALE", 1, 0.002);
const n = (count: number) => Math.max(1, Math.round(count * SCALE));
const COUNTS = { users: n(100_000), courses: n(2_000), lessonsPerCourse: 25, enrollments: n(500_000), progress: n(1_000_000), orders: n(100_000), posts: n(5_000) };
const TARGET_MS = 50;
const BUDGET_MS = SMOKE ? 100 : 1500;

async function seed(handle: DatabaseHandle) {
  const run = (query: ReturnType<typeof sql>) => handle.db.execute(query);
  const { users, courses, lessonsPerCourse, enrollments, progress, orders, posts } = COUNTS;
  await run(sql`
    insert into users (id, name, email, email_verified, role, created_at, updated_at)
    select 'bench-' || g, 'Learner ' || g, 'learner' || g || '@example.test', true,
      case when g % 1000 = 0 then 'admin' else 'user' end, now() - make_interval(mins => g), now()
    from generate_series(1, ${users}) as g`);
  await run(sql`
    insert into courses (title, slug, status, price_cents, published_at, created_at, updated_at)
    select 'Course ' || g, 'bench-course-' || g, case when g % 10 = 0 then 'draft' else 'published' end, 4900 + (g % 7) * 1000,
      now() - make_interval(hours => g), now() - make_interval(hours => g), now()
    from generate_series(1, ${courses}) as g`);
  await run(sql`
    insert into lessons (course_id, title, slug, type, order_index, is_preview)
    select c.id, 'Lesson ' || g, 'lesson-' || g, 'article', g, g = 1 from courses c, generate_series(1, ${lessonsPerCourse}) as g`);
  // Enrollments: user u takes courses (u * k) mod courses for k = 1…5, once each.
  await run(sql`
    with c as (select id, row_number() over (order by id) - 1 as n from courses)
    insert into enrollments (user_id, course_id, source, status, granted_at)
    select distinct on (e.u, c.id) 'bench-' || e.u, c.id, 'purchase', 'active', now() - make_interval(days => e.g % 300)
    from (select g, 1 + (g - 1) % ${users} as u, (((g - 1) / ${users}) * 17 + g::bigint * 7919) % ${courses} as k from generate_series(1, ${enrollments}) as g) as e
    join c on c.n = e.k
    on conflict do nothing`);
  // Progress: the first lessons of enrolled courses, a few completed.
  await run(sql`
    insert into lesson_progress (user_id, lesson_id, completed_at, position_seconds)
    select e.user_id, l.id, case when l.order_index % 3 = 0 then now() end, 30
    from (select user_id, course_id from enrollments limit ${Math.ceil(progress / 2)}) as e
    join lessons l on l.course_id = e.course_id and l.order_index <= 2
    on conflict do nothing`);
  await run(sql`
    with c as (select id, title, row_number() over (order by id) - 1 as n from courses)
    insert into orders (user_id, customer_email, kind, course_id, item_title, amount_cents, status, provider, paid_at, created_at, updated_at)
    select 'bench-' || (1 + g % ${users}), 'learner' || (1 + g % ${users}) || '@example.test', 'course', c.id, c.title, 4900,
      case when g % 20 = 0 then 'refunded' else 'paid' end, 'test', now() - make_interval(mins => g), now() - make_interval(mins => g), now()
    from generate_series(1, ${orders}) as g join c on c.n = g % ${courses}`);
  await run(sql`
    insert into posts (title, slug, status, content_md, published_at, created_at, updated_at)
    select 'Post ' || g, 'bench-post-' || g, case when g % 10 = 0 then 'draft' else 'published' end, 'Words.',
      now() - make_interval(hours => g), now() - make_interval(hours => g), now()
    from generate_series(1, ${posts}) as g`);
  await run(sql`vacuum analyze`);
}

/** Rows of a raw query, as either driver answers them. */
async function rowsOf(handle: DatabaseHandle, query: ReturnType<typeof sql>) {
  const result = (await handle.db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
}

type Statement = { query: string; params: unknown[] };

/**
 * Every statement Drizzle sends while `run` runs, with its parameters. The database's logger
 * object gets another `logQuery` for the call: prepared statements (issue 44's hot queries) keep
 * the logger they were prepared with, which is that same object; its options carry it into the
 * session a transaction makes.
 */
async function statementsOf(handle: DatabaseHandle, run: () => Promise<unknown>) {
  const statements: Statement[] = [];
  const session = (handle.db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  const shared = session.logger;
  const savedOptionsLogger = session.options.logger;
  const ownLogQuery = Object.hasOwn(shared, "logQuery") ? shared.logQuery : undefined;
  shared.logQuery = (query, params) => void statements.push({ query, params });
  session.options.logger = shared;
  try {
    await run();
  } finally {
    if (ownLogQuery) shared.logQuery = ownLogQuery;
    else delete (shared as { logQuery?: unknown }).logQuery;
    session.options.logger = savedOptionsLogger;
  }
  return statements.filter(({ query }) => /^\s*(select|with)\b/i.test(query));
}

/** A captured statement as a query again, its $n placeholders bound to the values it was sent with. */
function boundQuery({ query, params }: Statement) {
  const parts = query.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 1 ? sql`${params[Number(part) - 1]}` : sql.raw(part))));
}

/**
 * The scans in the plan of each statement the function sent, numbered in the order it sent them
 * ("1. Seq Scan on orders 2. Index Only Scan (orders_created_idx) on orders"): enough to see an
 * index used or a sequential scan, and by which query.
 */
async function planOf(handle: DatabaseHandle, run: () => Promise<unknown>) {
  const plans: string[] = [];
  for (const statement of await statementsOf(handle, run)) {
    const rows = await rowsOf(handle, sql`explain ${boundQuery(statement)}`);
    const scans = new Set<string>();
    for (const row of rows) {
      const line = String(Object.values(row)[0]);
      const m = /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan|Bitmap Heap Scan)( Backward)?(?: using (\S+))? on (\S+)/.exec(line);
      if (m) scans.add(`${m[1]}${m[2] ?? ""}${m[3] ? ` (${m[3]})` : ""} on ${m[4]}`);
    }
    plans.push(`${plans.length + 1}. ${[...scans].join("; ")}`);
  }
  return plans.join(" ");
}

const { handle, dispose } = await openBenchDatabase("scale_bench");
const table: string[] = [];
try {
  setDatabase(handle);
  await runMigrations(handle, "drizzle");
  const started = performance.now();
  await seed(handle);
  const counted = await rowsOf(
    handle,
    sql`select (select count(*) from users) as users, (select count(*) from courses) as courses, (select count(*) from lessons) as lessons,
      (select count(*) from enrollments) as enrollments, (select count(*) from lesson_progress) as progress,
      (select count(*) from orders) as orders, (select count(*) from posts) as posts`,
  );
  const seeded = Object.entries(counted[0]).map(([key, value]) => `${Number(value).toLocaleString("en-US")} ${key}`).join(", ");
  console.log(`Seeded ${seeded} into ${handle.kind} in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const learner = { id: `bench-${Math.min(4242, COUNTS.users)}`, role: "user" };
  // A published course the learner holds: a draft's check answers "hidden" without a query.
  const [enrolled] = await rowsOf(handle, sql`select c.id, c.status from enrollments e join courses c on c.id = e.course_id where e.user_id = ${learner.id} and c.status = 'published' and e.status = 'active' order by c.id limit 1`);
  const course = { id: String(enrolled.id), status: String(enrolled.status) };
  const scenarios: { name: string; run: () => Promise<unknown> }[] = [
    { name: "admin user search", run: () => listAdminUsers({ query: "learner4242@" }) },
    { name: "admin course list", run: () => listAdminCourses({}) },
    { name: "admin orders list", run: () => listAdminOrders({}) },
    { name: "admin dashboard counts", run: () => getDashboardCounts() },
    { name: "a user's course access", run: () => listUserCourseAccess({ userId: learner.id }) },
    { name: "catalog, first page", run: () => listCatalogCourses({ filters: DEFAULT_CATALOG_FILTERS }) },
    {
      name: "lesson page access check",
      run: async () => lessonAccessFrom(await findCourseAccess({ user: learner, course }), { isPreview: false, dripDays: null, dripDate: null }),
    },
    { name: "My courses", run: () => listMyCourses({ user: learner }) },
  ];
  const header = ["| query | runs | median ms | p95 ms | < 50 ms p95 | plan |", "|---|---:|---:|---:|---|---|"];
  console.log(`\n${header.join("\n")}`);
  for (const scenario of scenarios) {
    const { runs, median, p95 } = await time(scenario.run, { budgetMs: BUDGET_MS, minRuns: SMOKE ? 3 : 10 });
    const plan = await planOf(handle, scenario.run);
    const row = `| ${scenario.name} | ${runs} | ${median.toFixed(1)} | ${p95.toFixed(1)} | ${p95 < TARGET_MS ? "met" : "**missed**"} | ${plan} |`;
    table.push(row);
    console.log(row);
  }
  const text = [
    "",
    `## Scale (\`npm run bench:scale\`), ${handle.kind}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${seeded}, seeded in ${((performance.now() - started) / 1000).toFixed(0)} s${SCALE !== 1 ? ` (BENCH_SCALE=${SCALE})` : ""}. ${os.cpus()[0]?.model ?? "CPU"} × ${os.cpus().length}, Node ${process.version}. The domain functions the pages call, each for ${BUDGET_MS / 1000} s; the plan column is EXPLAIN of every statement the function sent, captured from Drizzle with its parameters (the scans used).`,
    "",
    ...header,
    ...table,
    "",
  ].join("\n");
  appendResults(text);
} finally {
  await dispose();
}
