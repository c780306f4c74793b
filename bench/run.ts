// `npm run bench`: requests/s and latency of the production server (`npm start`, which builds
// first when the sources are newer than the build), page by page, as ratios
// against a static file served by the same server in the same run (so figures compare across
// machines). The server and the load generator (bench/load.ts, autocannon) are separate
// processes; everything talks to 127.0.0.1 only and every load runs for a bounded time.
//
//   BENCH_SECONDS=8          each page's measurement          BENCH_CONNECTIONS=50
//   BENCH_MIXED_SECONDS=120  the mixed load between the two memory readings
//   BENCH_MIXED_WARMUP_SECONDS=60  the same mixed load before the first reading
//   BENCH_PORT=4306          the server's port (the next one for the PostgreSQL run)
//   BENCH_DATABASE_URL=postgres://…/postgres   also run on PostgreSQL, in a database of its own
//   BENCH_APP_DIR=…          measure another checkout (say, main before a change) with this harness
//   BENCH_LABEL=…            a word for the results' heading (e.g. "before")
//   BENCH_ENGINES=postgres   only the PostgreSQL run (with BENCH_DATABASE_URL)
//   BENCH_SMOKE=1            a run of a few seconds that checks the command works (no warm-up, 1 s
//                            per page, 2 connections, 2 s of mixed load); appends nowhere
//   BENCH_RESULTS_FILE=…     append to this file instead of bench/RESULTS.md
//
// Prints the table and appends it, with the date and the machine, to bench/RESULTS.md.
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import {
  appendResults,
  BENCH_ADMIN,
  benchSetting,
  BROWSER_HEADERS,
  loadFor,
  rssAtEndOf,
  serverCpuMs,
  signInCookie,
  SMOKE,
  startBenchServer,
  type LoadResult,
} from "./bench-support";

const SECONDS = benchSetting("BENCH_SECONDS", 8, 1);
const CONNECTIONS = benchSetting("BENCH_CONNECTIONS", 50, 2);
const MIXED_SECONDS = benchSetting("BENCH_MIXED_SECONDS", 120, 2);
const MIXED_WARMUP_SECONDS = benchSetting("BENCH_MIXED_WARMUP_SECONDS", 60, 2);
const WARMUP_SECONDS = SMOKE ? 0 : 1;
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 4306);
const APP_DIR = path.resolve(process.env.BENCH_APP_DIR ?? process.cwd());
const LABEL = process.env.BENCH_LABEL ?? "";

const BROWSER = BROWSER_HEADERS;

// "reference": a page the issue sets no goal for, measured to show what any uncached render costs.
type Scenario = { name: string; path: string; kind: "static" | "public" | "signed-in" | "reference" };

const STATIC: Scenario = { name: "static file (baseline)", path: "/favicon.svg", kind: "static" };
const SCENARIOS: Scenario[] = [
  { name: "home", path: "/", kind: "public" },
  { name: "catalog", path: "/courses", kind: "public" },
  { name: "catalog, filtered and sorted", path: "/courses?level=beginner&sort=newest", kind: "public" },
  { name: "course page", path: "/courses/shopify-101", kind: "public" },
  { name: "lesson preview", path: "/courses/shopify-101/lessons/welcome-and-roadmap", kind: "public" },
  { name: "blog", path: "/blog", kind: "public" },
  { name: "blog post", path: "/blog/ship-before-you-feel-ready", kind: "public" },
  { name: "pricing", path: "/pricing", kind: "public" },
  { name: "playbooks", path: "/playbooks", kind: "public" },
  { name: "testimonials", path: "/testimonials", kind: "public" },
  { name: "about", path: "/about", kind: "public" },
  { name: "terms", path: "/terms", kind: "public" },
  { name: "RSS feed", path: "/blog/rss.xml", kind: "public" },
  { name: "sitemap", path: "/sitemap.xml", kind: "public" },
  { name: "catalog data request", path: "/courses.data", kind: "public" },
  { name: "course page (signed in)", path: "/courses/shopify-101", kind: "signed-in" },
  { name: "lesson page (signed in)", path: "/courses/shopify-101/lessons/choose-a-niche-you-can-serve", kind: "signed-in" },
  { name: "account page (signed in)", path: "/account", kind: "signed-in" },
  { name: "admin: users", path: "/admin/users", kind: "signed-in" },
  { name: "admin: courses", path: "/admin/courses", kind: "signed-in" },
  { name: "admin: orders", path: "/admin/orders", kind: "signed-in" },
  { name: "admin: blog", path: "/admin/blog", kind: "signed-in" },
  // The smallest rendered page, without a session: the floor under every uncached page's figure.
  { name: "log-in page (uncached, no session)", path: "/login", kind: "reference" },
];
const TARGET: Partial<Record<Scenario["kind"], number>> = { public: 0.5, "signed-in": 0.2 };

type Row = Scenario & LoadResult & { cpuMs: number };

const load = (base: string, paths: string[], headers: Record<string, string>, seconds: number, connections = CONNECTIONS) =>
  loadFor({ base, paths, headers, seconds, connections });

