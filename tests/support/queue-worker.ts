// A worker process for the two-process queue test (app/server/jobs/queue-processes.pg.test.ts):
// run with tsx, DATABASE_URL set. Every job it runs is written to queue_test_runs, so the test can
// count who ran what; a `slow` job sleeps on its first attempt, long enough to be killed mid-run.
import { sql } from "drizzle-orm";
import { parseConfig, setConfig } from "../../app/server/platform/config.server";
import { db, openDatabase, setDatabase } from "../../app/server/db/client.server";
import { startWorkers } from "../../app/server/jobs/queue.server";

const worker = process.env.WORKER_NAME ?? String(process.pid);
setConfig(parseConfig({ NODE_ENV: "test", DATA_DIR: `./data/queue-worker-${process.pid}`, DATABASE_URL: process.env.DATABASE_URL }));
const handle = await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL!, max: 4 });
setDatabase(handle);

const record = (kind: string, jobId: string) =>
  db().execute(sql`insert into queue_test_runs (worker, kind, job_id) values (${worker}, ${kind}, ${jobId})`);

await startWorkers(
  [
    {
      name: "sweep-unused-files",
      concurrency: 2,
      handler: async (data, job) => {
        await record("start", job.id);
        if (data.slow && job.retryCount === 0) await new Promise((resolve) => setTimeout(resolve, 120_000));
        await record("done", job.id);
      },
    },
    {
      name: "purge-expired-rows",
      cron: "* * * * *",
      handler: async (_data, job) => {
        await record("schedule", job.id);
      },
    },
  ],
  { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
);
process.stdout.write("ready\n");
