import { Validator } from "@seriousme/openapi-schema-validator";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { readSessionUser } from "~/server/auth/session.server";
import { accessEvents, apiKeys, courseModules, courses, enrollments, lessonProgress, lessons, orders, users } from "~/server/db/schema";
import { WEBHOOK_EVENTS, type ApiScope } from "~/lib/domain-values";
import { createApiKey, revokeApiKey } from "./api-keys.server";
import { handleApiRequest } from "./api-router.server";
import * as schemas from "./api-schemas.server";
import { buildOpenApiDocument } from "./openapi.server";

const database = useTestDatabase();
const tag = unique("api").replace(/-/g, "");
const BASE = "http://localhost:3000/api/v1";

let ownerId = "";
let learnerId = "";
let courseId = "";
let otherCourseId = "";
let lessonIds: string[] = [];
const orderIds: string[] = [];

async function makeKey(scopes: ApiScope[], name = `Key ${tag}`) {
  return createApiKey({ name, scopes, actorId: ownerId });
}

async function call(
  key: string | null,
  path: string,
  { method = "GET", body, rateLimit }: { method?: string; body?: unknown; rateLimit?: { max: number; windowMs: number } } = {},
) {
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await handleApiRequest({
    request: new Request(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    rateLimit,
  });
  const text = await response.text();
  return { response, status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

beforeAll(async () => {
  const db = database().db;
  ownerId = `owner-${tag}`;
  learnerId = `learner-${tag}`;
  await db.insert(users).values([
    { id: ownerId, email: `owner+${tag}@example.test`, name: "Owner", role: "super_admin" },
    { id: learnerId, email: `Learner.${tag}@Example.test`.toLowerCase(), name: "Lee Learner", role: "user" },
  ]);
  const [course, other] = await db
    .insert(courses)
    .values([
      { title: `API course ${tag}`, slug: `api-course-${tag}`, status: "published", publishedAt: new Date() },
      { title: `Other course ${tag}`, slug: `other-course-${tag}` },
    ])
    .returning({ id: courses.id });
  courseId = course!.id;
  otherCourseId = other!.id;
  const [module] = await db
    .insert(courseModules)
    .values({ courseId, title: "Module one", position: 1 })
    .returning({ id: courseModules.id });
  const inserted = await db
    .insert(lessons)
    .values([
      { courseId, title: "Welcome", slug: "welcome", orderIndex: 1, isPreview: true },
      { courseId, moduleId: module!.id, title: "Inside", slug: "inside", orderIndex: 2 },
    ])
    .returning({ id: lessons.id });
  lessonIds = inserted.map((lesson) => lesson.id);
  await db.insert(enrollments).values({ userId: learnerId, courseId, source: "admin" });
  await db.insert(lessonProgress).values({ userId: learnerId, lessonId: lessonIds[0]!, completedAt: new Date() });
  for (const [index, status] of (["paid", "refunded", "paid", "pending"] as const).entries()) {
    const [order] = await db
      .insert(orders)
      .values({
        userId: learnerId,
        customerEmail: `learner.${tag}@example.test`,
        kind: "course",
        courseId,
        itemTitle: `API course ${tag}`,
        amountCents: 1000 + index,
        taxCents: index,
        status,
        provider: "test",
        createdAt: new Date(Date.UTC(2026, 0, 10 + index)),
      })
      .returning({ id: orders.id });
    orderIds.push(order!.id);
  }
});

describe("API keys", () => {
  it("are stored as a hash, shown once, audited when made and revoked, and refused once revoked", async () => {
    const created = await makeKey(["courses:read"]);
    expect(created.key).toMatch(/^osk_[A-Za-z0-9_-]{43}$/);
    const [row] = await database().db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.key.slice(10));
    expect(row!.lastUsedAt).toBeNull();

    expect((await call(created.key, "/courses")).status).toBe(200);
    const [used] = await database().db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(used!.lastUsedAt).toBeInstanceOf(Date);

    expect(await revokeApiKey({ keyId: created.id, actorId: ownerId })).toEqual({ changed: true });
    expect(await revokeApiKey({ keyId: created.id, actorId: ownerId })).toEqual({ changed: false });
    const revoked = await call(created.key, "/courses");
    expect(revoked.status).toBe(401);

    const events = await database()
      .db.select({ type: accessEvents.type, note: accessEvents.note, actorId: accessEvents.actorId })
      .from(accessEvents)
      .where(eq(accessEvents.actorId, ownerId));
    const mine = events.filter((event) => event.note.includes(row!.prefix));
    expect(mine.map((event) => event.type).sort()).toEqual(["api_key_created", "api_key_revoked"]);
  });

  it("answer a missing, malformed, unknown or revoked key with a bare 401 problem", async () => {
    const wrong = `osk_${"A".repeat(43)}`;
    for (const key of [null, "nonsense", wrong]) {
      const answer = await call(key, "/courses");
      expect(answer.status).toBe(401);
      expect(answer.response.headers.get("content-type")).toBe("application/problem+json");
      expect(answer.response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(answer.body).toEqual({ type: "about:blank", title: "Unauthorized", status: 401 });
    }
  });

  it("are never a session: a page request with a key in the Authorization header is a visitor's", async () => {
    const { key } = await makeKey(["users:read"]);
    const request = new Request("http://localhost:3000/account", { headers: { authorization: `Bearer ${key}` } });
    expect(await readSessionUser(request)).toBeNull();
  });
});

describe("/api/v1 endpoints", () => {
  it("refuse an endpoint outside the key's scopes with 403, and an unknown path with 404", async () => {
    const { key } = await makeKey(["courses:read"]);
    const refused = await call(key, "/users");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ title: "Forbidden", status: 403, detail: expect.stringContaining("users:read") });
    expect((await call(key, "/nothing-here")).status).toBe(404);
    const wrongMethod = await call(key, "/courses", { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.response.headers.get("allow")).toBe("GET");
  });

  it("read a course with its modules and lessons, matching the documented schema", async () => {
    const { key } = await makeKey(["courses:read"]);
    const answer = await call(key, `/courses/${courseId}`);
    expect(answer.status).toBe(200);
    const course = schemas.courseDetail.parse(answer.body);
    expect(course.lessons.map((lesson) => lesson.slug)).toEqual(["welcome"]);
    expect(course.modules).toHaveLength(1);
    expect(course.modules[0]!.lessons.map((lesson) => lesson.slug)).toEqual(["inside"]);
    expect((await call(key, `/courses/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call(key, "/courses/not-a-uuid")).status).toBe(404);
    const published = await call(key, "/courses?status=published&limit=100");
    const ids = schemas.courseList.parse(published.body).data.map((row) => row.id);
    expect(ids).toContain(courseId);
    expect(ids).not.toContain(otherCourseId);
  });

  it("page every list with a cursor, each row once, and refuse a forged cursor", async () => {
    const { key } = await makeKey(["orders:read"]);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/orders?user_id=${learnerId}&limit=1${cursor ? `&cursor=${cursor}` : ""}`;
      const answer = await call(key, query);
      expect(answer.status).toBe(200);
      const page = schemas.orderList.parse(answer.body);
      seen.push(...page.data.map((order) => order.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...orderIds].reverse());

    const forged = await call(key, `/orders?cursor=${Buffer.from('["x"]').toString("base64url")}`);
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ errors: [{ parameter: "cursor" }] });
  });

  it("filter orders by status and dates, and say which parameters are invalid", async () => {
    const { key } = await makeKey(["orders:read"]);
    const paid = schemas.orderList.parse((await call(key, `/orders?user_id=${learnerId}&status=paid`)).body);
    expect(paid.data.map((order) => order.id)).toEqual([orderIds[2], orderIds[0]]);
    // Each order says the tax in what was paid.
    expect(paid.data.map((order) => [order.amount_cents, order.tax_cents])).toEqual([
      [1002, 2],
      [1000, 0],
    ]);
    const window = schemas.orderList.parse(
      (await call(key, `/orders?user_id=${learnerId}&created_after=2026-01-11&created_before=2026-01-13`)).body,
    );
    expect(window.data.map((order) => order.id)).toEqual([orderIds[2], orderIds[1]]);

    const invalid = await call(key, "/orders?status=lost&limit=1000&colour=red");
    expect(invalid.status).toBe(400);
    expect(invalid.response.headers.get("content-type")).toBe("application/problem+json");
    expect(invalid.body).toMatchObject({ title: "Bad Request", errors: [{ parameter: "colour" }] });
    const invalidValues = await call(key, "/orders?status=lost&limit=1000");
    expect((invalidValues.body!.errors as { parameter: string }[]).map((error) => error.parameter).sort()).toEqual(["limit", "status"]);
  });

  it("search users by e-mail and read a user's progress per course", async () => {
    const { key } = await makeKey(["users:read", "progress:read"]);
    const found = schemas.userList.parse((await call(key, `/users?email=${encodeURIComponent(`LEARNER.${tag}`)}`)).body);
    expect(found.data.map((user) => user.id)).toEqual([learnerId]);
    const progress = schemas.progressList.parse((await call(key, `/users/${learnerId}/progress`)).body);
    expect(progress.data).toEqual([
      expect.objectContaining({ course_id: courseId, total_lessons: 2, completed_lessons: 1, percent: 50, enrollment_status: "active" }),
    ]);
    expect((await call(key, `/users/nobody-${tag}/progress`)).status).toBe(404);
  });

  it("grant and revoke access through the access domain, audited with the key's name", async () => {
    const readOnly = await makeKey(["enrollments:read"]);
    expect(
      (await call(readOnly.key, "/enrollments", { method: "POST", body: { user_id: learnerId, course_id: otherCourseId } })).status,
    ).toBe(403);

    const { key } = await makeKey(["enrollments:read", "enrollments:write"], `CRM ${tag}`);
    const granted = await call(key, "/enrollments", {
      method: "POST",
      body: { user_id: learnerId, course_id: otherCourseId, note: "Bought at the fair" },
    });
    expect(granted.status).toBe(201);
    expect(schemas.enrollmentItem.parse(granted.body)).toMatchObject({ status: "active", source: "admin" });
    expect((await call(key, "/enrollments", { method: "POST", body: { user_id: learnerId, course_id: otherCourseId } })).status).toBe(200);

    const unknownUser = await call(key, "/enrollments", { method: "POST", body: { user_id: `ghost-${tag}`, course_id: otherCourseId } });
    expect(unknownUser.status).toBe(422);
    expect(unknownUser.body).toMatchObject({ errors: [{ pointer: "/user_id" }] });
    const badBody = await call(key, "/enrollments", { method: "POST", body: { user_id: learnerId, course_id: "nope", extra: 1 } });
    expect(badBody.status).toBe(400);
    expect((badBody.body!.errors as { pointer: string }[]).map((error) => error.pointer).sort()).toEqual(["/course_id", "/extra"]);

    const revoked = await call(key, `/enrollments/${learnerId}/${otherCourseId}`, { method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: "revoked" });
    expect((await call(key, `/enrollments/${learnerId}/${crypto.randomUUID()}`, { method: "DELETE" })).status).toBe(404);

    const trail = await database()
      .db.select({ type: accessEvents.type, note: accessEvents.note, actorId: accessEvents.actorId })
      .from(accessEvents)
      .where(and(eq(accessEvents.userId, learnerId), eq(accessEvents.courseId, otherCourseId)))
      .orderBy(asc(accessEvents.createdAt));
    expect(trail).toEqual([
      { type: "grant", note: `Through the API key “CRM ${tag}”: Bought at the fair`, actorId: ownerId },
      { type: "revoke", note: `Through the API key “CRM ${tag}”`, actorId: ownerId },
    ]);
    const list = schemas.enrollmentList.parse((await call(key, `/enrollments?user_id=${learnerId}&status=revoked`)).body);
    expect(list.data.map((row) => row.course_id)).toEqual([otherCourseId]);
  });

  it("limit each key on its own: a 429 problem with Retry-After and RateLimit headers", async () => {
    const limit = { max: 2, windowMs: 60_000 };
    const first = await makeKey(["courses:read"]);
    const second = await makeKey(["courses:read"]);
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await call(first.key, "/courses?limit=1", { rateLimit: limit }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expect(answers[0]!.response.headers.get("ratelimit-policy")).toBe('"per-key";q=2;w=60');
    expect(answers[0]!.response.headers.get("ratelimit")).toMatch(/^"per-key";r=1;t=\d+$/);
    const refused = answers[2]!;
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.response.headers.get("ratelimit")).toMatch(/^"per-key";r=0;t=\d+$/);
    expect(refused.body).toMatchObject({ status: 429, title: "Too Many Requests" });
    expect((await call(second.key, "/courses?limit=1", { rateLimit: limit })).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 by a standard validator, served without a key, and names every endpoint's scope", async () => {
    const served = await call(null, "/openapi.json");
    expect(served.status).toBe(200);
    const document = served.body!;
    expect(document).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument({ serverUrl: BASE }))));
    const validator = new Validator();
    const result = await validator.validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    const order = (document.components as { schemas: Record<string, { properties: Record<string, unknown>; required: string[] }> }).schemas.Order!;
    expect(order.properties.tax_cents).toMatchObject({ type: "integer" });
    expect(order.required).toContain("tax_cents");
    const operations = Object.values(document.paths as Record<string, Record<string, { "x-scope": string }>>).flatMap(Object.values);
    expect(operations).toHaveLength(13);
    for (const operation of operations) expect(operation["x-scope"]).toMatch(/^[a-z]+:(read|write)$/);
    // Every webhook event, with its payload's schema (the one webhook-events.db.test.ts checks real deliveries against).
    const webhooks = document.webhooks as Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(webhooks["certificate.issued"]!.post.requestBody.content["application/json"]!.schema).toMatchObject({
      properties: { type: { const: "certificate.issued" }, data: { properties: { certificate: { $ref: "#/components/schemas/Certificate" } } } },
    });
  });

  it("is refused by the validator when broken, so the check above can fail", async () => {
    const broken = JSON.parse(JSON.stringify(buildOpenApiDocument({ serverUrl: BASE }))) as {
      paths: Record<string, Record<string, { parameters: { in: string }[] }>>;
    };
    broken.paths["/courses"]!.get!.parameters[0]!.in = "body";
    expect((await new Validator().validate(broken as never)).valid).toBe(false);
  });
});
