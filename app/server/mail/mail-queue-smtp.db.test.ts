import net from "node:net";
import { inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig, unique, useTestDatabase } from "../../../tests/support/test-database";
import { setConfig } from "~/server/platform/config.server";
import { db } from "~/server/db/client.server";
import { mailLog } from "~/server/db/schema";
import { getBoss, startWorkers, stopWorkers } from "~/server/jobs/queue.server";
import { deliverQueuedMail, sendMail } from "./mail-queue.server";

useTestDatabase();

/** Message-IDs of what the SMTP server accepted, in order (a repeat would show up twice). */
const accepted: string[] = [];
let server: SMTPServer | undefined;
let port = 0;

function startSmtp() {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 200,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        accepted.push(
          Buffer.concat(chunks)
            .toString("utf8")
            .match(/^Message-ID: (.+)$/im)?.[1]
            ?.trim() ?? "",
        );
        callback();
      });
    },
  });
  return new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
}

const stopSmtp = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

beforeAll(async () => {
  // A free port, then nothing listening on it: the mail server is down (connections refused).
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  setConfig(testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "hello@school.test" }));
  // Quicker backoff than production (5 s doubling) so the test takes seconds: 1 s, 2 s, 4 s…
  const boss = await getBoss();
  await boss.updateQueue("mail", { name: "mail", retryLimit: 12, retryDelay: 1, retryBackoff: true, expireInSeconds: 60 });
  await startWorkers([{ name: "mail", handler: deliverQueuedMail, concurrency: 2 }], {
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
  });
});

afterAll(async () => {
  await stopWorkers({ timeoutMs: 5000 });
  await stopSmtp();
});

describe("durable mail", () => {
  it("with the mail server refusing connections, every message is delivered once it is back, none twice", async () => {
    const addresses = Array.from({ length: 8 }, () => `${unique("down")}@example.com`);
    const started = Date.now();
    const ids: string[] = [];
    for (const to of addresses) {
      const { mailId } = await sendMail({ kind: "other", to, subject: `For ${to}`, text: "Hello", html: "<p>Hello</p>" });
      ids.push(mailId!);
    }
    // Queuing does not wait for the mail server.
    expect(Date.now() - started).toBeLessThan(5000);

    // Down for a while: attempts fail and are recorded.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const whileDown = await db().select().from(mailLog).where(inArray(mailLog.id, ids));
    expect(whileDown.every((row) => row.status === "queued")).toBe(true);
    expect(whileDown.every((row) => row.attempts >= 1 && /ECONNREFUSED|connect/i.test(row.lastError ?? ""))).toBe(true);
    expect(accepted).toHaveLength(0);

    await startSmtp();
    const deadline = Date.now() + 40_000;
    for (;;) {
      const rows = await db().select({ status: mailLog.status }).from(mailLog).where(inArray(mailLog.id, ids));
      if (rows.every((row) => row.status === "sent")) break;
      if (Date.now() > deadline) throw new Error(`not all delivered: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Give any duplicate a chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const host = "localhost";
    const expected = ids.map((id) => `<${id}@${host}>`).sort();
    expect([...accepted].sort()).toEqual(expected);
    const rows = await db().select().from(mailLog).where(inArray(mailLog.id, ids));
    expect(rows.every((row) => row.status === "sent" && row.attempts >= 2 && row.sentAt !== null)).toBe(true);
  }, 90_000);
});
