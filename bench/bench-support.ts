// What the database benchmarks share: a throwaway database, and a timer that reports median and p95.
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
