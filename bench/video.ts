// `npm run bench:video` (issue 44): how many learners one instance streams to at once. Simulated
// players (bench/video-players.ts, a process of its own) each fetch the master playlist and a
// rendition's playlist with an enrolled learner's session, then one segment every 4 s; players are
// added in stages until the p99 of a stage's segment latency passes 200 ms. Then, in the same run,
// the requests/s of that segment (with the learner's session and stream credential) against a
// public media file of the same size served by the same server from the same storage (autocannon,
// bench/load.ts). On PGlite, and on PostgreSQL with BENCH_DATABASE_URL. Appends to bench/RESULTS.md.
//
//   BENCH_VIDEO_STAGES=25,50,100,200,400,700,1000,1500,2000,3000,4000   players at each stage
//   BENCH_VIDEO_STAGE_SECONDS=12   each stage's measurement (after 4 s for its new players to start)
//   BENCH_SEGMENT_KB=465           a segment's size: 4 s of 360p at 800 + 128 kbit/s
//   BENCH_SECONDS=8  BENCH_CONNECTIONS=50   the req/s comparison
//   BENCH_PORT=4326                the server's port (the next one for PostgreSQL)
//   BENCH_DATABASE_URL=postgres://…/postgres   also run on PostgreSQL, in a database of its own
//   BENCH_SMOKE=1                  a run of seconds that checks the command works (one stage of 10
//                                  players for 4 s, 1 s req/s with 2 connections); appends nowhere
//   BENCH_RESULTS_FILE=…           append to this file instead of bench/RESULTS.md
//
// The learner and the lesson's stream are prepared in the database before the server starts (it
// holds PGlite's lock while it runs): a paid video lesson of the demo's first course gets an
// uploaded video with a ready stream whose files are written straight to storage (no ffmpeg: the
// bytes are not played, only served).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase } from "../app/server/db/client.server";
import { setStorage } from "../app/server/platform/storage.server";
import { parseConfig, setConfig } from "../app/server/platform/config.server";
import { appendResults, benchSetting, signInCookie, SMOKE, startBenchServer } from "./bench-support";
import { LEARNER, prepareStreamFixture, SEGMENT_BYTES, SEGMENTS, STATIC_PATH } from "./stream-fixture";

const STAGES = (process.env.BENCH_VIDEO_STAGES || (SMOKE ? "10" : "25,50,100,200,400,700,1000,1500,2000,3000,4000")).split(",").map(Number);
const STAGE_SECONDS = benchSetting("BENCH_VIDEO_STAGE_SECONDS", 12, 4);
const SECONDS = benchSetting("BENCH_SECONDS", 8, 1);
const CONNECTIONS = benchSetting("BENCH_CONNECTIONS", 50, 2);
const WARMUP_SECONDS = SMOKE ? 1 : 2;
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 4326);
const P99_LIMIT_MS = 200;
const APP_DIR = path.resolve(import.meta.dirname, "..");

type Stage = { viewers: number; segments: number; perSecond: number; p50: number; p99: number; failed: number; playlistP99: number };
type LoadResult = { rps: number; total: number; p50: number; p99: number; non2xx: number; errors: number };

