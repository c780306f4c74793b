import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BENCH_RUN_TIMEOUT_MS,
  paddedRow,
  readResultsDigest,
  rowNamed,
  runBenchmark as runSmokeBenchmark,
  tableRows,
} from "../support/benchmarks";
import { ensureProductionBuild, startPostgresCluster, type PostgresCluster } from "../support/processes";

/**
 * The README's other benchmarks (`bench:users`, `bench:orders`, `bench:analytics`, `bench:queue`,
 * `bench:scale`, `bench:transcode`, `bench:soak`, `bench:lighthouse`), each started as `npm run`
 * starts it in its smoke mode (BENCH_SMOKE=1: a few hundred rows, a 2-second clip, seconds of
 * traffic, one Lighthouse run of one page), on PGlite and, for those that take BENCH_DATABASE_URL,
 * on PostgreSQL. Each must end with 0 and print every row a reader relies on, with every request
 * answered as expected and no error; none may touch bench/RESULTS.md. Figures are never asserted.
 * `npm run bench`, `bench:video`, `bench:ab` and `bench:cluster`: benchmarks.process.test.ts.
 */

const TEST_TIMEOUT_MS = BENCH_RUN_TIMEOUT_MS + 10_000;
let cluster: PostgresCluster | undefined;
let folder = "";
let resultsDigest = "";

beforeAll(async () => {
  await ensureProductionBuild();
  cluster = await startPostgresCluster();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-bench-smoke-"));
  resultsDigest = readResultsDigest();
}, 900_000);

