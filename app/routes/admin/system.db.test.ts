import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser, thrownResponse, toastAfter } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { mailLog } from "~/server/db/schema";
import { runDueJobs } from "~/server/jobs/queue.server";
import { sendMail } from "~/server/mail/mail-queue.server";
import * as system from "./system";

const database = useTestDatabase();

const admin = sessionUser({ role: "admin" });
const owner = sessionUser({ role: "super_admin" });

const jobState = async (id: string) =>
  (await database().executeSql(`select state, retry_limit from pgboss.job where id = $1::uuid`, [id])).rows[0] as {
    state: string;
    retry_limit: number;
  };

/** A mail whose delivery failed for good: its job failed, its log line failed, with the error. */
async function failedMail(to: string) {
  const { mailId } = await sendMail({ kind: "receipt", to, subject: "Your receipt", text: "Thanks", html: "<p>Thanks</p>" });
  const { rows } = await database().executeSql(`update pgboss.job set retry_limit = 0 where data->>'mailId' = $1 returning id`, [mailId]);
  await runDueJobs("mail", async (_data, job) => {
    await database()
      .db.update(mailLog)
      .set({ status: "failed", attempts: 1, lastError: "connect ECONNREFUSED 127.0.0.1:25" })
      .where(eq(mailLog.id, mailId!));
    expect(job.isLastAttempt).toBe(true);
    throw new Error("connect ECONNREFUSED 127.0.0.1:25");
  });
  return { mailId: mailId!, jobId: String(rows[0]!.id) };
}

let failed: { mailId: string; jobId: string };
const address = `${unique("system")}@example.com`;

beforeAll(async () => {
  failed = await failedMail(address);
  await sendMail({ kind: "contact", to: `${unique("other")}@example.com`, subject: "Contact form: Bo", text: "Hi", html: "<p>Hi</p>" });
});

describe("Admin → System", () => {
  it("is the super admin's: a plain admin is refused (403), the owner sees queues, failed jobs and the mail log", async () => {
    const refused = await thrownResponse(callLoader(system, { path: "/admin/system", user: admin }));
    expect(refused.status).toBe(403);

    const page = await callLoader(system, { path: "/admin/system", user: owner });
    const mail = page.queues.find((queue) => queue.name === "mail")!;
    expect(mail.failed).toBeGreaterThanOrEqual(1);
    expect(mail.waiting).toBeGreaterThanOrEqual(1);
    expect(page.queues.map((queue) => queue.name)).toEqual(
      expect.arrayContaining(["mail", "sweep-unused-files", "purge-expired-rows", "end-test-memberships"]),
    );
    expect(page.failed.find((job) => job.id === failed.jobId)).toMatchObject({
      name: "mail",
      attempts: 1,
      error: "connect ECONNREFUSED 127.0.0.1:25",
    });
    expect(page.mail.total).toBe(2);
  });

  it("searches the mail log by address, a page at a time", async () => {
    const page = await callLoader(system, {
      path: `/admin/system?q=${encodeURIComponent(address.slice(0, 12).toUpperCase())}`,
      user: owner,
    });
    expect(page.mail.total).toBe(1);
    expect(page.mail.rows).toMatchObject([
      {
        to: address,
        subject: "Your receipt",
        kind: "receipt",
        status: "failed",
        attempts: 1,
        lastError: "connect ECONNREFUSED 127.0.0.1:25",
      },
    ]);
    const second = await callLoader(system, { path: "/admin/system?page=2", user: owner });
    expect(second.mail.rows).toEqual([]);
    expect(second.mail.filters.page).toBe(2);
  });

  it("Retry refuses a plain admin and leaves the job failed", async () => {
    const response = await thrownResponse(
      callAction(system, { path: "/admin/system", user: admin, form: { intent: "retry", queue: "mail", id: failed.jobId } }),
    );
    expect(response.status).toBe(403);
    expect((await jobState(failed.jobId)).state).toBe("failed");
  });

  it("Retry by the owner puts the job back for one more attempt and the mail back in the queue", async () => {
    const response = (await callAction(system, {
      path: "/admin/system?q=x",
      user: owner,
      form: { intent: "retry", queue: "mail", id: failed.jobId },
    })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/system?q=x");
    expect(await toastAfter(response)).toMatchObject({ kind: "success", message: "The job is queued again." });
    expect(await jobState(failed.jobId)).toEqual({ state: "retry", retry_limit: 1 });
    const [row] = await database().db.select().from(mailLog).where(eq(mailLog.id, failed.mailId));
    expect(row!.status).toBe("queued");

    // A second Retry finds nothing failed; a made-up job neither.
    const again = (await callAction(system, {
      path: "/admin/system",
      user: owner,
      form: { intent: "retry", queue: "mail", id: failed.jobId },
    })) as Response;
    expect(await toastAfter(again)).toMatchObject({ kind: "error", message: "That job is not failed any more; nothing to retry." });
    const bogus = (await callAction(system, {
      path: "/admin/system",
      user: owner,
      form: { intent: "retry", queue: "nope", id: "x" },
    })) as Response;
    expect(await toastAfter(bogus)).toMatchObject({ kind: "error", message: "That is not a job that can be retried." });
  });
});
