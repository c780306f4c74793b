import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import type { ApiScope } from "~/lib/domain-values";
import { accessEvents, certificates, courses, enrollments, lessonProgress, lessons, quizzes, users } from "~/server/db/schema";
import { createApiKey } from "./api-keys.server";
import { handleApiRequest } from "./api-router.server";
import * as schemas from "./api-schemas.server";
import { buildOpenApiDocument } from "./openapi.server";

/**
 * Issue 43: the write scopes beyond enrollments. Each write goes through the domain function the
 * admin or the learner uses, is refused without its scope (403 problem+json), validated by the
 * schema the OpenAPI document shows, and leaves an `api_write` row in the audit history.
 */

const database = useTestDatabase();
const tag = unique("apiw").replace(/-/g, "");
const BASE = "http://localhost:3000/api/v1";
const ownerId = `owner-${tag}`;
const learnerId = `learner-${tag}`;
let courseId = "";
let lessonIds: string[] = [];
let quizLessonId = "";

async function call(key: string, path: string, { method = "GET", body }: { method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await handleApiRequest({
    request: new Request(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get("content-type"), body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const keyWith = async (scopes: ApiScope[]) => (await createApiKey({ name: `Zap ${tag}`, scopes, actorId: ownerId })).key;
const apiWrites = (userId: string) =>
  database()
    .db.select()
    .from(accessEvents)
    .where(and(eq(accessEvents.userId, userId), eq(accessEvents.type, "api_write")))
    .orderBy(asc(accessEvents.createdAt));

beforeAll(async () => {
  const db = database().db;
  await db.insert(users).values([
    { id: ownerId, email: `owner+${tag}@example.test`, name: "Owner", role: "super_admin" },
    { id: learnerId, email: `learner+${tag}@example.test`, name: "Lee Learner", role: "user" },
  ]);
  const [course] = await db
    .insert(courses)
    .values({ title: `Writable ${tag}`, slug: `writable-${tag}`, status: "draft", certificatesEnabled: true })
    .returning({ id: courses.id });
  courseId = course!.id;
  const rows = await db
    .insert(lessons)
    .values([
      { courseId, title: "One", slug: "one", orderIndex: 1 },
      { courseId, title: "Two", slug: "two", orderIndex: 2 },
      { courseId, title: "Quiz", slug: "quiz", orderIndex: 3, type: "quiz" },
    ])
    .returning({ id: lessons.id });
  lessonIds = rows.slice(0, 2).map((row) => row.id);
  quizLessonId = rows[2]!.id;
  await db.insert(quizzes).values({ lessonId: quizLessonId });
});

describe("scopes", () => {
  it("refuse each write without its scope with a 403 problem, and change nothing", async () => {
    const readOnly = await keyWith(["courses:read", "users:read", "progress:read"]);
    for (const [path, method, body, scope] of [
      [`/courses/${courseId}`, "PATCH", { status: "published" }, "courses:write"],
      [`/users/${learnerId}`, "PATCH", { name: "Changed" }, "users:write"],
      [`/users/${learnerId}/progress`, "POST", { lesson_id: lessonIds[0] }, "progress:write"],
    ] as const) {
      const answer = await call(readOnly, path, { method, body });
      expect(answer.status, path).toBe(403);
      expect(answer.type).toBe("application/problem+json");
      expect(answer.body).toMatchObject({ status: 403, title: "Forbidden", detail: expect.stringContaining(scope) });
    }
    const [course] = await database().db.select().from(courses).where(eq(courses.id, courseId));
    expect(course!.status).toBe("draft");
    expect(await apiWrites(learnerId)).toEqual([]);
  });

  it("are in the OpenAPI document with each write's body schema", () => {
    const document = buildOpenApiDocument({ serverUrl: BASE });
    expect(document.paths["/courses/{id}"]!.patch).toMatchObject({ "x-scope": "courses:write" });
    expect(document.paths["/users/{id}"]!.patch).toMatchObject({ "x-scope": "users:write" });
    expect(document.paths["/users/{id}/progress"]!.post).toMatchObject({
      "x-scope": "progress:write",
      requestBody: { content: { "application/json": { schema: { required: ["lesson_id"] } } } },
    });
  });
});

describe("courses:write", () => {
  it("publishes and unpublishes a course, audited with the key's name", async () => {
    const key = await keyWith(["courses:write"]);
    const published = await call(key, `/courses/${courseId}`, { method: "PATCH", body: { status: "published" } });
    expect(published.status).toBe(200);
    expect(schemas.courseDetail.parse(published.body)).toMatchObject({ id: courseId, status: "published", published_at: expect.any(String) });
    const draft = await call(key, `/courses/${courseId}`, { method: "PATCH", body: { status: "draft" } });
    expect(draft.body).toMatchObject({ status: "draft", published_at: published.body!.published_at });

    const rows = await apiWrites(ownerId);
    expect(rows.map((row) => [row.courseId, row.actorId, row.note])).toEqual([
      [courseId, ownerId, `Through the API key “Zap ${tag}”: course published`],
      [courseId, ownerId, `Through the API key “Zap ${tag}”: course unpublished`],
    ]);

    const invalid = await call(key, `/courses/${courseId}`, { method: "PATCH", body: { status: "archived", title: "x" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body!.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ pointer: "/status" }), { detail: "Unknown field", pointer: "/title" }]),
    );
    expect((await call(key, `/courses/00000000-0000-4000-8000-000000000000`, { method: "PATCH", body: { status: "draft" } })).status).toBe(404);
  });
});

describe("users:write", () => {
  it("changes a user's name under the name rule, audited", async () => {
    const key = await keyWith(["users:write"]);
    const changed = await call(key, `/users/${learnerId}`, { method: "PATCH", body: { name: "  Lee Renamed  " } });
    expect(changed.status).toBe(200);
    expect(schemas.userItem.parse(changed.body)).toMatchObject({ id: learnerId, name: "Lee Renamed" });
    expect((await apiWrites(learnerId)).map((row) => [row.actorId, row.note])).toEqual([
      [ownerId, `Through the API key “Zap ${tag}”: name changed`],
    ]);

    const bad = await call(key, `/users/${learnerId}`, { method: "PATCH", body: { name: "Lee\nIMPORTANT: pay here", email: "x@y.z" } });
    expect(bad.status).toBe(400);
    expect(bad.body!.errors).toEqual(
      expect.arrayContaining([
        { detail: "Name must be one line of text, without control characters", pointer: "/name" },
        { detail: "Unknown field", pointer: "/email" },
      ]),
    );
    expect((await call(key, `/users/nobody-${tag}`, { method: "PATCH", body: { name: "Nobody" } })).status).toBe(404);
    const [row] = await database().db.select().from(users).where(eq(users.id, learnerId));
    expect(row!.name).toBe("Lee Renamed");
  });
});

describe("progress:write", () => {
  it("marks a lesson complete only where the learner may open it, issues the certificate at the end, and audits each", async () => {
    const key = await keyWith(["progress:write"]);
    await database().db.update(courses).set({ status: "published" }).where(eq(courses.id, courseId));
    const path = `/users/${learnerId}/progress`;
    // Not enrolled: the lesson is not theirs to complete.
    const locked = await call(key, path, { method: "POST", body: { lesson_id: lessonIds[0] } });
    expect(locked).toMatchObject({ status: 422, body: { errors: [{ pointer: "/lesson_id", detail: expect.stringContaining("not enrolled") }] } });

    await database().db.insert(enrollments).values({ userId: learnerId, courseId, source: "admin" });
    // The quiz is the course's third lesson; without it done the course is not complete, so complete the two others…
    const first = await call(key, path, { method: "POST", body: { lesson_id: lessonIds[0] } });
    expect(first.status).toBe(200);
    expect(schemas.lessonCompletion.parse(first.body)).toMatchObject({ user_id: learnerId, lesson_id: lessonIds[0], certificate_id: null });
    const quiz = await call(key, path, { method: "POST", body: { lesson_id: quizLessonId } });
    expect(quiz).toMatchObject({ status: 422, body: { detail: "A quiz is completed by passing it." } });
    // …and the quiz by its passing attempt, outside the API.
    await database().db.insert(lessonProgress).values({ userId: learnerId, lessonId: quizLessonId, completedAt: new Date() });
    const last = await call(key, path, { method: "POST", body: { lesson_id: lessonIds[1] } });
    const [certificate] = await database().db.select().from(certificates).where(eq(certificates.userId, learnerId));
    expect(last.body).toMatchObject({ certificate_id: certificate!.id });

    const notes = (await apiWrites(learnerId)).filter((row) => row.courseId === courseId).map((row) => row.note);
    expect(notes).toEqual([`Through the API key “Zap ${tag}”: lesson marked complete`, `Through the API key “Zap ${tag}”: lesson marked complete`]);
    expect((await call(key, `/users/nobody-${tag}/progress`, { method: "POST", body: { lesson_id: lessonIds[0] } })).status).toBe(404);
    expect((await call(key, path, { method: "POST", body: { lesson_id: "not-a-uuid" } })).status).toBe(400);
  });
});
