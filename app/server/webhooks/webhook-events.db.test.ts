import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessionUser } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { WEBHOOK_EVENTS, type WebhookEvent } from "~/lib/domain-values";
import { JOB_QUEUE } from "~/lib/job-queues";
import { webhookPayload } from "~/server/api/api-schemas.server";
import { getAuth } from "~/server/auth/auth.server";
import { CLIENT_IP_HEADER } from "~/server/auth/client-ip.server";
import { courses, enrollments, lessons, users, webhookDeliveries, webhookEndpoints } from "~/server/db/schema";
import { runDueJobs } from "~/server/jobs/queue.server";
import { markLessonComplete, markLessonIncomplete } from "~/server/learning/progress.server";
import { applySubscriptionUpdate } from "~/server/payments/apply-subscription-update.server";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { createWebhookEndpoint, deliverQueuedWebhook } from "./webhooks.server";

/**
 * Issue 43: the five events that came after the first ones. Each is caused by the real change,
 * delivered to a receiver on 127.0.0.1, verified with the Standard Webhooks library as a receiver
 * would, and its body matches the documented schema (the one the OpenAPI document shows).
 */

const database = useTestDatabase({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
const tag = unique("whe").replace(/-/g, "");

const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let server: http.Server;
let receiverUrl = "";
const ownerId = `owner-${tag}`;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  await database().db.insert(users).values({ id: ownerId, email: `owner+${tag}@example.test`, name: "Owner", role: "super_admin" });
});

afterAll(() => {
  server?.closeAllConnections();
  server?.close();
});

let secret = "";
beforeEach(async () => {
  received.length = 0;
  await database().db.delete(webhookEndpoints);
  ({ secret } = await createWebhookEndpoint({ url: receiverUrl, description: "All", events: [...WEBHOOK_EVENTS], actorId: ownerId }));
});

const deliver = () => runDueJobs(JOB_QUEUE.webhook, (data, job) => deliverQueuedWebhook(data, job));

/** Delivers what is queued and returns the verified payloads of `type`, each checked against its documented schema. */
async function receivedEvents<Event extends WebhookEvent>(type: Event) {
  await deliver();
  const verifier = new Webhook(secret);
  const payloads = received.map((request) => verifier.verify(request.body, request.headers as Record<string, string>) as { type: string });
  return payloads.filter((payload) => payload.type === type).map((payload) => webhookPayload(type).parse(payload));
}

async function courseWithLearner({ lessonCount = 2, certificatesEnabled = true } = {}) {
  const db = database().db;
  const learner = sessionUser({ role: "user" });
  await db.insert(users).values({ id: learner.id, email: learner.email, name: "Ada Lovelace", role: "user" });
  const [course] = await db
    .insert(courses)
    .values({ title: `Engines ${tag}`, slug: unique("engines"), status: "published", certificatesEnabled })
    .returning({ id: courses.id });
  const rows = await db
    .insert(lessons)
    .values(Array.from({ length: lessonCount }, (_, index) => ({ courseId: course!.id, title: `Lesson ${index + 1}`, slug: `l-${index + 1}`, orderIndex: index + 1 })))
    .returning({ id: lessons.id });
  await db.insert(enrollments).values({ userId: learner.id, courseId: course!.id, source: "admin" });
  return { learner, courseId: course!.id, lessonIds: rows.map((row) => row.id) };
}

