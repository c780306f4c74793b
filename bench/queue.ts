// `npm run bench:queue`: the job queue (pg-boss, docs/decisions/018) on a throwaway in-memory
// PGlite and, with BENCH_DATABASE_URL=postgres://…/postgres, on a database of its own on that
// server (dropped afterwards). Prints jobs per second through the queue (enqueue to done, with
// in-process workers) and the latency from enqueue to the handler starting. Asserts nothing.
//   BENCH_JOBS=500   BENCH_LATENCY_SAMPLES=20   BENCH_CONCURRENCY=4
//   BENCH_SMOKE=1    a run that checks the command works (20 jobs, 3 latency samples)
import postgres from "postgres";
import { setConfig, parseConfig } from "../app/server/platform/config.server";
import { db, openDatabase, setDatabase, type DatabaseHandle } from "../app/server/db/client.server";
import { runMigrations } from "../app/server/db/migrate.server";
import { enqueue, startWorkers, stopWorkers } from "../app/server/jobs/queue.server";
import { benchSetting } from "./bench-support";

const JOBS = benchSetting("BENCH_JOBS", 500, 20);
const LATENCY_SAMPLES = benchSetting("BENCH_LATENCY_SAMPLES", 20, 3);
const CONCURRENCY = benchSetting("BENCH_CONCURRENCY", 4, 4);

async function openBenchDatabase(kind: "pglite" | "postgres"): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  if (kind === "pglite") {
    const handle = await openDatabase({ kind: "pglite-memory" });
    return { handle, dispose: () => handle.close() };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL!;
  const name = `queue_bench_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), max: 10 });
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function bench(kind: "pglite" | "postgres") {
  const { handle, dispose } = await openBenchDatabase(kind);
  setDatabase(handle);
  try {
    await runMigrations(handle);
    let done = 0;
    let finished: () => void = () => {};
    const starts = new Map<string, number>();
    await startWorkers(
      [
        {
          name: "sweep-unused-files",
          concurrency: CONCURRENCY,
          handler: async (data) => {
            if (typeof data.sample === "string") starts.set(data.sample, performance.now());
            done++;
            if (done === JOBS) finished();
          },
        },
      ],
      { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 30 },
    );

    // Throughput: JOBS enqueued one by one (each its own insert, as the app does), then worked off.
    const allDone = new Promise<void>((resolve) => (finished = resolve));
    const start = performance.now();
    for (let i = 0; i < JOBS; i++) await enqueue(db(), "sweep-unused-files", { i });
    const enqueued = performance.now();
    await allDone;
    const end = performance.now();

    // Latency: one job at a time into an idle queue; the in-process worker is woken on enqueue.
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const sample = `s${i}`;
      const sent = performance.now();
      await enqueue(db(), "sweep-unused-files", { sample });
      while (!starts.has(sample)) await new Promise((resolve) => setTimeout(resolve, 2));
      latencies.push(starts.get(sample)! - sent);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stopWorkers({ timeoutMs: 5000 });
    console.log(
      `${kind.padEnd(8)} enqueue ${(JOBS / ((enqueued - start) / 1000)).toFixed(0)} jobs/s · through the queue ${(JOBS / ((end - start) / 1000)).toFixed(0)} jobs/s (${JOBS} jobs, ${CONCURRENCY} workers) · enqueue→start median ${median(latencies).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
    );
  } finally {
    setDatabase(undefined);
    await dispose();
  }
}

setConfig(parseConfig({ NODE_ENV: "test", DATA_DIR: "./data/bench-queue", LOG_LEVEL: "warn" }));
await bench("pglite");
if (process.env.BENCH_DATABASE_URL) await bench("postgres");
else console.log("postgres skipped: set BENCH_DATABASE_URL=postgres://…/postgres to measure PostgreSQL too");
process.exit(0);
