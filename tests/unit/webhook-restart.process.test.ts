import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS } from "~/lib/domain-values";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { apiKeys, courses, lessons, users, webhookDeliveries, webhookEndpoints } from "~/server/db/schema";
import {
  ensureProductionBuild,
  sleep,
  startPostgresCluster,
  startServerProcess,
  type PostgresCluster,
  type ServerProcess,
} from "../support/processes";

/**
 * Issue 43: a receiver on 127.0.0.1 (allowed by WEBHOOK_ALLOWED_HOSTS) hears each event exactly
 * once although the server is stopped in the middle of the retries. The receiver refuses every
 * delivery until the server has been restarted, so each event's first attempt fails before the
 * stop and its retry is made by the restarted server, from the job PostgreSQL kept.
 */

const ADMIN = { email: "owner@webhooks.example", password: "a long webhook owner password 42" };
const SECRET = `whsec_${crypto.randomBytes(32).toString("base64")}`;
const API_KEY = `osk_${crypto.randomBytes(32).toString("base64url")}`;

type Received = { id: string; status: number; body: string; headers: Record<string, string> };
const received: Received[] = [];
/** Refuse (503) until the restart, accept (204) after it. */
let accepting = false;
let receiver: http.Server;
let cluster: PostgresCluster | undefined;
let server: ServerProcess | undefined;
let handle: DatabaseHandle | undefined;
let settings: Record<string, string> = {};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-webhooks-"));
const db = () => handle!.db;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const status = accepting ? 204 : 503;
      received.push({
        id: String(request.headers["webhook-id"]),
        status,
        body: Buffer.concat(chunks).toString("utf8"),
        headers: request.headers as Record<string, string>,
      });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  await ensureProductionBuild();
  cluster = await startPostgresCluster();
  settings = {
    DATABASE_URL: cluster.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_PER_IP_MULTIPLIER: "1000",
    AUTH_SECRET: "webhook-restart-test-secret-webhook-restart",
    WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
  };
  server = await startServerProcess(settings);
  handle = await openDatabase({ kind: "postgres", url: cluster.url, max: 2 });
}, 600_000);

afterAll(async () => {
  server?.kill("SIGKILL");
  await handle?.close();
  cluster?.destroy();
  receiver?.closeAllConnections();
  receiver?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function waitFor(condition: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${ms / 1000} s for ${what}; received ${JSON.stringify(received.map((r) => [r.id, r.status]))}`);
    await sleep(250);
  }
}

async function api(method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${server!.base}/api/v1${pathname}`, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, `${method} ${pathname}: ${await response.clone().text()}`).toBeLessThan(300);
}

describe("webhooks across a restart", () => {
  it("deliver each event once, by the restarted server's retry", async () => {
    const [owner] = await db().select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    await db().insert(webhookEndpoints).values({ url: receiverUrl, description: "Receiver", events: [...WEBHOOK_EVENTS], secret: SECRET, createdBy: owner!.id });
    await db()
      .insert(apiKeys)
      .values({
        name: "Restart test",
        prefix: API_KEY.slice(0, 10),
        keyHash: crypto.createHash("sha256").update(API_KEY).digest("hex"),
        scopes: ["enrollments:write", "progress:write"],
        createdBy: owner!.id,
      });
    const [course] = await db()
      .insert(courses)
      .values({ title: "Restarted Course", slug: "restarted-course", status: "published", publishedAt: new Date(), certificatesEnabled: true })
      .returning({ id: courses.id });
    const [lesson] = await db().insert(lessons).values({ courseId: course!.id, title: "Only lesson", slug: "only", orderIndex: 1 }).returning({ id: lessons.id });

    // The changes, each through the running server: a sign-up, then the API.
    const email = "learner@webhooks.example";
    const signUp = await fetch(`${server!.base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server!.base },
      body: JSON.stringify({ email, password: "a decent learner passphrase", name: "Lin Learner" }),
    });
    expect(signUp.status).toBe(200);
    const [learner] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    await api("POST", "/enrollments", { user_id: learner!.id, course_id: course!.id });
    await api("POST", `/users/${learner!.id}/progress`, { lesson_id: lesson!.id });
    await api("DELETE", `/enrollments/${learner!.id}/${course!.id}`);
    const expected = ["user.created", "enrollment.created", "lesson.completed", "course.completed", "certificate.issued", "enrollment.revoked"];

    // Every event's first attempt fails; then the server stops, with every retry still to come.
    await waitFor(() => new Set(received.map((request) => request.id)).size === expected.length, 60_000, "every first attempt");
    server!.kill("SIGTERM");
    expect(await server!.exited).toBe(0);
    const beforeRestart = received.length;
    expect(received.every((request) => request.status === 503)).toBe(true);
    accepting = true;
    server = await startServerProcess(settings);

    const accepted = () => received.filter((request) => request.status === 204);
    await waitFor(() => new Set(accepted().map((request) => request.id)).size === expected.length, 240_000, "every retry");
    await sleep(5_000); // time for a duplicate to arrive, if there were one
    const ids = accepted().map((request) => request.id);
    expect(ids.length).toBe(expected.length);
    expect(new Set(ids).size).toBe(expected.length);
    // Nothing was sent to an id after it was accepted.
    for (const id of ids) expect(received.filter((request) => request.id === id).at(-1)!.status).toBe(204);
    expect(received.length).toBeGreaterThan(beforeRestart);

    // Signed as Standard Webhooks says, verified as the receiver would, one of each event.
    const verifier = new Webhook(SECRET);
    const types = accepted().map((request) => (verifier.verify(request.body, request.headers) as { type: string }).type);
    expect(types.sort()).toEqual([...expected].sort());
    const deliveries = await db().select().from(webhookDeliveries);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(expected.map(() => "succeeded"));
    expect(deliveries.every((delivery) => delivery.attempts >= 2)).toBe(true);
  }, 420_000);
});