function child<T>(script: string, job: unknown) {
  return new Promise<T>((resolve, reject) => {
    const process_ = spawn(process.execPath, ["--import", "tsx", path.join(APP_DIR, script), JSON.stringify(job)], {
      cwd: APP_DIR,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    process_.stdout!.on("data", (chunk: Buffer) => (out += chunk));
    process_.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${script} exited with ${code}`))));
  });
}

async function benchDatabase(name: string, databaseUrl: string, port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-bench-video-"));
  // The seed and the stream's files go through the app's storage: into this server's DATA_DIR.
  Object.assign(process.env, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: "production", PUBLIC_URL: `http://127.0.0.1:${port}`, DEMO_VIDEOS: "false" });
  // This process's configuration and storage are the ones of this run (the previous run's are gone).
  setConfig(parseConfig(process.env));
  setStorage(undefined);
  console.log(`Preparing the demo school, the learner and the stream (${name})…`);
  const handle = await openDatabase(databaseUrl ? { kind: "postgres", url: databaseUrl, max: 2 } : { kind: "pglite", dataDir });
  const { lessonId } = await prepareStreamFixture(handle).finally(() => handle.close());
  const { base, stop } = await startBenchServer({ appDir: APP_DIR, port, databaseUrl, dataDir });
  try {
    const cookie = await signInCookie(base, LEARNER);
    const load = (paths: string[], headers: Record<string, string>, seconds = SECONDS) =>
      child<LoadResult>("bench/load.ts", { base, paths, headers, seconds, connections: CONNECTIONS });
    const playlists = [`/api/lessons/${lessonId}/stream/master.m3u8`, `/api/lessons/${lessonId}/stream/360p/index.m3u8`];
    console.log(`Warming up (playlists, segments and the public file, ${WARMUP_SECONDS} s each)…`);
    await load(playlists, { cookie }, WARMUP_SECONDS);
    console.log(`Players, in stages of ${STAGE_SECONDS}s until the p99 of segments passes ${P99_LIMIT_MS} ms:`);
    const stages = await child<Stage[]>("bench/video-players.ts", {
      base,
      lessonId,
      cookie,
      rendition: "360p",
      segments: SEGMENTS,
      stages: STAGES,
      stageSeconds: STAGE_SECONDS,
      p99LimitMs: P99_LIMIT_MS,
    });
    const master = await fetch(`${base}/api/lessons/${lessonId}/stream/master.m3u8`, { headers: { cookie } });
    await master.arrayBuffer();
    const credential = master.headers.getSetCookie().find((value) => value.startsWith("lesson_stream="))?.split(";")[0] ?? "";
    const segmentPath = `/api/lessons/${lessonId}/stream/360p/seg-0000.ts`;
    const staticPath = STATIC_PATH;
    await load([segmentPath], { cookie: `${cookie}; ${credential}` }, WARMUP_SECONDS);
    await load([staticPath], {}, WARMUP_SECONDS);
    console.log(`Requests/s of a segment and of a public file of the same size, ${CONNECTIONS} connections, ${SECONDS}s each…`);
    const staticFirst = await load([staticPath], {});
    const segment = await load([segmentPath], { cookie: `${cookie}; ${credential}` });
    const staticLast = await load([staticPath], {});
    return { stages, segment, staticFirst, staticLast };
  } finally {
    await stop();
  }
}

function report(result: Awaited<ReturnType<typeof benchDatabase>>) {
  const sustained = result.stages.filter((stage) => stage.p99 <= P99_LIMIT_MS && stage.failed <= stage.segments / 100).at(-1);
  const lines = [
    "| players | segments/s | p50 ms | p99 ms | failed | playlists p99 ms |",
    "|---:|---:|---:|---:|---:|---:|",
    ...result.stages.map(
      (stage) => `| ${stage.viewers} | ${stage.perSecond.toFixed(0)} | ${stage.p50} | ${stage.p99} | ${stage.failed} | ${stage.playlistP99} |`,
    ),
    "",
  ];
  const ramped = result.stages.at(-1);
  const reachedEnd = ramped && ramped.p99 <= P99_LIMIT_MS && ramped.viewers === STAGES.at(-1);
  lines.push(
    `Concurrent viewers sustained (p99 ≤ ${P99_LIMIT_MS} ms): **${sustained?.viewers ?? 0}**${reachedEnd ? " (the last stage: the ramp did not reach its limit)" : ""}; target ≥ 2,000 ${(sustained?.viewers ?? 0) >= 2000 ? "met" : "**missed**"}.`,
    "",
  );
  const baseline = (result.staticFirst.rps + result.staticLast.rps) / 2;
  const ratio = result.segment.rps / baseline;
  lines.push(
    "| request | req/s | × static | p50 ms | p99 ms | non-2xx |",
    "|---|---:|---:|---:|---:|---:|",
    `| public file, same size | ${result.staticFirst.rps.toFixed(0)} | ${(result.staticFirst.rps / baseline).toFixed(2)} | ${result.staticFirst.p50} | ${result.staticFirst.p99} | ${result.staticFirst.non2xx + result.staticFirst.errors} |`,
    `| segment, enrolled learner | ${result.segment.rps.toFixed(0)} | ${ratio.toFixed(2)} | ${result.segment.p50} | ${result.segment.p99} | ${result.segment.non2xx + result.segment.errors} |`,
    `| public file, again | ${result.staticLast.rps.toFixed(0)} | ${(result.staticLast.rps / baseline).toFixed(2)} | ${result.staticLast.p50} | ${result.staticLast.p99} | ${result.staticLast.non2xx + result.staticLast.errors} |`,
    "",
    `Segment ÷ static file: ${ratio.toFixed(2)}× (target ≥ 0.7× ${ratio >= 0.7 ? "met" : "**missed**"}).`,
  );
  return lines.join("\n");
}

const databases: { name: string; url: string }[] = [{ name: "PGlite", url: "" }];
let dropDatabase: (() => Promise<void>) | undefined;
if (process.env.BENCH_DATABASE_URL) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const name = `course_site_bench_video_${process.pid}`;
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
  const machine = `${cpus[0]?.model.trim() ?? "unknown CPU"}, ${cpus.length} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the start`;
  const commit = spawnSync("git", ["log", "-1", "--format=%h %s"], { cwd: APP_DIR, encoding: "utf8" }).stdout.trim().slice(0, 90);
  const sections: string[] = [];
  for (const [index, database] of databases.entries()) {
    const text = report(await benchDatabase(database.name, database.url, FIRST_PORT + index));
    console.log(`\n${database.name}\n\n${text}\n`);
    sections.push(`### ${database.name}\n\n${text}`);
  }
  const entry = [
    `## Video streams (\`npm run bench:video\`), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${machine}. Code: ${commit}. Segments of ${(SEGMENT_BYTES / 1024).toFixed(0)} KB, one every 4 s per player; stages of ${STAGE_SECONDS}s; req/s with ${CONNECTIONS} connections, ${SECONDS}s each.`,
    "",
    ...sections.flatMap((section) => [section, ""]),
  ].join("\n");
  appendResults(`\n${entry}`);
} finally {
  await dropDatabase?.();
}
