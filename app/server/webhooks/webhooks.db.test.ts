import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { grantCourseAccess, revokeCourseAccess } from "~/server/access/course-access.server";
import { courses, mailLog, users, webhookDeliveries, webhookEndpoints } from "~/server/db/schema";
import { JOB_QUEUE } from "~/lib/job-queues";
import { runDueJobs } from "~/server/jobs/queue.server";
import { checkWebhookUrl, isForbiddenAddress, WebhookAddressError } from "./webhook-address.server";
import {
  createWebhookEndpoint,
  deliverQueuedWebhook,
  postWebhook,
  redeliverWebhook,
  sendTestWebhook,
  WEBHOOK_MAX_RESPONSE_BYTES,
} from "./webhooks.server";

const database = useTestDatabase({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
const tag = unique("wh").replace(/-/g, "");

type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
/** What the receiver answers next: a status, or a special behaviour. */
let answer: { status: number; body?: string; location?: string; hang?: boolean } = { status: 200 };
let server: http.Server;
let receiverUrl = "";

let ownerId = "";
let learnerId = "";
let courseId = "";

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (answer.hang) return;
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end(answer.body ?? "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const db = database().db;
  ownerId = `owner-${tag}`;
  learnerId = `learner-${tag}`;
  await db.insert(users).values([
    { id: ownerId, email: `owner+${tag}@example.test`, name: "Owner", role: "super_admin" },
    { id: learnerId, email: `learner+${tag}@example.test`, name: "Learner" },
  ]);
  const [course] = await db
    .insert(courses)
    .values({ title: `Hooked ${tag}`, slug: `hooked-${tag}` })
    .returning({ id: courses.id });
  courseId = course!.id;
});

afterAll(() => {
  server?.closeAllConnections();
  server?.close();
});

beforeEach(async () => {
  received.length = 0;
  answer = { status: 200 };
  await database().db.delete(webhookEndpoints);
});

const deliver = () => runDueJobs(JOB_QUEUE.webhook, (data, job) => deliverQueuedWebhook(data, job));

describe("the address guard", () => {
  it("refuses loopback, private, link-local, metadata and other internal addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.9",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"]) expect(isForbiddenAddress(address), address).toBe(false);
  });

  it("refuses at save time an http URL, a private host and one that resolves to loopback, unless the host is allowed", async () => {
    await expect(checkWebhookUrl("http://93.184.216.34/hook")).rejects.toThrow("must start with https://");
    await expect(checkWebhookUrl("https://169.254.169.254/latest/meta-data")).rejects.toBeInstanceOf(WebhookAddressError);
    await expect(checkWebhookUrl("https://10.0.0.5/hook")).rejects.toThrow("private or local address");
    await expect(checkWebhookUrl("https://localhost/hook")).rejects.toThrow("private or local address");
    await expect(checkWebhookUrl("https://user:pw@93.184.216.34/")).rejects.toThrow("user name or password");
    // 127.0.0.1 is in WEBHOOK_ALLOWED_HOSTS for this file: http and a loopback address pass.
    await expect(checkWebhookUrl(receiverUrl)).resolves.toBe(receiverUrl);
    await expect(
      createWebhookEndpoint({ url: "https://10.0.0.5/", description: "", events: ["order.paid"], actorId: ownerId }),
    ).rejects.toThrow(WebhookAddressError);
  });

  it("checks again at delivery: an endpoint whose address became private is not contacted", async () => {
    const { id } = await createWebhookEndpoint({ url: receiverUrl, description: "", events: ["enrollment.created"], actorId: ownerId });
    await database().db.update(webhookEndpoints).set({ url: "https://10.0.0.5/hooks" }).where(eq(webhookEndpoints.id, id));
    await grantCourseAccess({ userId: learnerId, courseId, actorId: ownerId, source: "admin" });
    await revokeCourseAccess({ userId: learnerId, courseId, actorId: ownerId });
    await deliver();
    expect(received).toEqual([]);
    const [delivery] = await database().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: 1,
      responseStatus: null,
      error: expect.stringContaining("private or local address"),
    });
  });
});