async function benchDatabase(database: { name: string; url: string }, port: number) {
  const { base, server, stop } = await startBenchServer({ appDir: APP_DIR, port, databaseUrl: database.url });
  try {
    const cookie = await signInCookie(base, BENCH_ADMIN);
    const headersFor = (scenario: Scenario) => (scenario.kind === "signed-in" ? { ...BROWSER, cookie } : BROWSER);
    for (const scenario of [STATIC, ...SCENARIOS]) {
      const response = await fetch(`${base}${scenario.path}`, { headers: headersFor(scenario), redirect: "manual" });
      await response.arrayBuffer();
      if (response.status !== 200) console.warn(`warning: ${scenario.path} answered ${response.status}`);
    }
    if (WARMUP_SECONDS > 0) {
      console.log(`Warming up (${database.name})…`);
      for (const scenario of [STATIC, ...SCENARIOS]) await load(base, [scenario.path], headersFor(scenario), WARMUP_SECONDS, 10);
    }

    const measure = async (scenario: Scenario): Promise<Row> => {
      const cpuBefore = serverCpuMs(server.pid!);
      const result = await load(base, [scenario.path], headersFor(scenario), SECONDS);
      return { ...scenario, ...result, cpuMs: result.total ? (serverCpuMs(server.pid!) - cpuBefore) / result.total : 0 };
    };
    const rows: Row[] = [];
    const staticFirst = await measure(STATIC);
    for (const scenario of SCENARIOS) {
      rows.push(await measure(scenario));
      process.stdout.write(".");
    }
    const staticLast = { ...(await measure(STATIC)), name: "static file (again, at the end)" };
    console.log("");
    // Memory: the mixed load's working set (the page cache, the Markdown cache, PGlite's memory,
    // the heap at this concurrency) is larger than any single page's, and is reached within a
    // minute; then it stays level. So the first reading comes after a first stretch of the same
    // mixed load, and the second after MIXED_SECONDS more: growth, not filling. Each is the median
    // of the last 10 s of readings (one reading swung by 200 MB on PostgreSQL).
    const publicPaths = SCENARIOS.filter((s) => s.kind === "public").map((s) => s.path);
    const signedInPaths = SCENARIOS.filter((s) => s.kind === "signed-in").map((s) => s.path);
    const mixedLoad = (seconds: number) =>
      Promise.all([
        load(base, publicPaths, BROWSER, seconds, Math.max(1, Math.round(CONNECTIONS * 0.8))),
        load(base, signedInPaths, { ...BROWSER, cookie }, seconds, Math.max(1, Math.round(CONNECTIONS * 0.2))),
      ]);
    console.log(`Mixed load: ${MIXED_WARMUP_SECONDS}s to warm up, then ${MIXED_SECONDS}s (visitors on every public page, a signed-in admin on the rest)…`);
    const rssWarm = await rssAtEndOf(server.pid!, mixedLoad(MIXED_WARMUP_SECONDS));
    const rssMixed = await rssAtEndOf(server.pid!, mixedLoad(MIXED_SECONDS));
    return { rows, staticFirst, staticLast, rssWarm, rssMixed };
  } finally {
    await stop();
  }
}

function table(result: Awaited<ReturnType<typeof benchDatabase>>) {
  const baseline = (result.staticFirst.rps + result.staticLast.rps) / 2;
  const lines = [
    "| page | path | req/s | × static | p50 ms | p99 ms | server CPU ms/req | target | non-2xx |",
    "|---|---|---:|---:|---:|---:|---:|---|---:|",
  ];
  for (const row of [result.staticFirst, ...result.rows, result.staticLast]) {
    const ratio = row.rps / baseline;
    const goal = TARGET[row.kind];
    const target = goal === undefined ? "" : `≥ ${goal} ${ratio >= goal ? "met" : "**missed**"}`;
    lines.push(
      `| ${row.name} | \`${row.path}\` | ${row.rps.toFixed(0)} | ${ratio.toFixed(2)} | ${row.p50} | ${row.p99} | ${row.cpuMs.toFixed(2)} | ${target} | ${row.non2xx + row.errors} |`,
    );
  }
  // A smoke run's mixed load may end before the first reading (every 2 s): no figure then.
  const growth = result.rssWarm ? result.rssMixed / result.rssWarm : 0;
  lines.push(
    "",
    `RSS (median of the last 10 s) after ${MIXED_WARMUP_SECONDS}s of mixed load ${result.rssWarm.toFixed(0)} MB; after ${MIXED_SECONDS}s more ${result.rssMixed.toFixed(0)} MB (${growth.toFixed(2)}×, target ≤ 1.2× ${growth <= 1.2 ? "met" : "**missed**"}).`,
  );
  return lines.join("\n");
}

function gitDescribe() {
  const result = spawnSync("git", ["log", "-1", "--format=%h %s"], { cwd: APP_DIR, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim().slice(0, 90) : "(not a git checkout)";
}

const databases: { name: string; url: string }[] = process.env.BENCH_ENGINES === "postgres" ? [] : [{ name: "PGlite", url: "" }];
let dropDatabase: (() => Promise<void>) | undefined;
if (process.env.BENCH_DATABASE_URL) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const name = `course_site_bench_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databases.push({ name: "PostgreSQL", url: url.toString() });
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

try {
  const cpus = os.cpus();
  const machine = `${cpus[0]?.model.trim() ?? "unknown CPU"}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, ${os.platform()} ${os.release()}`;
  const sections: string[] = [];
  for (const [index, database] of databases.entries()) {
    const result = await benchDatabase(database, FIRST_PORT + index);
    const text = table(result);
    console.log(`\n${database.name}: ${CONNECTIONS} connections, ${SECONDS}s per page, autocannon in its own process\n\n${text}\n`);
    sections.push(`### ${database.name}\n\n${text}`);
  }
  const heading = `## ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC${LABEL ? ` — ${LABEL}` : ""}`;
  const entry = [
    heading,
    "",
    `${machine}. Code: ${gitDescribe()}. ${CONNECTIONS} connections, ${SECONDS}s per page, browser headers (gzip/br accepted).`,
    "",
    ...sections.flatMap((section) => [section, ""]),
  ].join("\n");
  appendResults(
    `${entry}\n`,
    "# `npm run bench` results\n\nAppended by each run, newest last. Ratios are to a static file served by the same server in the same run (the mean of a measurement at the start and one at the end).\n\n",
  );
} finally {
  await dropDatabase?.();
}
