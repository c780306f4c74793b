import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { deliverQueuedMailNow } from "../../../tests/support/mail-queue";
import { getConfig } from "~/server/platform/config.server";
import { db } from "~/server/db/client.server";
import { contactMessages, mailLog } from "~/server/db/schema";
import { deliverQueuedMail, sendMail } from "~/server/mail/mail-queue.server";
import { enqueue, failedJobs, queueBacklog, queueCounts, retryFailedJob, startWorkers, stopWorkers } from "./queue.server";

const database = useTestDatabase();

const mail = (to: string) => ({ kind: "other" as const, to, subject: `Hello ${to}`, text: "Hello", html: "<p>Hello</p>" });

async function outboxTo(address: string) {
  const dir = getConfig().mail.outboxDir;
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".eml"));
  const texts = await Promise.all(files.map((file) => fs.readFile(`${dir}/${file}`, "utf8")));
  return texts.filter((text) => new RegExp(`^To: ${address.replace(/[.+]/g, "\\$&")}$`, "mi").test(text));
}

async function jobStates(mailId: string) {
  const { rows } = await database().executeSql(
    `select state, retry_count, output from pgboss.job where name = 'mail' and data->>'mailId' = $1`,
    [mailId],
  );
  return rows;
}

async function countJobs() {
  const { rows } = await database().executeSql(`select count(*)::int as n from pgboss.job where name = 'mail'`);
  return Number(rows[0]!.n);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`gave up waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("enqueueing in the write's transaction", () => {
  it("a rolled-back write queues and sends nothing", async () => {
    const to = `${unique("rollback")}@example.com`;
    const jobsBefore = await countJobs();
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(contactMessages).values({ name: "Ann", email: to, message: "Hello" });
        await sendMail(mail(to), { database: tx });
        throw new Error("the write fails after the mail was queued");
      }),
    ).rejects.toThrow("the write fails");
    expect(await db().$count(mailLog, eq(mailLog.to, to))).toBe(0);
    expect(await countJobs()).toBe(jobsBefore);
    await deliverQueuedMailNow();
    expect(await outboxTo(to)).toHaveLength(0);
    expect(await db().$count(contactMessages, eq(contactMessages.email, to))).toBe(0);
  });

  it("a committed write's mail is queued with it and delivered once, however often delivery runs", async () => {
    const to = `${unique("commit")}@example.com`;
    const { mailId } = await db().transaction(async (tx) => sendMail({ ...mail(to), key: `test:${to}` }, { database: tx }));
    expect(mailId).toBeTruthy();
    const [queued] = await db().select().from(mailLog).where(eq(mailLog.id, mailId!));
    expect(queued).toMatchObject({ status: "queued", attempts: 0, kind: "other", to });
    expect(await jobStates(mailId!)).toMatchObject([{ state: "created" }]);

    // The same key again adds nothing: one message per key.
    expect(await sendMail({ ...mail(to), key: `test:${to}` })).toEqual({ mailId: null, queued: false });
    await deliverQueuedMailNow();
    // A retry after the message went out (the job lost, the row already sent) sends nothing more.
    await deliverQueuedMail({ mailId: mailId! }, { isLastAttempt: false });
    expect(await outboxTo(to)).toHaveLength(1);
    const [sent] = await db().select().from(mailLog).where(eq(mailLog.id, mailId!));
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });
});

describe("workers", () => {
  beforeAll(async () => {
    await startWorkers([{ name: "mail", handler: deliverQueuedMail, concurrency: 2 }], {
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    });
  });
  afterAll(async () => {
    await stopWorkers({ timeoutMs: 5000 });
  });

  it("a poison job fails after its attempts, keeps its error, and does not hold up the mail behind it", async () => {
    const poison = await enqueue(db(), "mail", { mailId: "not-a-mail" }, { retryLimit: 2, retryDelay: 1, retryBackoff: false });
    const to = `${unique("behind")}@example.com`;
    await sendMail(mail(to));
    // The good message goes out while the poison one is still being retried.
    await until(
      () => outboxTo(to),
      (mails) => mails.length === 1,
    );

    const failed = await until(
      () => failedJobs(),
      (jobs) => jobs.some((job) => job.id === poison),
    );
    const job = failed.find((entry) => entry.id === poison)!;
    expect(job).toMatchObject({ name: "mail", attempts: 3 });
    expect(job.error).toContain("A mail job needs a mail_log id");
    // No hot loop: three attempts and then it stays failed.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const { rows } = await database().executeSql(`select state, retry_count from pgboss.job where id = $1::uuid`, [poison]);
    expect(rows).toMatchObject([{ state: "failed", retry_count: 2 }]);
    expect((await queueCounts()).find((queue) => queue.name === "mail")!.failed).toBeGreaterThanOrEqual(1);
  });

  it("Retry puts a failed job back, and it runs again", async () => {
    const id = await enqueue(db(), "mail", { mailId: "poison" }, { retryLimit: 0 });
    await until(
      () => failedJobs(),
      (jobs) => jobs.some((job) => job.id === id),
    );
    expect(await retryFailedJob({ name: "mail", id: id! })).toEqual({ data: { mailId: "poison" } });
    // It ran once more (and, still poison, failed again): one more attempt, not a loop.
    const after = await until(
      () => database().executeSql(`select state, retry_count, retry_limit from pgboss.job where id = $1::uuid`, [id]),
      (result) => result.rows[0]?.state === "failed" && result.rows[0]?.retry_count === 1,
    );
    expect(after.rows[0]!.retry_limit).toBe(1);
    expect(await retryFailedJob({ name: "mail", id: "00000000-0000-0000-0000-000000000000" })).toBeNull();
  });

  it("/healthz's backlog counts due jobs and the age of the oldest", async () => {
    await stopWorkers({ timeoutMs: 5000 });
    const before = await queueBacklog();
    await sendMail(mail(`${unique("backlog")}@example.com`));
    await database().executeSql(
      `update pgboss.job set start_after = now() - interval '90 seconds' where name = 'mail' and state = 'created'`,
    );
    const backlog = await queueBacklog();
    expect(backlog.waiting).toBe(before.waiting + 1);
    expect(backlog.oldestWaitingSeconds).toBeGreaterThanOrEqual(89);
    await deliverQueuedMailNow();
    expect((await queueBacklog()).waiting).toBe(0);
  });
});