describe("deliveries", () => {
  it("send each subscribed event once, signed as Standard Webhooks says, verified with the receiver's library", async () => {
    const { id, secret } = await createWebhookEndpoint({
      url: receiverUrl,
      description: "CRM",
      events: ["enrollment.created", "enrollment.revoked"],
      actorId: ownerId,
    });
    const other = await createWebhookEndpoint({ url: receiverUrl, description: "Orders only", events: ["order.paid"], actorId: ownerId });
    expect(secret).toMatch(/^whsec_/);
    await grantCourseAccess({ userId: learnerId, courseId, actorId: ownerId, source: "admin" });
    await grantCourseAccess({ userId: learnerId, courseId, actorId: ownerId, source: "admin" }); // no change, no event
    await revokeCourseAccess({ userId: learnerId, courseId, actorId: ownerId });
    expect(await deliver()).toEqual({ ran: 2, failed: 0 });
    expect(await deliver()).toEqual({ ran: 0, failed: 0 });

    expect(received).toHaveLength(2);
    const verifier = new Webhook(secret);
    const payloads = received.map(
      (request) => verifier.verify(request.body, request.headers as Record<string, string>) as Record<string, unknown>,
    );
    expect(payloads.map((payload) => payload.type).sort()).toEqual(["enrollment.created", "enrollment.revoked"]);
    expect(payloads.find((payload) => payload.type === "enrollment.created")).toMatchObject({
      data: {
        enrollment: { user_id: learnerId, course_id: courseId, status: "active", source: "admin" },
        user_email: `learner+${tag}@example.test`,
      },
    });
    // A forged body does not verify.
    expect(() =>
      verifier.verify(received[0]!.body.replace("learner", "attacker"), received[0]!.headers as Record<string, string>),
    ).toThrow();

    const log = await database().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(
      log.map((delivery) => ({ status: delivery.status, attempts: delivery.attempts, responseStatus: delivery.responseStatus })),
    ).toEqual([
      { status: "succeeded", attempts: 1, responseStatus: 200 },
      { status: "succeeded", attempts: 1, responseStatus: 200 },
    ]);
    expect(received.map((request) => request.headers["webhook-id"]).sort()).toEqual(log.map((delivery) => delivery.id).sort());
    expect(await database().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, other.id))).toEqual([]);
  });

  it("send nothing for a change that rolls back", async () => {
    await createWebhookEndpoint({ url: receiverUrl, description: "", events: ["enrollment.created"], actorId: ownerId });
    await expect(
      database().db.transaction(async (tx) => {
        await grantCourseAccess({ userId: learnerId, courseId, actorId: ownerId, source: "admin", tx });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await deliver()).toEqual({ ran: 0, failed: 0 });
    expect(await database().db.select().from(webhookDeliveries)).toEqual([]);
  });

  it("retry a failure, keep the last attempt failed, and redeliver the same message on request", async () => {
    const { id } = await createWebhookEndpoint({ url: receiverUrl, description: "", events: ["enrollment.created"], actorId: ownerId });
    answer = { status: 500 };
    await sendTestWebhook({ endpointId: id });
    const [queued] = await database().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    await expect(deliverQueuedWebhook({ deliveryId: queued!.id }, { isLastAttempt: false })).rejects.toThrow("HTTP 500");
    let [row] = await database().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued!.id));
    expect(row).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500, error: "HTTP 500" });
    const [endpoint] = await database().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint!.failingSince).toBeInstanceOf(Date);

    await deliverQueuedWebhook({ deliveryId: queued!.id }, { isLastAttempt: true });
    [row] = await database().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued!.id));
    expect(row).toMatchObject({ status: "failed", attempts: 2 });

    answer = { status: 204 };
    await redeliverWebhook({ endpointId: id, deliveryId: queued!.id });
    await deliver();
    [row] = await database().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued!.id));
    expect(row).toMatchObject({ status: "succeeded", attempts: 3, responseStatus: 204 });
    expect(new Set(received.map((request) => request.headers["webhook-id"]))).toEqual(new Set([queued!.id]));
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ type: "webhook.test" });
    const [after] = await database().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(after!.failingSince).toBeNull();
  });

  it("disable an endpoint that has failed for three days and e-mail its maker", async () => {
    const { id } = await createWebhookEndpoint({ url: receiverUrl, description: "", events: ["enrollment.created"], actorId: ownerId });
    await database()
      .db.update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '3 days 1 minute'` })
      .where(eq(webhookEndpoints.id, id));
    answer = { status: 503 };
    const deliveryId = await sendTestWebhook({ endpointId: id });
    await expect(deliverQueuedWebhook({ deliveryId }, { isLastAttempt: false })).rejects.toThrow();
    const [endpoint] = await database().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint!.disabledAt).toBeInstanceOf(Date);
    expect(endpoint!.disabledReason).toBe("Every delivery failed for three days");
    const mails = await database()
      .db.select()
      .from(mailLog)
      .where(eq(mailLog.to, `owner+${tag}@example.test`));
    expect(mails.map((mail) => mail.subject)).toEqual(["A webhook endpoint was disabled"]);

    // A disabled endpoint gets no new events.
    await grantCourseAccess({ userId: learnerId, courseId, actorId: ownerId, source: "admin" });
    await revokeCourseAccess({ userId: learnerId, courseId, actorId: ownerId });
    const rows = await database().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(rows).toHaveLength(1);
  });
});

describe("one request", () => {
  it("follows no redirect, reads at most 64 KB of the answer, and gives up after 5 s", async () => {
    answer = { status: 302, location: "http://127.0.0.1:1/elsewhere" };
    const redirected = await postWebhook({ url: receiverUrl, headers: {}, body: "{}" });
    expect(redirected).toMatchObject({ status: 302, error: "Redirect to http://127.0.0.1:1/elsewhere not followed" });
    expect(received).toHaveLength(1);

    answer = { status: 200, body: "x".repeat(1024 * 1024) };
    const big = await postWebhook({ url: receiverUrl, headers: {}, body: "{}" });
    expect(big.error).toBeNull();
    expect(big.responseBody.length).toBe(WEBHOOK_MAX_RESPONSE_BYTES);

    answer = { status: 200, hang: true };
    const slow = await postWebhook({ url: receiverUrl, headers: {}, body: "{}" });
    expect(slow).toMatchObject({ status: null, error: "No answer within 5 s" });
    expect(slow.durationMs).toBeGreaterThanOrEqual(4_900);
    expect(slow.durationMs).toBeLessThan(7_000);
  }, 15_000);
});
