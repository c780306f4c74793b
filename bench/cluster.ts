// `npm run bench:cluster` (issue 44): what a second web process buys on PostgreSQL. The same
// production server (`npm start`) with WEB_CONCURRENCY=1 and then 2, on one database, each
// measured on a static file (the baseline of the run), a cached public page, a signed-in page and
// a segment of an enrolled learner's stream (autocannon in a process of its own, bench/load.ts).
// The load generator shares the machine's cores with the server, as in every benchmark here.
// Prints the table and appends it to bench/RESULTS.md; asserts nothing.
//
//   BENCH_DATABASE_URL=postgres://…/postgres   required: the embedded database is one process
//   BENCH_SECONDS=8  BENCH_CONNECTIONS=50  BENCH_PORT=4336
//   BENCH_CLUSTER_SIZES=1,2                    the WEB_CONCURRENCY values to compare
//   BENCH_SMOKE=1   a run that checks the command works (1 s per row, 2 connections); appends nowhere
//   BENCH_RESULTS_FILE=…                       append to this file instead of bench/RESULTS.md
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase } from "../app/server/db/client.server";
import { parseConfig, setConfig } from "../app/server/platform/config.server";
import { setStorage } from "../app/server/platform/storage.server";
import { appendResults, BENCH_ADMIN, benchSetting, BROWSER_HEADERS, signInCookie, SMOKE, startBenchServer } from "./bench-support";
import { LEARNER, prepareStreamFixture, STATIC_PATH } from "./stream-fixture";

const SECONDS = benchSetting("BENCH_SECONDS", 8, 1);
const CONNECTIONS = benchSetting("BENCH_CONNECTIONS", 50, 2);
const WARMUP_SECONDS = SMOKE ? 0 : 2;
const PORT = Number(process.env.BENCH_PORT ?? 4336);
const SIZES = (process.env.BENCH_CLUSTER_SIZES ?? "1,2").split(",").map(Number);
const APP_DIR = path.resolve(import.meta.dirname, "..");

type LoadResult = { rps: number; total: number; p50: number; p99: number; non2xx: number; errors: number };

function load(base: string, paths: string[], headers: Record<string, string>, seconds = SECONDS) {
  return new Promise<LoadResult>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(APP_DIR, "bench/load.ts"), JSON.stringify({ base, paths, headers, seconds, connections: CONNECTIONS })], {
      cwd: APP_DIR,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => (out += chunk));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`the load generator exited with ${code}`))));
  });
}

async function measure(databaseUrl: string, dataDir: string, lessonId: string, processes: number) {
  process.env.WEB_CONCURRENCY = String(processes);
  const { base, stop } = await startBenchServer({ appDir: APP_DIR, port: PORT, databaseUrl, dataDir, keepDataDir: true });
  try {
    // /healthz answers once the first process listens; the others start after it.
    await new Promise((resolve) => setTimeout(resolve, processes > 1 ? 15_000 : 0));
    const admin = await signInCookie(base, BENCH_ADMIN);
    const learner = await signInCookie(base, LEARNER);
    const master = await fetch(`${base}/api/lessons/${lessonId}/stream/master.m3u8`, { headers: { cookie: learner } });
    await master.arrayBuffer();
    const credential = master.headers.getSetCookie().find((value) => value.startsWith("lesson_stream="))?.split(";")[0] ?? "";
    const rows: { name: string; paths: string[]; headers: Record<string, string> }[] = [
      { name: "static file (baseline)", paths: [STATIC_PATH], headers: {} },
      { name: "cached public page", paths: ["/courses"], headers: BROWSER_HEADERS },
      { name: "signed-in page (admin dashboard)", paths: ["/admin"], headers: { ...BROWSER_HEADERS, cookie: admin } },
      { name: "signed-in page (account)", paths: ["/account"], headers: { ...BROWSER_HEADERS, cookie: learner } },
      { name: "segment, enrolled learner", paths: [`/api/lessons/${lessonId}/stream/360p/seg-0000.ts`], headers: { cookie: `${learner}; ${credential}` } },
    ];
    const results: (LoadResult & { name: string })[] = [];
    for (const row of rows) {
      if (WARMUP_SECONDS > 0) await load(base, row.paths, row.headers, WARMUP_SECONDS);
      results.push({ name: row.name, ...(await load(base, row.paths, row.headers)) });
      process.stdout.write(".");
    }
    console.log("");
    return results;
  } finally {
    await stop();
  }
}

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.error("bench:cluster needs BENCH_DATABASE_URL=postgres://…/postgres: the embedded database always runs in one process.");
  process.exit(1);
}
const name = `course_site_bench_cluster_${process.pid}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-bench-cluster-"));
try {
  Object.assign(process.env, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: "production", PUBLIC_URL: `http://127.0.0.1:${PORT}`, DEMO_VIDEOS: "false" });
  setConfig(parseConfig(process.env));
  setStorage(undefined);
  console.log("Preparing the demo school, the learner and the stream…");
  const handle = await openDatabase({ kind: "postgres", url: databaseUrl, max: 2 });
  const { lessonId } = await prepareStreamFixture(handle).finally(() => handle.close());

  const runs = [];
  for (const size of SIZES) {
    console.log(`WEB_CONCURRENCY=${size}: ${SECONDS}s per request kind, ${CONNECTIONS} connections…`);
    runs.push({ size, results: await measure(databaseUrl, dataDir, lessonId, size) });
  }
  const [first] = runs;
  const lines = [
    `| request | ${runs.map((run) => `req/s, ${run.size} process${run.size === 1 ? "" : "es"}`).join(" | ")} | ${runs
      .slice(1)
      .map((run) => `${run.size} ÷ ${first!.size}`)
      .join(" | ")} | ${runs.map((run) => `p99 ms (${run.size})`).join(" | ")} | non-2xx |`,
    `|---|${runs.map(() => "---:").join("|")}|${runs
      .slice(1)
      .map(() => "---:")
      .join("|")}|${runs.map(() => "---:").join("|")}|---:|`,
  ];
  for (const [index, row] of first!.results.entries()) {
    const cells = runs.map((run) => run.results[index]!);
    lines.push(
      `| ${row.name} | ${cells.map((cell) => cell.rps.toFixed(0)).join(" | ")} | ${cells
        .slice(1)
        .map((cell) => `${(cell.rps / row.rps).toFixed(2)}×`)
        .join(" | ")} | ${cells.map((cell) => cell.p99).join(" | ")} | ${cells.reduce((sum, cell) => sum + cell.non2xx + cell.errors, 0)} |`,
    );
  }
  const cpus = os.cpus();
  const machine = `${cpus[0]?.model.trim() ?? "unknown CPU"}, ${cpus.length} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the start`;
  const commit = spawnSync("git", ["log", "-1", "--format=%h %s"], { cwd: APP_DIR, encoding: "utf8" }).stdout.trim().slice(0, 90);
  const table = lines.join("\n");
  console.log(`\n${table}\n`);
  const entry = [
    `## Web processes (\`npm run bench:cluster\`), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${machine}. Code: ${commit}. PostgreSQL; ${CONNECTIONS} connections, ${SECONDS}s each; the load generator on the same cores.`,
    "",
    table,
    "",
  ].join("\n");
  appendResults(`\n${entry}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
