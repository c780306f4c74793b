import PgBoss from "pg-boss";
import { sql, type SQL } from "drizzle-orm";
import { JOB_QUEUE, type JobQueue } from "~/lib/job-queues";
import { getDatabaseHandle, sqlValues, type DatabaseHandle, type Queryable } from "~/server/db/client.server";
import { logger } from "~/server/platform/logger.server";

/**
 * The job queue: pg-boss on the site's own database (docs/decisions/018). Its tables live in the
 * `pgboss` schema of the same database, on PostgreSQL and on embedded PGlite alike; pg-boss talks
 * to either through the database handle's `executeSql`. A job is enqueued with `enqueue(tx, …)`
 * inside the transaction of the write that causes it, so a rolled-back write sends nothing.
 *
 * Queue names and their retry rules are declared here; what runs for each is in
 * app/server/jobs/jobs.server.ts.
 */

export const QUEUE_SCHEMA = "pgboss";

export type QueueRules = {
  /** Attempts after the first; then the job stays `failed` with its error. */
  retryLimit: number;
  /** Seconds before the first retry; doubled after each failure (with jitter) when retryBackoff. */
  retryDelay: number;
  retryBackoff: boolean;
  /** An active job older than this is taken to be lost (its worker died) and retried. */
  expireInSeconds: number;
};

export const QUEUES = {
  /** One message of mail_log to deliver (app/server/mail/mail-queue.server.ts). */
  [JOB_QUEUE.mail]: { retryLimit: 12, retryDelay: 5, retryBackoff: true, expireInSeconds: 5 * 60 },
  /** Schedules: each runs once per period however many workers there are. */
  [JOB_QUEUE.sweepUnusedFiles]: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  [JOB_QUEUE.purgeExpiredRows]: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  [JOB_QUEUE.endTestMemberships]: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  [JOB_QUEUE.dripOpenedMail]: { retryLimit: 2, retryDelay: 300, retryBackoff: true, expireInSeconds: 30 * 60 },
  [JOB_QUEUE.newLessonMail]: { retryLimit: 2, retryDelay: 300, retryBackoff: true, expireInSeconds: 30 * 60 },
  [JOB_QUEUE.discussionMail]: { retryLimit: 2, retryDelay: 120, retryBackoff: true, expireInSeconds: 15 * 60 },
  [JOB_QUEUE.checkoutReminders]: { retryLimit: 2, retryDelay: 120, retryBackoff: true, expireInSeconds: 15 * 60 },
  /** Queues one announcement's messages; a retry skips the ones already queued (their keys). */
  [JOB_QUEUE.announcement]: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 30 * 60 },
  /** One lesson upload into its HLS stream (app/server/video/transcode-lesson-video.server.ts); a long video takes a while. */
  [JOB_QUEUE.transcodeVideo]: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 2 * 60 * 60 },
  /**
   * One webhook delivery (app/server/webhooks/webhooks.server.ts): retried with back-off for about
   * a day, the first retry within a minute (20 s, 40 s, 80 s … the last some 22 h after the first).
   */
  [JOB_QUEUE.webhook]: { retryLimit: 12, retryDelay: 20, retryBackoff: true, expireInSeconds: 60 },
  /** One person's "Download my data" ZIP (app/server/users/data-export.server.ts). */
  [JOB_QUEUE.dataExport]: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 },
  /** One membership trial's reminder, and test mode's first charge at its end (payments/membership-trials.server.ts). */
  [JOB_QUEUE.trialReminder]: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  [JOB_QUEUE.testTrialCharge]: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  [JOB_QUEUE.testPlanPayment]: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
  [JOB_QUEUE.paymentPlans]: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
} satisfies Record<JobQueue, QueueRules>;

export type QueueName = JobQueue;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/** pg-boss's own queue for cron: created by pg-boss, counted on the System screen too. */
const INTERNAL_QUEUES = new Set(["__pgboss__send-it"]);

type Db = { executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/**
 * pg-boss's SQL (`$1`… parameters) run through Drizzle on a database or an open transaction, so
 * a job is written by the caller's transaction and commits or rolls back with it.
 */
export function executorFor(database: Queryable): Db {
  return {
    executeSql: async (text, rawValues = []) => {
      const values = sqlValues(rawValues);
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, index) => {
        if (index % 2 === 0) chunks.push(sql.raw(part));
        else {
          chunks.push(sql`${sql.param(values[Number(part) - 1])}`);
        }
      });
      const result = (await database.execute(sql.join(chunks))) as unknown as
        Record<string, unknown>[] | { rows: Record<string, unknown>[] };
      return { rows: Array.isArray(result) ? [...result] : result.rows };
    },
  };
}

