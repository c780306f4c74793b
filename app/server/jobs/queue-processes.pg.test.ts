import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../../tests/support/test-database";
import { setConfig } from "~/server/platform/config.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { runMigrations } from "~/server/db/migrate.server";
import { enqueue } from "./queue.server";

/**
 * Two worker processes on one PostgreSQL (needs TEST_DATABASE_URL; the postgres project runs
 * it): each job runs once, the schedule once per minute, and a job whose worker is killed with
 * SIGKILL mid-run is retried by the other after its expiry.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const name = `queue_procs_${process.pid}`;
let admin: postgres.Sql;
let url = "";
let handle: DatabaseHandle;
const workers = new Map<string, ChildProcess>();

function startWorker(workerName: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/queue-worker.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, WORKER_NAME: workerName, NODE_ENV: "test", LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  workers.set(workerName, child);
  return new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`worker ${workerName} exited with ${code}`)));
  });
}

type Run = { worker: string; kind: string; job_id: string; at: string };
const runs = async () => (await handle.executeSql(`select worker, kind, job_id, at from queue_test_runs order by at`)).rows as Run[];

async function until(check: (rows: Run[]) => boolean, timeoutMs: number) {
  const start = Date.now();
  for (;;) {
    const rows = await runs();
    if (check(rows)) return rows;
    if (Date.now() - start > timeoutMs) throw new Error(`gave up waiting: ${JSON.stringify(rows.slice(-5))}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const parsed = new URL(process.env.TEST_DATABASE_URL!);
  parsed.pathname = `/${name}`;
  url = parsed.toString();
  setConfig(testConfig());
  handle = await openDatabase({ kind: "postgres", url, max: 4 });
  setDatabase(handle);
  await runMigrations(handle);
  await handle.executeSql(
    `create table queue_test_runs (worker text not null, kind text not null, job_id uuid not null, at timestamptz not null default clock_timestamp())`,
  );
  await Promise.all([startWorker("a"), startWorker("b")]);
}, 120_000);

afterAll(async () => {
  for (const child of workers.values()) child.kill("SIGKILL");
  setDatabase(undefined);
  await handle?.close();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe("two worker processes on one PostgreSQL", () => {
  it("run each job once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await enqueue(handle.db, "sweep-unused-files", { i }))!);
    const rows = await until((rows) => rows.filter((row) => row.kind === "done").length >= 60, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const done = (await runs()).filter((row) => row.kind === "done");
    expect(done).toHaveLength(60);
    expect(new Set(done.map((row) => row.job_id))).toEqual(new Set(ids));
    expect(rows.length).toBeGreaterThan(0);
  }, 90_000);

  it("run the every-minute schedule once per minute between them", async () => {
    // Both processes declare the schedule and check the clock every 30 s; wait for two periods.
    const rows = await until(
      (rows) => new Set(rows.filter((row) => row.kind === "schedule").map((row) => String(row.at).slice(0, 16))).size >= 2,
      150_000,
    );
    const perMinute = new Map<string, number>();
    for (const row of rows.filter((entry) => entry.kind === "schedule")) {
      // A job is created per minute slot and may start a few seconds into the next minute: count by job.
      perMinute.set(row.job_id, (perMinute.get(row.job_id) ?? 0) + 1);
    }
    expect([...perMinute.values()].every((count) => count === 1)).toBe(true);
    // pg-boss turns a due cron entry into one job per minute slot (a singleton), whichever process saw it first.
    const { rows: slots } = await handle.executeSql(
      `select singleton_on from pgboss.job where name = '__pgboss__send-it' and data->>'name' = 'purge-expired-rows'
       union all select singleton_on from pgboss.archive where name = '__pgboss__send-it' and data->>'name' = 'purge-expired-rows'`,
    );
    const slotTimes = slots.map((slot) => String(slot.singleton_on));
    expect(slotTimes.every((slot) => slot !== "null")).toBe(true);
    expect(new Set(slotTimes).size).toBe(slotTimes.length);
    const { rows: jobs } = await handle.executeSql(
      `select id from pgboss.job where name = 'purge-expired-rows' union all select id from pgboss.archive where name = 'purge-expired-rows'`,
    );
    expect(jobs.length).toBeLessThanOrEqual(slotTimes.length);
    expect(perMinute.size).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it("retry a job whose worker was killed mid-run, after its expiry, on the other worker", async () => {
    const id = (await enqueue(
      handle.db,
      "sweep-unused-files",
      { slow: true },
      { expireInSeconds: 3, retryDelay: 1, retryBackoff: false },
    ))!;
    const started = await until((rows) => rows.some((row) => row.kind === "start" && row.job_id === id), 30_000);
    const victim = started.find((row) => row.kind === "start" && row.job_id === id)!.worker;
    workers.get(victim)!.kill("SIGKILL");
    const rows = await until((rows) => rows.some((row) => row.kind === "done" && row.job_id === id), 60_000);
    const finished = rows.find((row) => row.kind === "done" && row.job_id === id)!;
    expect(finished.worker).not.toBe(victim);
    expect(rows.filter((row) => row.job_id === id && row.kind === "start")).toHaveLength(2);
    const { rows: job } = await handle.executeSql(
      `select state, retry_count from pgboss.job where id = $1::uuid union all select state, retry_count from pgboss.archive where id = $1::uuid`,
      [id],
    );
    expect(job[0]).toMatchObject({ state: "completed", retry_count: 1 });
  }, 90_000);
});
