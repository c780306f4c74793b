import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BENCH_RUN_TIMEOUT_MS, readResultsDigest, rowNamed, runBenchmark as runSmokeBenchmark, tableRows } from "../support/benchmarks";
import { ensureProductionBuild, startPostgresCluster, type PostgresCluster } from "../support/processes";

/**
 * The benchmarks the README tells a reader to run (`npm run bench`, `bench:video`, `bench:ab`,
 * `bench:cluster`), each started as `npm run` starts it, in its smoke mode (BENCH_SMOKE=1: the
 * same production start, the same pages and the same tables, for a second or so each). Each must
 * end with 0 and print the table a reader relies on, every row answered with 2xx; none may touch
 * bench/RESULTS.md. The figures themselves are never asserted (tests never assert timings).
 * The other benchmarks: benchmarks-more.process.test.ts.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
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

/** `npm run <script>` in smoke mode on the tests' build, on free ports: its output. */
const runBenchmark = (script: string, settings: Record<string, string> = {}) => runSmokeBenchmark(script, settings, resultsDigest);

describe("the benchmarks in the README, in smoke mode", () => {
  it(
    "npm run bench prints every page's req/s and CPU ms per request, all answered, and appends only where told",
    async () => {
      const resultsFile = path.join(folder, "bench.md");
      const output = await runBenchmark("bench", { BENCH_RESULTS_FILE: resultsFile });
      const rows = tableRows(output, "| page | path | req/s | × static | p50 ms | p99 ms | server CPU ms/req | target | non-2xx |");
      for (const name of [
        "static file (baseline)",
        "home",
        "course page",
        "course page (signed in)",
        "lesson page (signed in)",
        "account page (signed in)",
        "admin: users",
        "admin: orders",
        "log-in page (uncached, no session)",
        "static file (again, at the end)",
      ])
        rowNamed(rows, name);
      expect(rows).toHaveLength(25);
      for (const cells of rows) {
        expect(cells, cells[0]).toHaveLength(9);
        expect(Number(cells[2]), `${cells[0]} req/s`).toBeGreaterThan(0);
        expect(Number(cells[6]), `${cells[0]} CPU ms/req`).toBeGreaterThan(0);
        expect(cells[8], `${cells[0]} non-2xx`).toBe("0");
      }
      expect(output).toMatch(/^RSS \(median of the last 10 s\)/m);
      expect(output).not.toMatch(/warning: .* answered/);
      // BENCH_RESULTS_FILE received the entry that bench/RESULTS.md would have.
      expect(fs.readFileSync(resultsFile, "utf8")).toContain("| account page (signed in) | `/account` |");
    },
    BENCH_RUN_TIMEOUT_MS + 10_000,
  );

  it(
    "npm run bench:video prints the players' stages, the viewers sustained and a segment against a file of its size",
    async () => {
      const output = await runBenchmark("bench:video");
      const stages = tableRows(output, "| players | segments/s | p50 ms | p99 ms | failed | playlists p99 ms |");
      expect(stages).toHaveLength(1);
      expect(stages[0]![0]).toBe("10");
      expect(Number(stages[0]![1])).toBeGreaterThan(0);
      expect(stages[0]![4], "failed segments").toBe("0");
      expect(output).toMatch(/Concurrent viewers sustained \(p99 ≤ 200 ms\): \*\*\d+\*\*/);
      const rows = tableRows(output, "| request | req/s | × static | p50 ms | p99 ms | non-2xx |");
      for (const name of ["public file, same size", "segment, enrolled learner", "public file, again"]) {
        const cells = rowNamed(rows, name);
        expect(Number(cells[1]), `${name} req/s`).toBeGreaterThan(0);
        expect(cells[5], `${name} non-2xx`).toBe("0");
      }
      expect(output).toMatch(/Segment ÷ static file: \d+\.\d\d×/);
      expect(output).toContain("appended to no results file");
    },
    BENCH_RUN_TIMEOUT_MS + 10_000,
  );

  it(
    "npm run bench:ab prints both checkouts' CPU ms per request and req/s for every signed-in page and the log-in page",
    async () => {
      const output = await runBenchmark("bench:ab", { BENCH_APP_DIR_BEFORE: ROOT });
      const rows = tableRows(output, "| page | path | CPU ms/req before | after | after ÷ before | req/s before | after | after ÷ before | non-2xx |");
      expect(rows.map((cells) => cells[0])).toEqual([
        "course page (signed in)",
        "lesson page (signed in)",
        "account page (signed in)",
        "admin: users",
        "admin: courses",
        "admin: orders",
        "admin: blog",
        "log-in page (uncached, no session)",
      ]);
      // A page's turns are a second long here: on a busy machine one may finish no request, so
      // each figure must be a number, and each server must have answered pages.
      for (const cells of rows) {
        for (const column of [2, 3, 4, 5, 6, 7]) expect(cells[column], `${cells[0]} column ${column}`).toMatch(/^\d+\.\d+$|^–$/);
        expect(cells[8], `${cells[0]} non-2xx`).toBe("0");
      }
      for (const column of [5, 6]) expect(rows.reduce((sum, cells) => sum + Number(cells[column]), 0), `req/s in column ${column}`).toBeGreaterThan(0);
      expect(output).toContain("appended to no results file");
    },
    BENCH_RUN_TIMEOUT_MS + 10_000,
  );

  it(
    "npm run bench:cluster prints each request's req/s with one and two web processes on PostgreSQL",
    async () => {
      const output = await runBenchmark("bench:cluster", { BENCH_DATABASE_URL: cluster!.url });
      const rows = tableRows(output, "| request | req/s, 1 process | req/s, 2 processes | 2 ÷ 1 | p99 ms (1) | p99 ms (2) | non-2xx |");
      expect(rows.map((cells) => cells[0])).toEqual([
        "static file (baseline)",
        "cached public page",
        "signed-in page (admin dashboard)",
        "signed-in page (account)",
        "segment, enrolled learner",
      ]);
      for (const cells of rows) {
        expect(Number(cells[1]), `${cells[0]}, 1 process`).toBeGreaterThan(0);
        expect(Number(cells[2]), `${cells[0]}, 2 processes`).toBeGreaterThan(0);
        expect(cells[6], `${cells[0]} non-2xx`).toBe("0");
      }
      expect(output).toContain("appended to no results file");
    },
    BENCH_RUN_TIMEOUT_MS + 10_000,
  );
});