export type WorkerSettings = {
  /** Seconds between polls of an idle queue (a local enqueue also wakes the worker at once). */
  pollingIntervalSeconds: number;
  /** How often expired (lost) jobs are retried and old ones archived. */
  maintenanceIntervalSeconds: number;
};

export const DEFAULT_WORKER_SETTINGS: WorkerSettings = { pollingIntervalSeconds: 2, maintenanceIntervalSeconds: 30 };

function createBoss(handle: DatabaseHandle, { work, settings }: { work: boolean; settings: WorkerSettings }) {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => handle.executeSql(text, values) },
    schema: QUEUE_SCHEMA,
    migrate: true,
    // Only a process that works runs pg-boss's maintenance (expiring lost jobs, archiving) and cron.
    supervise: work,
    schedule: work,
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
    // Failed jobs stay in the job table (and on the System screen) for a week, then are archived.
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
    deleteAfterDays: 30,
    cronMonitorIntervalSeconds: 30,
    cronWorkerIntervalSeconds: 5,
  } as PgBoss.ConstructorOptions);
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  return boss;
}

async function ensureQueues(boss: PgBoss) {
  for (const name of QUEUE_NAMES) {
    const rules = QUEUES[name];
    const existing = await boss.getQueue(name);
    if (existing) await boss.updateQueue(name, { name, ...rules });
    else await boss.createQueue(name, { name, ...rules });
  }
}

/**
 * Creates or upgrades pg-boss's tables and this app's queues. Part of the migrations: every
 * process runs it at start (pg-boss takes an advisory lock while it migrates).
 */
export async function installQueue(handle: DatabaseHandle) {
  const boss = createBoss(handle, { work: false, settings: DEFAULT_WORKER_SETTINGS });
  await boss.start();
  try {
    await ensureQueues(boss);
  } finally {
    await boss.stop({ graceful: false, wait: true, close: false });
  }
}

type Holder = { handle: DatabaseHandle; boss: PgBoss; ready: Promise<PgBoss>; work: boolean };
const state = globalThis as typeof globalThis & { __courseSiteQueue?: Holder; __courseSiteQueueSender?: PgBoss };

/** The process's pg-boss for the open database: started on first use, for sending only unless workers were started. */
export function getBoss(): Promise<PgBoss> {
  const handle = getDatabaseHandle();
  const current = state.__courseSiteQueue;
  if (current && current.handle === handle) return current.ready;
  const boss = createBoss(handle, { work: false, settings: DEFAULT_WORKER_SETTINGS });
  const holder: Holder = { handle, boss, work: false, ready: boss.start().then(() => boss) };
  state.__courseSiteQueue = holder;
  holder.ready.catch(() => {
    if (state.__courseSiteQueue === holder) state.__courseSiteQueue = undefined;
  });
  return holder.ready;
}

/**
 * A pg-boss that is never started, only for `send`: sending needs no connection of its own (every
 * send goes through the caller's executor), and starting one inside an open transaction would
 * wait for that transaction on PGlite's single connection.
 */
function sender() {
  state.__courseSiteQueueSender ??= new PgBoss({
    db: { executeSql: () => Promise.reject(new Error("The job sender has no connection of its own")) },
    schema: QUEUE_SCHEMA,
    migrate: false,
    supervise: false,
    schedule: false,
  } as PgBoss.ConstructorOptions);
  return state.__courseSiteQueueSender;
}

export type EnqueueOptions = {
  /** Another job with this key waiting or running makes this enqueue a no-op (pg-boss singletonKey). */
  singletonKey?: string;
  startAfterSeconds?: number;
  /** Not before this moment (a job due on a date: a trial's end). */
  startAt?: Date;
} & Partial<QueueRules>;

const wakeups = new Map<string, () => void>();

/**
 * Adds a job to `name`'s queue through `database` (a transaction, to commit or roll back with
 * the write that causes it). A worker in this process is woken shortly after; others poll.
 */
