// What the benchmarks share: a throwaway database, a timer that reports median and p95, the
// server's memory (medians of readings) and a production server started as `npm start` starts it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle } from "../app/server/db/client.server";

/**
 * An in-memory PGlite, or, with BENCH_DATABASE_URL=postgres://…/postgres, a database of its own
 * (named `<prefix>_<pid>`) on that server, dropped by `dispose`.
 */
export async function openBenchDatabase(prefix: string): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: "pglite-memory" });
    return { handle, dispose: () => handle.close() };
  }
  const name = `${prefix}_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), max: 2 });
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Runs `run` once to warm up, then for `budgetMs` and at least `minRuns` times. */
export async function time(run: () => Promise<unknown>, { budgetMs = 1500, minRuns = 5 } = {}) {
  await run();
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  while (samples.length < minRuns || performance.now() < deadline) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { runs: samples.length, median: samples[Math.floor(samples.length / 2)], p95: samples[Math.floor(samples.length * 0.95)] };
}

/**
 * BENCH_SMOKE=1: a run only long enough to show that the command works from start to end (a
 * production start, every page answered, the figures table printed), as the process test
 * tests/unit/benchmarks.process.test.ts runs each benchmark. Its figures mean nothing, so it
 * appends to no results file unless BENCH_RESULTS_FILE names one.
 */
export const SMOKE = process.env.BENCH_SMOKE === "1";

/** A number setting: the environment's value, else the full run's default, or the smoke run's under BENCH_SMOKE=1. */
export function benchSetting(name: string, full: number, smoke: number) {
  const value = process.env[name];
  return value === undefined || value === "" ? (SMOKE ? smoke : full) : Number(value);
}

/**
 * Appends a run's entry to BENCH_RESULTS_FILE, by default bench/RESULTS.md (which starts with
 * `header` when it does not exist yet). A smoke run appends nowhere unless BENCH_RESULTS_FILE is set.
 */
export function appendResults(entry: string, header = "") {
  const file = process.env.BENCH_RESULTS_FILE || (SMOKE ? undefined : path.resolve(import.meta.dirname, "RESULTS.md"));
  if (!file) {
    console.log("Smoke run (BENCH_SMOKE=1): appended to no results file.");
    return;
  }
  if (header && !fs.existsSync(file)) fs.writeFileSync(file, header);
  fs.appendFileSync(file, entry);
  console.log(`Appended to ${path.relative(process.cwd(), file) || file}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bootstrap admin of every benchmark server. */
export const BENCH_ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password-1" };

/** What a browser sends with a page request. */
export const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
};

/** A process's resident set size, in MB. */
export function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The middle value of `values` (the upper of the two middle ones for an even count); 0 for none. */
export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Reads the RSS of process `pid` every 2 s while `work` runs, and answers the median of the
 * readings in its last `lastSeconds`: the V8 heap grows and shrinks between collections by a fifth
 * of the total, so a single reading can land on a peak or a trough.
 */
export async function rssAtEndOf(pid: number, work: Promise<unknown>, lastSeconds = 10) {
  const readings: { at: number; mb: number }[] = [];
  const reader = setInterval(() => readings.push({ at: performance.now(), mb: rssMb(pid) }), 2_000);
  try {
    await work;
  } finally {
    clearInterval(reader);
  }
  const end = performance.now();
  return median(readings.filter((reading) => reading.at >= end - lastSeconds * 1000).map((reading) => reading.mb));
}

/**
 * The production server of `appDir` (scripts/start.mjs, which builds first when its sources are
 * newer than the build) on 127.0.0.1:`port`, with the demo school and BENCH_ADMIN, on PGlite in
 * `dataDir` (a new folder when none is given) or on `databaseUrl`. Resolves once /healthz answers.
 */
export async function startBenchServer({
  appDir,
  port,
  databaseUrl,
  dataDir,
  keepDataDir = false,
}: {
  appDir: string;
  port: number;
  databaseUrl: string;
  dataDir?: string;
  /** Leave `dataDir` in place on stop, for another server started on it. */
  keepDataDir?: boolean;
}) {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "course-site-bench-"));
  console.log(`Starting ${appDir} (building it first if its sources changed)…`);
  // BENCH_CPU_PROF_DIR=<dir>: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profileArgs = process.env.BENCH_CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF_DIR)}`] : [];
  const server = spawn(process.execPath, [...profileArgs, "scripts/start.mjs"], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "true",
      PAYMENTS_PROVIDER: "test",
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
      RATE_LIMIT_PER_IP_MULTIPLIER: "1000",
      // A production server logs every request; so does this one (to nowhere).
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
    },
    // BENCH_SERVER_LOG=<file> keeps what the server writes (its request log; GC traces with NODE_OPTIONS=--trace-gc).
    stdio: ["ignore", process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, "a") : "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (tries > 2400 || server.exitCode !== null) throw new Error("the server did not start");
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(250);
  }
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    if (!keepDataDir) fs.rmSync(dir, { recursive: true, force: true });
  };
  return { base, server, stop };
}

/** Signs in through Better Auth and answers the Cookie header to send. */
export async function signInCookie(base: string, account: { email: string; password: string }) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

/**
 * The CPU time the server has used, in ms (user + system, from /proc; 0 elsewhere): the process
 * and its children, since on PostgreSQL `npm start` is a primary that forks the web processes
 * (docs/decisions/058) and serves nothing itself. Per request it measures the work a page costs
 * whatever else shares the machine, as a profile does, where req/s and latency measure the machine
 * as well. A child's time is counted while it runs (not only once it has exited).
 */
export function serverCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    const own = (Number(fields[11]) + Number(fields[12])) * 10;
    const children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean))
      .map(Number);
    return own + children.reduce((sum, child) => sum + serverCpuMs(child), 0);
  } catch {
    return 0;
  }
}

export type LoadResult = { rps: number; total: number; p50: number; p99: number; non2xx: number; errors: number };

/** Runs bench/load.ts (autocannon) in a process of its own against `base` and answers its figures. */
export function loadFor(options: { base: string; paths: string[]; headers: Record<string, string>; seconds: number; connections: number }) {
  const harness = path.resolve(import.meta.dirname, "..");
  return new Promise<LoadResult>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(harness, "bench/load.ts"), JSON.stringify(options)], {
      cwd: harness,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => (out += chunk));
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`the load generator exited with ${code}`)),
    );
  });
}
