// `npm run bench:orders`: the admin orders list's queries on 100,000 orders, as ratios against a
// primary-key lookup measured in the same run (so the figures compare across machines). Seeds a
// throwaway in-memory PGlite, or, with BENCH_DATABASE_URL=postgres://…/postgres, a database of
// its own on that server that is dropped afterwards. Prints figures; asserts nothing.
//   BENCH_ORDERS=100000   BENCH_MS=1500 (each scenario's time)
//   BENCH_SMOKE=1         a run that checks the command works (300 orders, 50 ms a scenario)
import os from "node:os";
import { asc, eq, sql } from "drizzle-orm";
import { setDatabase, type DatabaseHandle } from "../app/server/db/client.server";
import { benchSetting, openBenchDatabase, time } from "./bench-support";
import { runMigrations } from "../app/server/db/migrate.server";
import { orders } from "../app/server/db/schema";
import { listAdminOrders, listUserOrders } from "../app/server/payments/admin-orders.server";

const ORDERS = benchSetting("BENCH_ORDERS", 100_000, 300);
const BUDGET_MS = benchSetting("BENCH_MS", 1500, 50);
const MIN_RUNS = 5;
/** Five orders a buyer (20,000 buyers for 100,000 orders). */
const BUYERS = Math.max(43, Math.floor(ORDERS / 5));
/** The buyer searched for by address, and the order looked up by key: ones that exist at any size. */
const PROBE_BUYER = Math.min(4242, BUYERS - 1);
const PROBE_ORDER = Math.min(4242, ORDERS - 1);

/**
 * 100,000 orders in one statement, a minute apart: 20,000 buyers with 5 orders each (a fifth of the orders), eight course
 * titles and the membership, and statuses as a shop sees them (mostly paid, a few refunded,
 * pending, expired or failed). One buyer account exists, for the per-person query.
 */
async function seedOrders(handle: DatabaseHandle) {
  await handle.db.execute(sql`
    insert into users (id, name, email, email_verified, role) values ('bench-buyer-42', 'Bench Buyer', 'buyer42@gmail.com', true, 'user')
  `);
  await handle.db.execute(sql`
    insert into orders (user_id, customer_email, kind, item_title, amount_cents, currency, status, provider, created_at, updated_at)
    select
      case when g % ${BUYERS} = 42 then 'bench-buyer-42' end,
      'buyer' || (g % ${BUYERS}) || '@' || (array['gmail.com','outlook.com','example.org','school.test'])[1 + g % 4],
      case when g % 9 = 0 then 'membership' else 'course' end,
      (array['All-courses membership (Monthly)','SQL Basics','Shopify 101','Email Marketing That Sells','n8n Automations',
             'Pricing Your Product','Launch Week Playbook','Customer Support at Scale','Analytics for Founders'])[1 + g % 9],
      9700 + (g % 7) * 1000,
      'usd',
      case when g % 100 < 85 then 'paid' when g % 100 < 90 then 'refunded' when g % 100 < 95 then 'pending'
           when g % 100 < 98 then 'expired' else 'failed' end,
      case when g % 3 = 0 then 'test' else 'stripe' end,
      now() - make_interval(mins => g),
      now() - make_interval(mins => g)
    from generate_series(1, ${ORDERS}) as g
  `);
  // VACUUM, not only ANALYZE: it merges the trigram indexes' pending lists, which a bulk insert
  // leaves long, as a live table's autovacuum would have done.
  await handle.db.execute(sql`vacuum analyze orders`);
}

type Scenario = { name: string; run: () => Promise<unknown> };

const lastPage = Math.ceil(ORDERS / 50);
const scenarios: Scenario[] = [
  {
    name: "primary-key lookup (baseline)",
    run: () => handle.db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.id, anyId)),
  },
  { name: "page 1, newest first", run: () => listAdminOrders({}) },
  { name: `page ${lastPage}, newest first`, run: () => listAdminOrders({ page: lastPage }) },
  { name: "status refunded (1 in 20), page 1", run: () => listAdminOrders({ status: "refunded" }) },
  { name: "status failed (1 in 50), last page", run: () => listAdminOrders({ status: "failed", page: Math.max(1, Math.ceil(ORDERS / 50 / 50)) }) },
  { name: "search 'shopify' (1 in 9), page 1", run: () => listAdminOrders({ query: "shopify" }) },
  { name: `search 'buyer${PROBE_BUYER}@' (5 rows)`, run: () => listAdminOrders({ query: `buyer${PROBE_BUYER}@` }) },
  { name: `search 'buyer${PROBE_BUYER}@' + status paid`, run: () => listAdminOrders({ query: `buyer${PROBE_BUYER}@`, status: "paid" }) },
  { name: "search 'zzzz' (no rows)", run: () => listAdminOrders({ query: "zzzz" }) },
  { name: "search 'er' (2 letters, every row)", run: () => listAdminOrders({ query: "er" }) },
  { name: "one person's orders (user page)", run: () => listUserOrders({ userId: "bench-buyer-42" }) },
];

let anyId = "";
const { handle, dispose } = await openBenchDatabase("orders_bench");
try {
  setDatabase(handle);
  await runMigrations(handle, "drizzle");
  const seeding = performance.now();
  await seedOrders(handle);
  console.log(
    `\nSeeded ${ORDERS.toLocaleString("en-US")} orders into ${handle.kind} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  [{ id: anyId }] = await handle.db.select({ id: orders.id }).from(orders).orderBy(asc(orders.createdAt)).limit(1).offset(PROBE_ORDER);

  const results = [];
  for (const scenario of scenarios)
    results.push({ ...scenario, ...(await time(scenario.run, { budgetMs: BUDGET_MS, minRuns: MIN_RUNS })) });
  const baseline = results[0].median;
  console.log(`${handle.kind}, ${os.cpus().length} cores, each scenario for ${BUDGET_MS / 1000}s (at least ${MIN_RUNS} runs)\n`);
  console.log("scenario".padEnd(42), "runs".padStart(6), "median ms".padStart(10), "p95 ms".padStart(8), "× pk lookup".padStart(12));
  for (const result of results) {
    console.log(
      result.name.padEnd(42),
      String(result.runs).padStart(6),
      result.median.toFixed(2).padStart(10),
      result.p95.toFixed(2).padStart(8),
      (result.median / baseline).toFixed(1).padStart(12),
    );
  }
} finally {
  setDatabase(undefined);
  await dispose();
}