export async function enqueue(database: Queryable, name: QueueName, data: object, options: EnqueueOptions = {}) {
  const id = await sender().send(name, data, {
    db: executorFor(database),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    ...(options.startAt ? { startAfter: options.startAt } : {}),
    ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
    ...(options.retryDelay !== undefined ? { retryDelay: options.retryDelay } : {}),
    ...(options.retryBackoff !== undefined ? { retryBackoff: options.retryBackoff } : {}),
    ...(options.expireInSeconds !== undefined ? { expireInSeconds: options.expireInSeconds } : {}),
  });
  const wake = wakeups.get(name);
  // The transaction may not have committed yet: wake the worker a moment later (it polls anyway).
  if (wake) setTimeout(wake, 30).unref();
  return id;
}

export type JobContext = { id: string; name: string; retryCount: number; retryLimit: number; isLastAttempt: boolean };
export type JobHandler = (data: Record<string, unknown>, job: JobContext) => Promise<void>;
export type JobRegistration = { name: QueueName; handler: JobHandler; cron?: string; concurrency?: number };

/** Jobs running in this process now, for graceful shutdown. */
const running = new Set<Promise<unknown>>();

/**
 * Starts this process's workers: every registered queue is polled, schedules are (re)declared,
 * and pg-boss's maintenance runs (lost jobs retried after their expiry, old jobs archived).
 */
export async function startWorkers(jobs: JobRegistration[], settings: WorkerSettings = DEFAULT_WORKER_SETTINGS) {
  const handle = getDatabaseHandle();
  const previous = state.__courseSiteQueue;
  if (previous?.work && previous.handle === handle) return previous.boss;
  if (previous) await previous.ready.then((boss) => boss.stop({ graceful: false, wait: true, close: false })).catch(() => {});
  const boss = createBoss(handle, { work: true, settings });
  const holder: Holder = { handle, boss, work: true, ready: boss.start().then(() => boss) };
  state.__courseSiteQueue = holder;
  await holder.ready;
  await ensureQueues(boss);
  for (const job of jobs) {
    const workerIds: string[] = [];
    for (let i = 0; i < (job.concurrency ?? 1); i++) {
      const workerId = await boss.work(
        job.name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: settings.pollingIntervalSeconds },
        async ([row]) => {
          if (!row) return;
          const context: JobContext = {
            id: row.id,
            name: row.name,
            retryCount: row.retryCount,
            retryLimit: row.retryLimit,
            isLastAttempt: row.retryCount >= row.retryLimit,
          };
          const run = job.handler((row.data ?? {}) as Record<string, unknown>, context);
          running.add(run);
          try {
            await run;
          } catch (error) {
            logger.warn({ err: error, job: row.name, jobId: row.id, attempt: row.retryCount + 1 }, "job failed");
            throw error;
          } finally {
            running.delete(run);
          }
        },
      );
      workerIds.push(workerId);
    }
    wakeups.set(job.name, () => workerIds.forEach((id) => boss.notifyWorker(id)));
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { singletonKey: job.name });
  }
  logger.info({ queues: jobs.map((job) => job.name) }, "workers started");
  return boss;
}

/**
 * Stops fetching new jobs and waits up to `timeoutMs` for running ones. A job still running then
 * is left `active`: another worker retries it once its expiry passes.
 */
export async function stopWorkers({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}) {
  const holder = state.__courseSiteQueue;
  if (!holder) return;
  state.__courseSiteQueue = undefined;
  wakeups.clear();
  const boss = await holder.ready.catch(() => null);
  if (!boss) return;
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false }).catch((error: unknown) => {
    logger.warn({ err: error }, "stopping the job queue failed");
  });
  if (running.size > 0) logger.warn({ running: running.size }, "jobs still running at shutdown; they are retried after their expiry");
}

// ---------------------------------------------------------------------------------------------
// What the System screen and /healthz read
// ---------------------------------------------------------------------------------------------

export type QueueCounts = { name: string; waiting: number; active: number; failed: number; completed: number };

const num = (value: unknown) => Number(value ?? 0);

