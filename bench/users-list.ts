// `npm run bench:users`: the admin users list's queries on 100,000 users, as ratios against a
// primary-key lookup measured in the same run (so the figures compare across machines). Seeds a
// throwaway in-memory PGlite, or, with BENCH_DATABASE_URL=postgres://…/postgres, a database of
// its own on that server that is dropped afterwards. Prints figures; asserts nothing.
//   BENCH_USERS=100000   BENCH_MS=1500 (each scenario's time)
//   BENCH_SMOKE=1        a run that checks the command works (300 users, 50 ms a scenario)
import os from "node:os";
import { sql } from "drizzle-orm";
import { setDatabase, type DatabaseHandle } from "../app/server/db/client.server";
import { benchSetting, openBenchDatabase, time } from "./bench-support";
import { runMigrations } from "../app/server/db/migrate.server";
import { exportUsersCsv, getAdminUser, listAdminUsers } from "../app/server/users/admin-users.server";

const USERS = benchSetting("BENCH_USERS", 100_000, 300);
const BUDGET_MS = benchSetting("BENCH_MS", 1500, 50);
const MIN_RUNS = 5;
/** The person looked up and searched for by address: one who exists at any size. */
const PROBE = Math.min(4242, Math.ceil(USERS / 2));

/**
 * 100,000 people in one statement: varied names and domains, one in a thousand an admin,
 * one in five never signed in, sign-ups a minute apart.
 */
async function seedUsers(handle: DatabaseHandle) {
  await handle.db.execute(sql`
    insert into users (id, name, email, email_verified, role, created_at, updated_at, last_sign_in_at)
    select
      'bench-' || g,
      (array['Ann','Bob','Chloé','Dmitri','Eve','Farah','Gus','Hana'])[1 + g % 8] || ' ' ||
        (array['Lee','Okafor','Nguyen','Schmidt','García','Kowalski','Ito','Brown'])[1 + (g / 8) % 8] || ' ' || g,
      'learner' || g || '@' || (array['gmail.com','outlook.com','example.org','school.test'])[1 + g % 4],
      true,
      case when g % 1000 = 0 then 'admin' else 'user' end,
      now() - make_interval(mins => g),
      now() - make_interval(mins => g),
      case when g % 5 = 0 then null else now() - make_interval(mins => (g * 7919) % ${USERS}) end
    from generate_series(1, ${USERS}) as g
  `);
  await handle.db.execute(sql`analyze users`);
}

type Scenario = { name: string; run: () => Promise<unknown> };

const lastPage = Math.ceil(USERS / 50);
const scenarios: Scenario[] = [
  { name: "primary-key lookup (baseline)", run: () => getAdminUser({ userId: `bench-${PROBE}` }) },
  { name: "page 1, newest first", run: () => listAdminUsers({}) },
  { name: `page ${lastPage}, newest first`, run: () => listAdminUsers({ page: lastPage }) },
  { name: "page 1, by last seen", run: () => listAdminUsers({ sort: "last-seen", dir: "desc" }) },
  { name: `page ${lastPage}, by last seen`, run: () => listAdminUsers({ sort: "last-seen", dir: "desc", page: lastPage }) },
  { name: "page 1, by name", run: () => listAdminUsers({ sort: "name", dir: "asc" }) },
  { name: "page 1, by email desc", run: () => listAdminUsers({ sort: "email", dir: "desc" }) },
  { name: "page 1, by role", run: () => listAdminUsers({ sort: "role", dir: "asc" }) },
  { name: "search 'schmidt' (1 in 8), page 1", run: () => listAdminUsers({ query: "schmidt" }) },
  { name: "search 'schmidt', by last seen, page 2", run: () => listAdminUsers({ query: "schmidt", sort: "last-seen", page: 2 }) },
  { name: `search 'learner${PROBE}@' (1 row)`, run: () => listAdminUsers({ query: `learner${PROBE}@` }) },
  { name: "search 'zzzz' (no rows)", run: () => listAdminUsers({ query: "zzzz" }) },
  { name: "search 'an' (2 letters, most rows)", run: () => listAdminUsers({ query: "an" }) },
  { name: "role filter: admins", run: () => listAdminUsers({ role: "admin" }) },
];

const { handle, dispose } = await openBenchDatabase("users_bench");
try {
  setDatabase(handle);
  await runMigrations(handle, "drizzle");
  const seeding = performance.now();
  await seedUsers(handle);
  console.log(
    `\nSeeded ${USERS.toLocaleString("en-US")} users into ${handle.kind} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

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

  // The CSV export of everyone, batch by batch: time, and how far the heap grew while it ran.
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakHeap = heapBefore;
  let bytes = 0;
  let rows = -1; // the header
  const exporting = performance.now();
  for await (const piece of exportUsersCsv({})) {
    bytes += Buffer.byteLength(piece);
    rows += piece.split("\r\n").length - 1;
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }
  const exportMs = performance.now() - exporting;
  console.log(
    `\nCSV export: ${rows.toLocaleString("en-US")} rows, ${(bytes / 1e6).toFixed(1)} MB in ${(exportMs / 1000).toFixed(1)} s; ` +
      `heap grew by at most ${((peakHeap - heapBefore) / 1e6).toFixed(1)} MB while streaming`,
  );
} finally {
  setDatabase(undefined);
  await dispose();
}