describe("course.completed and certificate.issued", () => {
  it("are sent once, when the last lesson of the course is completed, with the certificate as issued", async () => {
    const { learner, courseId, lessonIds } = await courseWithLearner();
    await markLessonComplete({ user: learner, lessonId: lessonIds[0]! });
    expect(await receivedEvents("course.completed")).toEqual([]);
    expect(await receivedEvents("certificate.issued")).toEqual([]);

    const { certificate } = await markLessonComplete({ user: learner, lessonId: lessonIds[1]! });
    await markLessonComplete({ user: learner, lessonId: lessonIds[1]! }); // again: nothing new
    const [completed, ...moreCompleted] = await receivedEvents("course.completed");
    expect(moreCompleted).toEqual([]);
    expect(completed!.data).toEqual({ user_id: learner.id, course_id: courseId, lesson_count: 2, completed_at: expect.any(String) });
    const [issued, ...moreIssued] = await receivedEvents("certificate.issued");
    expect(moreIssued).toEqual([]);
    expect(issued!.data.certificate).toMatchObject({
      id: certificate!.id,
      number: certificate!.number,
      user_id: learner.id,
      course_id: courseId,
      learner_name: "Ada Lovelace",
      course_title: `Engines ${tag}`,
      url: expect.stringMatching(new RegExp(`/certificates/${certificate!.id}$`)),
    });
  });

  it("completes a course without certificates too, and again after a lesson is undone and redone, but issues one certificate", async () => {
    const { learner, lessonIds } = await courseWithLearner({ lessonCount: 1, certificatesEnabled: false });
    await markLessonComplete({ user: learner, lessonId: lessonIds[0]! });
    await markLessonIncomplete({ user: learner, lessonId: lessonIds[0]! });
    await markLessonComplete({ user: learner, lessonId: lessonIds[0]! });
    expect(await receivedEvents("course.completed")).toHaveLength(2);
    expect(await receivedEvents("certificate.issued")).toEqual([]);
  });

  it("make one course.completed when the last two lessons are completed at the same moment", async () => {
    const { learner, lessonIds } = await courseWithLearner({ lessonCount: 3 });
    await markLessonComplete({ user: learner, lessonId: lessonIds[0]! });
    await Promise.all(lessonIds.slice(1).map((lessonId) => markLessonComplete({ user: learner, lessonId })));
    expect(await receivedEvents("course.completed")).toHaveLength(1);
    expect(await receivedEvents("certificate.issued")).toHaveLength(1);
  });
});

describe("membership.started and membership.ended", () => {
  it("follow the provider's subscription into and out of a status that opens courses", async () => {
    const member = sessionUser({ role: "user" });
    await database().db.insert(users).values({ id: member.id, email: member.email, name: "Member", role: "user" });
    const subscription = `sub_${tag}`;
    const periodEnd = new Date(Date.now() + 30 * 86_400_000);
    const update = (id: string, status: "active" | "canceled") =>
      applySubscriptionUpdate({
        event: { id: `evt_${id}_${tag}`, provider: "stripe", type: "customer.subscription.updated" },
        providerSubscriptionId: subscription,
        status,
        currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: false,
        canceledAt: status === "canceled" ? new Date() : null,
        userId: member.id,
        plan: "monthly",
      });
    await update("1", "active");
    await update("2", "active"); // no change of state, no event
    const [started, ...moreStarted] = await receivedEvents("membership.started");
    expect(moreStarted).toEqual([]);
    expect(started!.data.membership).toMatchObject({
      user_id: member.id,
      plan: "monthly",
      status: "active",
      provider: "stripe",
      current_period_end: periodEnd.toISOString(),
      canceled_at: null,
    });

    await update("3", "canceled");
    const [ended, ...moreEnded] = await receivedEvents("membership.ended");
    expect(moreEnded).toEqual([]);
    expect(ended!.data.membership).toMatchObject({ id: started!.data.membership.id, status: "canceled", canceled_at: expect.any(String) });
  });
});

describe("user.created", () => {
  const ORIGIN = "http://localhost:3000";

  it("is sent for a sign-up through Better Auth, once its user is written", async () => {
    const email = `${unique("signup")}@example.com`;
    const response = await getAuth().handler(
      new Request(`${ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: "198.18.4.3" },
        body: JSON.stringify({ email, password: "a decent passphrase", name: "Grace Hopper" }),
      }),
    );
    expect(response.status).toBe(200);
    const [row] = await database().db.select().from(users).where(eq(users.email, email));
    const [created, ...more] = await receivedEvents("user.created");
    expect(more).toEqual([]);
    expect(created!.data.user).toEqual({
      id: row!.id,
      email,
      name: "Grace Hopper",
      role: "user",
      email_verified: false,
      created_at: row!.createdAt.toISOString(),
      last_sign_in_at: null,
    });
    // The delivery was written with the user: one row, for this endpoint.
    expect(await database().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, "user.created"))).toHaveLength(1);
  });

  it("is sent for a user an admin creates, and not for a sign-up with an address already taken", async () => {
    const email = `${unique("made")}@example.com`;
    await upsertPasswordUser(database().db, { email, password: "a decent passphrase 12", role: "admin", name: "Made By Admin" });
    await upsertPasswordUser(database().db, { email, password: "another decent passphrase", role: "admin" }); // exists: no new event
    const events = await receivedEvents("user.created");
    expect(events.map((event) => event.data.user)).toEqual([expect.objectContaining({ email, role: "admin", email_verified: true })]);
  });
});