/** Each queue's jobs by state: waiting (created or waiting to retry), active, failed, completed (archived ones too). */
export async function queueCounts(handle: DatabaseHandle = getDatabaseHandle()): Promise<QueueCounts[]> {
  const { rows } = await handle.executeSql(
    `select name, state, count(*)::int as count from ${QUEUE_SCHEMA}.job group by name, state
     union all
     select name, 'completed' as state, count(*)::int as count from ${QUEUE_SCHEMA}.archive where state = 'completed' group by name`,
  );
  const byName = new Map<string, QueueCounts>();
  for (const name of QUEUE_NAMES) byName.set(name, { name, waiting: 0, active: 0, failed: 0, completed: 0 });
  for (const row of rows) {
    const name = String(row.name);
    if (INTERNAL_QUEUES.has(name)) continue;
    const counts = byName.get(name) ?? { name, waiting: 0, active: 0, failed: 0, completed: 0 };
    byName.set(name, counts);
    const state = String(row.state);
    if (state === "created" || state === "retry") counts.waiting += num(row.count);
    else if (state === "active") counts.active += num(row.count);
    else if (state === "failed") counts.failed += num(row.count);
    else if (state === "completed") counts.completed += num(row.count);
  }
  return [...byName.values()];
}

/** Jobs due now and not yet started, and how long the oldest has waited. */
export async function queueBacklog(handle: DatabaseHandle = getDatabaseHandle()) {
  const { rows } = await handle.executeSql(
    `select count(*)::int as waiting, extract(epoch from (now() - min(start_after)))::float as oldest_seconds
     from ${QUEUE_SCHEMA}.job where state in ('created', 'retry') and start_after <= now() and name not like '\\_\\_pgboss%'`,
  );
  const row = rows[0] ?? {};
  return {
    waiting: num(row.waiting),
    oldestWaitingSeconds: row.oldest_seconds === null || row.oldest_seconds === undefined ? 0 : Math.round(num(row.oldest_seconds)),
  };
}

export type FailedJob = { id: string; name: string; error: string; attempts: number; failedAt: Date | null; data: string };

/** The most recent failed jobs, newest first, with their last error. */
export async function failedJobs({ limit = 50, handle = getDatabaseHandle() }: { limit?: number; handle?: DatabaseHandle } = {}): Promise<
  FailedJob[]
> {
  const { rows } = await handle.executeSql(
    `select id, name, data, output, retry_count, completed_on from ${QUEUE_SCHEMA}.job
     where state = 'failed' and name not like '\\_\\_pgboss%' order by completed_on desc nulls last limit $1`,
    [limit],
  );
  return rows.map((row) => {
    const output = row.output as { message?: string; value?: { message?: string } | string } | null;
    const value = output?.value;
    const error = output?.message ?? (typeof value === "object" ? value?.message : value) ?? (output ? JSON.stringify(output) : "");
    return {
      id: String(row.id),
      name: String(row.name),
      error,
      attempts: num(row.retry_count) + 1,
      failedAt: row.completed_on ? new Date(row.completed_on as string) : null,
      data: JSON.stringify(row.data ?? {}),
    };
  });
}

/** Puts a failed job back in its queue for another round of attempts. False when it is not (or no longer) failed. */
export async function retryFailedJob({ name, id }: { name: string; id: string }): Promise<{ data: Record<string, unknown> } | null> {
  const handle = getDatabaseHandle();
  const { rows } = await handle.executeSql(`select data from ${QUEUE_SCHEMA}.job where name = $1 and id = $2::uuid and state = 'failed'`, [
    name,
    id,
  ]);
  if (rows.length === 0) return null;
  const boss = await getBoss();
  await boss.retry(name, id);
  const wake = wakeups.get(name);
  if (wake) setTimeout(wake, 10).unref();
  return { data: (rows[0]!.data ?? {}) as Record<string, unknown> };
}

/**
 * Runs the jobs of `name` that are due now, in this process, until none is left: for scripts and
 * tests that need the work done before they go on (a worker would do it within its polling interval).
 * Returns how many ran and how many failed.
 */
export async function runDueJobs(name: QueueName, handler: JobHandler) {
  const boss = await getBoss();
  let ran = 0;
  let failed = 0;
  for (;;) {
    const rows = await boss.fetch(name, { batchSize: 20, includeMetadata: true });
    if (!rows || rows.length === 0) return { ran, failed };
    for (const row of rows) {
      ran++;
      try {
        await handler((row.data ?? {}) as Record<string, unknown>, {
          id: row.id,
          name: row.name,
          retryCount: row.retryCount,
          retryLimit: row.retryLimit,
          isLastAttempt: row.retryCount >= row.retryLimit,
        });
        await boss.complete(name, row.id);
      } catch (error) {
        failed++;
        await boss.fail(name, row.id, error instanceof Error ? { message: error.message } : { message: String(error) });
      }
    }
  }
}
