import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { BUILD_DIR, CRASH_POINTS, freePort, runNpmScript } from "./processes";

/**
 * What the benchmark process tests share (tests/unit/benchmarks*.process.test.ts): a benchmark
 * started as `npm run` starts it, in its smoke mode, and readers of the tables it prints.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const RESULTS = path.join(ROOT, "bench/RESULTS.md");
export const BENCH_RUN_TIMEOUT_MS = 240_000;

const digest = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

/** bench/RESULTS.md as it is now; `runBenchmark` checks a run left it so. */
export function readResultsDigest() {
  return digest(RESULTS);
}

/**
 * `npm run <script>` in smoke mode (BENCH_SMOKE=1) on the tests' build, on a free port: what it
 * printed. It must end with 0 and leave bench/RESULTS.md as `resultsBefore` found it.
 */
export async function runBenchmark(script: string, settings: Record<string, string>, resultsBefore: string) {
  const settingsFor = { BENCH_SMOKE: "1", BUILD_DIR, CRASH_POINTS, BENCH_PORT: String(await freePort()), ...settings };
  const { code, output } = await runNpmScript(script, [], settingsFor, { timeoutMs: BENCH_RUN_TIMEOUT_MS });
  if (code !== 0) throw new Error(`npm run ${script} ended with ${code}:\n${output}`);
  expect(digest(RESULTS)).toBe(resultsBefore);
  return output;
}

/** The rows of the Markdown table printed under `header` (each row's cells, trimmed). */
export function tableRows(output: string, header: string) {
  const lines = output.split("\n");
  const start = lines.indexOf(header);
  expect(start, `the table "${header}" in:\n${output}`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

export const rowNamed = (rows: string[][], name: string) => {
  const row = rows.find((cells) => cells[0] === name);
  expect(row, `a row "${name}" in ${JSON.stringify(rows.map((cells) => cells[0]))}`).toBeDefined();
  return row!;
};

/**
 * The figures of the row `name` of a table printed in padded columns ("page 1, by name   11   4.85 …"):
 * the numbers after the name.
 */
export function paddedRow(output: string, name: string) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const line = new RegExp(`^${escaped} +((?:[\\d.]+ *)+)$`, "m").exec(output);
  expect(line, `a row "${name}" in:\n${output}`).not.toBeNull();
  return line![1]!.trim().split(/ +/).map(Number);
}