afterAll(() => {
  cluster?.destroy();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const ENGINES = [
  { engine: "pglite", settings: () => ({}) },
  { engine: "postgres", settings: (): Record<string, string> => ({ BENCH_DATABASE_URL: cluster!.url }) },
] as const;

/** `npm run <script>` in smoke mode: its output, in which nothing failed (no exception, no error-level log line). */
async function runBenchmark(script: string, settings: Record<string, string> = {}) {
  const output = await runSmokeBenchmark(script, settings, resultsDigest);
  expect(output).not.toMatch(/Error:|"level":(50|60)/);
  return output;
}

/** Each scenario's row of a padded table (runs, median ms, p95 ms, …): at least one run, every figure a number. */
function expectScenarioRows(output: string, names: string[]) {
  for (const name of names) {
    const [runs, ...figures] = paddedRow(output, name);
    expect(runs, `${name} runs`).toBeGreaterThan(0);
    for (const figure of figures) expect(Number.isFinite(figure), `${name}: ${figures.join(" ")}`).toBe(true);
  }
}

/**
 * `npm run <script>` on PGlite and on PostgreSQL side by side (the smoke runs assert no timings,
 * so the two may share the cores), each output checked by `check`.
 */
const onBothEngines = (script: string, check: (output: string, engine: string) => void, settings: Record<string, string> = {}) =>
  Promise.all(
    ENGINES.map(async ({ engine, settings: engineSettings }) =>
      check(
        await runBenchmark(script, { ...engineSettings(), ...settings, BENCH_RESULTS_FILE: path.join(folder, `${script}-${engine}.md`) }),
        engine,
      ),
    ),
  );

describe("the README's other benchmarks, in smoke mode", () => {
  it(
    "npm run bench:users on PGlite and PostgreSQL: 300 users, every list query against a primary-key lookup, and the CSV export of all",
    () =>
      onBothEngines("bench:users", (output, engine) => {
        expect(output).toContain(`Seeded 300 users into ${engine}`);
        expectScenarioRows(output, [
          "primary-key lookup (baseline)",
          "page 1, newest first",
          "page 6, newest first",
          "page 1, by last seen",
          "page 6, by last seen",
          "page 1, by name",
          "page 1, by email desc",
          "page 1, by role",
          "search 'schmidt' (1 in 8), page 1",
          "search 'schmidt', by last seen, page 2",
          "search 'learner150@' (1 row)",
          "search 'zzzz' (no rows)",
          "search 'an' (2 letters, most rows)",
          "role filter: admins",
        ]);
        expect(output).toMatch(/^CSV export: 300 rows, /m);
      }),
    TEST_TIMEOUT_MS,
  );

  it(
    "npm run bench:orders on PGlite and PostgreSQL: 300 orders, every list query against a primary-key lookup",
    () =>
      onBothEngines("bench:orders", (output, engine) => {
        expect(output).toContain(`Seeded 300 orders into ${engine}`);
        expectScenarioRows(output, [
          "primary-key lookup (baseline)",
          "page 1, newest first",
          "page 6, newest first",
          "status refunded (1 in 20), page 1",
          "status failed (1 in 50), last page",
          "search 'shopify' (1 in 9), page 1",
          "search 'buyer59@' (5 rows)",
          "search 'buyer59@' + status paid",
          "search 'zzzz' (no rows)",
          "search 'er' (2 letters, every row)",
          "one person's orders (user page)",
        ]);
      }),
    TEST_TIMEOUT_MS,
  );

  it(
    "npm run bench:analytics on PGlite and PostgreSQL: every Analytics figure on 500 orders",
    () =>
      onBothEngines("bench:analytics", (output, engine) => {
        expect(output).toContain(`Seeded 500 orders into ${engine}`);
        expectScenarioRows(output, [
          ...["30d", "12m"].flatMap((range) => [
            `revenue series, ${range}`,
            `sales per course, ${range}`,
            `sign-ups, ${range}`,
            `new and churned members, ${range}`,
          ]),
          "MRR and active members",
          "completion funnel (30 lessons, 500 learners)",
        ]);
      }),
    TEST_TIMEOUT_MS,
  );

  it(
    "npm run bench:scale on PGlite and PostgreSQL: every page query's timings and the plan of each statement it sent, appended where told",
    () =>
      onBothEngines("bench:scale", (output, engine) => {
        expect(output).toMatch(
          new RegExp(
            `^Seeded 200 users, 4 courses, 100 lessons, [\\d,]+ enrollments, [\\d,]+ progress, 200 orders, 10 posts into ${engine}`,
            "m",
          ),
        );
        const rows = tableRows(output, "| query | runs | median ms | p95 ms | < 50 ms p95 | plan |");
        expect(rows.map((cells) => cells[0])).toEqual([
          "admin user search",
          "admin course list",
          "admin orders list",
          "admin dashboard counts",
          "a user's course access",
          "catalog, first page",
          "lesson page access check",
          "My courses",
        ]);
        for (const cells of rows) {
          expect(Number(cells[1]), `${cells[0]} runs`).toBeGreaterThan(0);
          expect(cells[4], `${cells[0]} target column`).toMatch(/^(met|\*\*missed\*\*)$/);
          // Every statement's plan, the prepared ones' too: a query whose statements the capture misses shows none.
          expect(cells[5], `${cells[0]} plan`).toMatch(/^1\. .*Scan/);
        }
        const entry = fs.readFileSync(path.join(folder, `bench:scale-${engine}.md`), "utf8");
        expect(entry).toContain("## Scale (`npm run bench:scale`)");
        expect(entry).toContain("(BENCH_SCALE=0.002)");
        expect(entry).toContain("| lesson page access check |");
      }),
    TEST_TIMEOUT_MS,
  );

  it(
    "npm run bench:soak on PGlite and PostgreSQL: seconds of mixed traffic, every request answered as it should be, appended where told",
    () =>
      onBothEngines("bench:soak", (output, engine) => {
        const rows = tableRows(output, "| requests | count | per s | unexpected | p50 ms | p95 ms | p99 ms | max ms |");
        for (const kind of [
          "anonymous page",
          "sign-in",
          "signed-in page",
          "sign-out",
          "progress save",
          "admin edit",
          "admin page",
          "**all**",
        ]) {
          const cells = rowNamed(rows, kind);
          expect(Number(cells[1]), `${kind} count`).toBeGreaterThan(0);
          expect(cells[3], `${kind} unexpected`).toBe("0");
        }
        expect(output).toContain("Unexpected statuses: none.");
        expect(output).not.toContain("unexpected:");
        expect(output).toMatch(/^RSS \(median of the last 10 s\) after the 3s warm-up \d+ MB/m);
        const entry = fs.readFileSync(path.join(folder, `bench:soak-${engine}.md`), "utf8");
        expect(entry).toContain(`## Soak (\`npm run bench:soak\`), ${engine === "pglite" ? "PGlite" : "PostgreSQL"}`);
      }),
    TEST_TIMEOUT_MS,
  );

  it(
    "npm run bench:queue on PGlite and PostgreSQL: jobs through the queue and the delay from enqueue to start",
    async () => {
      const output = await runBenchmark("bench:queue", ENGINES[1].settings());
      for (const engine of ["pglite", "postgres"])
        expect(output).toMatch(
          new RegExp(
            `^${engine} +enqueue \\d+ jobs/s · through the queue \\d+ jobs/s \\(20 jobs, 4 workers\\) · enqueue→start median \\d+ ms, max \\d+ ms$`,
            "m",
          ),
        );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "npm run bench:transcode: a 2-second 720p clip into its HLS renditions and poster",
    async () => {
      const output = await runBenchmark("bench:transcode");
      expect(output).toMatch(
        /: a 2 s 1280x720 source into 360p \+ 720p \+ poster in \d+\.\d s = \d+\.\d s of transcoding per minute of source$/m,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "npm run bench:lighthouse: one Lighthouse run of the home page in Chromium, with the targets beside it",
    async () => {
      const resultsFile = path.join(folder, "lighthouse.md");
      const output = await runBenchmark("bench:lighthouse", { BENCH_RESULTS_FILE: resultsFile });
      const header =
        "| page | path | performance ≥ 95 | LCP ≤ 1.5 s | CLS ≤ 0.02 | TBT ≤ 100 ms | best practices 100 | JS | performance of each run |";
      const rows = tableRows(output, header);
      expect(rows.map((cells) => cells[0])).toEqual(["home"]);
      const [cells] = rows;
      expect(cells).toHaveLength(9);
      expect(cells![2], "performance").toMatch(/^\d+ \((met|\*\*missed\*\*)\)$/);
      expect(cells![3], "LCP").toMatch(/^\d+\.\d\d s \((met|\*\*missed\*\*)\)$/);
      expect(cells![8], "one finished run").toMatch(/^\d+$/);
      expect(output).not.toContain("did not finish");
      expect(fs.readFileSync(resultsFile, "utf8")).toContain(header);
    },
    TEST_TIMEOUT_MS,
  );
});
