import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser, thrownResponse, toastAfter } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as exportCsv from "~/routes/resources/users-export-csv";
import { accessEvents, courses, enrollments, lessonProgress, lessons, users } from "~/server/db/schema";
import * as userDetails from "./user-details";
import * as usersList from "./users";
import { expectErrorLogs } from "../../../tests/support/error-logs";

const database = useTestDatabase();

const superAdmin = sessionUser({ role: "super_admin", name: "Sue Super" });
const admin = sessionUser({ role: "admin", name: "Ada Admin" });
const tag = unique("rt").replace(/-/g, "");
let learnerId = "";
let courseId = "";
const courseTitle = `Routes course ${tag}`;

/** What a fetcher gets back: the data with its toast, and the status. */
type Answer = { data: { toast?: { kind: string; message: string }; errors?: Record<string, string[]> }; init?: { status?: number } | null };

async function createLearner(name = `Learner ${tag}`) {
  const id = unique("learner");
  await database()
    .db.insert(users)
    .values({ id, email: `${id}-${tag}@example.test`, name, role: "user", emailVerified: true });
  return id;
}

beforeAll(async () => {
  const db = database().db;
  for (const person of [superAdmin, admin])
    await db.insert(users).values({ id: person.id, email: person.email, name: person.name, role: person.role, emailVerified: true });
  learnerId = await createLearner();
  const [course] = await db
    .insert(courses)
    .values({ title: courseTitle, slug: unique("routes-course"), status: "published" })
    .returning();
  courseId = course.id;
});

/** Runs `check` while a table is renamed away, so reading it fails as a broken database would. */
async function withTableMissing(table: string, check: () => Promise<void>) {
  await database().db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
  try {
    await check();
  } finally {
    await database().db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
  }
}

describe("/admin/users", () => {
  it("lists the people matching the URL's search, sorted and paged", async () => {
    const data = await callLoader(usersList, { path: `/admin/users?q=${tag.toUpperCase()}&sort=email&dir=asc`, user: admin });
    expect(data.filters).toMatchObject({ q: tag.toUpperCase(), sort: "email", dir: "asc", page: 1 });
    expect(data.rows.map((user) => user.id)).toEqual([learnerId]);
    expect(data.rows[0]).toEqual({
      id: learnerId,
      email: `${learnerId}-${tag}@example.test`,
      name: `Learner ${tag}`,
      role: "user",
      memberSince: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
      lastSeen: null,
    });
    expect(data.error).toBeNull();
  });

  it("answers 'Failed to fetch users' when the list cannot be read", async () => {
    expectErrorLogs(/admin user list failed/);
    await withTableMissing("users", async () => {
      const data = await callLoader(usersList, { path: "/admin/users", user: admin });
      expect(data.error).toMatchObject({ kind: "error", message: "Failed to fetch users" });
      expect(data.rows).toEqual([]);
    });
  });
});

describe("/admin/users/:id", () => {
  const load = (id: string, user = admin) => callLoader(userDetails, { path: `/admin/users/${id}`, params: { id }, user });
  const post = (id: string, form: Record<string, string>, user = admin) =>
    callAction(userDetails, { path: `/admin/users/${id}`, params: { id }, user, form }) as Promise<Answer | Response>;

  it("shows the person, every published course with No access, and an empty history", async () => {
    const data = await load(learnerId);
    expect(data.user).toMatchObject({ id: learnerId, role: "user", lastSeen: null, isYou: false });
    expect(data.courses.find((course) => course.courseId === courseId)).toEqual({
      courseId,
      title: courseTitle,
      slug: expect.any(String),
      status: null,
      drip: null,
      detail: null,
      progress: null,
    });
    expect(data.accessError).toBeNull();
    expect(data.history).toEqual([]);
  });

  it("shows each held course's progress: lessons done of its lessons and the percent", async () => {
    const db = database().db;
    const id = await createLearner();
    const [course] = await db
      .insert(courses)
      .values({ title: `Progress course ${tag}`, slug: unique("progress-course"), status: "published" })
      .returning({ id: courses.id });
    const made = await db
      .insert(lessons)
      .values([1, 2, 3].map((index) => ({ courseId: course!.id, title: `Lesson ${index}`, slug: unique("lesson"), orderIndex: index })))
      .returning({ id: lessons.id });
    await db.insert(enrollments).values({ userId: id, courseId: course!.id, source: "admin" });
    const progressOf = async () => (await load(id)).courses.find((row) => row.courseId === course!.id)?.progress;
    expect(await progressOf()).toEqual({ completedLessons: 0, totalLessons: 3, percent: 0 });
    await db.insert(lessonProgress).values({ userId: id, lessonId: made[0]!.id, completedAt: new Date() });
    // Opened but not finished does not count.
    await db.insert(lessonProgress).values({ userId: id, lessonId: made[1]!.id, positionSeconds: 30 });
    expect(await progressOf()).toEqual({ completedLessons: 1, totalLessons: 3, percent: 33 });
    // A course without lessons shows none.
    await post(id, { intent: "grant", courseId });
    expect((await load(id)).courses.find((row) => row.courseId === courseId)?.progress).toBeNull();
  });

  it("grants, revokes and grants again with the spec's toasts, and shows the badges and the history", async () => {
    const id = await createLearner();
    const granted = (await post(id, { intent: "grant", courseId })) as Answer;
    expect(granted.data.toast).toMatchObject({ kind: "success", message: "Course access granted" });
    expect((await load(id)).courses.find((course) => course.courseId === courseId)).toMatchObject({
      status: "active",
      detail: expect.stringMatching(/^Since .+ · Granted by an admin$/),
    });

    const revoked = (await post(id, { intent: "revoke", courseId })) as Answer;
    expect(revoked.data.toast).toMatchObject({ kind: "success", message: "Course access revoked" });
    expect((await load(id)).courses.find((course) => course.courseId === courseId)).toMatchObject({
      status: "revoked",
      detail: expect.stringMatching(/^Revoked /),
    });

    await post(id, { intent: "grant", courseId });
    const data = await load(id);
    expect(data.courses.find((course) => course.courseId === courseId)?.status).toBe("active");
    expect(data.history?.map((event) => [event.what, event.subject, event.actor])).toEqual([
      ["Access granted", courseTitle, admin.email],
      ["Access revoked", courseTitle, admin.email],
      ["Access granted", courseTitle, admin.email],
    ]);
  });

  it("answers a course that does not exist with 'Failed to grant course access' / 'Failed to revoke course access' (404)", async () => {
    for (const [intent, message] of [
      ["grant", "Failed to grant course access"],
      ["revoke", "Failed to revoke course access"],
    ] as const) {
      const answer = (await post(learnerId, { intent, courseId: "00000000-0000-4000-8000-000000000000" })) as Answer;
      expect(answer.init?.status).toBe(404);
      expect(answer.data.toast).toMatchObject({ kind: "error", message });
    }
  });

  it("refuses an unknown intent or a missing course id with 400, changing nothing", async () => {
    const forms: Record<string, string>[] = [{ intent: "delete", courseId }, { intent: "grant" }, { intent: "role", role: "owner" }, {}];
    for (const form of forms) {
      const answer = (await post(learnerId, form)) as Answer;
      expect(answer.init?.status, JSON.stringify(form)).toBe(400);
    }
    expect(await database().db.select().from(enrollments).where(eq(enrollments.userId, learnerId))).toEqual([]);
  });

  it("answers 404 'User not found' for someone who does not exist", async () => {
    expect(await thrownResponse(load("nobody"))).toMatchObject({ status: 404, data: { message: "User not found" } });
  });

  it("goes back to /admin/users with 'Failed to fetch user data' when the user cannot be read", async () => {
    expectErrorLogs(/user load failed/);
    await withTableMissing("users", async () => {
      const response = await thrownResponse(load(learnerId));
      expect(response).toMatchObject({ status: 302, location: "/admin/users" });
      expect(await toastAfter(new Response(null, { headers: response.headers }))).toMatchObject({
        kind: "error",
        message: "Failed to fetch user data",
      });
    });
  });

  it("shows 'Failed to load course access data' when only the course access cannot be read", async () => {
    expectErrorLogs(/user details section failed/);
    await withTableMissing("enrollments", async () => {
      const data = await load(learnerId);
      expect(data.user.id).toBe(learnerId);
      expect(data.accessError).toMatchObject({ kind: "error", message: "Failed to load course access data" });
      expect(data.courses).toEqual([]);
    });
  });
});

describe("role changes through the page", () => {
  const load = (id: string, user = admin) => callLoader(userDetails, { path: `/admin/users/${id}`, params: { id }, user });
  const changeRole = (id: string, role: string, user = admin) =>
    callAction(userDetails, { path: `/admin/users/${id}`, params: { id }, user, form: { intent: "role", role } }) as Promise<
      Answer | Response
    >;

  it("offers a super admin every role, and an admin only user and admin, saying why", async () => {
    expect((await load(learnerId, superAdmin)).role).toEqual({ options: ["user", "admin", "super_admin"], notes: [] });
    expect((await load(learnerId, admin)).role).toEqual({
      options: ["user", "admin"],
      notes: ["Only a super admin can make someone a super admin."],
    });
    expect((await load(superAdmin.id, admin)).role).toEqual({
      options: ["super_admin"],
      notes: ["Only a super admin can change a super admin's role."],
    });
    // The only super admin, on their own page.
    expect((await load(superAdmin.id, superAdmin)).role).toEqual({
      options: ["super_admin"],
      notes: ["This is the only super admin. Make someone else a super admin first."],
    });
  });

  it("lets a super admin promote to admin and back, recorded in the history", async () => {
    const id = await createLearner();
    expect(((await changeRole(id, "admin", superAdmin)) as Answer).data.toast).toMatchObject({
      kind: "success",
      message: "Role updated successfully",
    });
    expect((await load(id)).user.role).toBe("admin");
    expect(((await changeRole(id, "user", superAdmin)) as Answer).data.toast).toMatchObject({ message: "Role updated successfully" });
    expect(((await changeRole(id, "user", superAdmin)) as Answer).data.toast).toMatchObject({ message: "The role was already set" });
    const data = await load(id);
    expect(data.user.role).toBe("user");
    expect(data.history?.map((event) => [event.what, event.subject, event.actor])).toEqual([
      ["Role changed", "Admin → User", superAdmin.email],
      ["Role changed", "User → Admin", superAdmin.email],
    ]);
  });

  it("refuses what an admin may not do with 403 and the rule, even by a direct POST", async () => {
    const id = await createLearner();
    const grantSuper = (await changeRole(id, "super_admin", admin)) as Answer;
    expect(grantSuper.init?.status).toBe(403);
    expect(grantSuper.data.toast).toMatchObject({ kind: "error", message: "Only a super admin can make someone a super admin." });
    const demoteSuper = (await changeRole(superAdmin.id, "user", admin)) as Answer;
    expect(demoteSuper.init?.status).toBe(403);
    expect(demoteSuper.data.toast).toMatchObject({ kind: "error", message: "Only a super admin can change a super admin's role." });
    const lastSuper = (await changeRole(superAdmin.id, "admin", superAdmin)) as Answer;
    expect(lastSuper.init?.status).toBe(403);
    expect(lastSuper.data.toast).toMatchObject({ message: "This is the only super admin. Make someone else a super admin first." });

    const roles = await database()
      .db.select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`${users.id} in (${id}, ${superAdmin.id})`);
    expect(Object.fromEntries(roles.map((row) => [row.id, row.role]))).toEqual({ [id]: "user", [superAdmin.id]: "super_admin" });
    expect(
      await database()
        .db.select()
        .from(accessEvents)
        .where(and(eq(accessEvents.userId, id), eq(accessEvents.type, "role_change"))),
    ).toEqual([]);
  });

  it("sends an admin who gives up their own admin role to their account page", async () => {
    const id = unique("leaving");
    const leaving = sessionUser({ id, role: "admin" });
    await database().db.insert(users).values({ id, email: leaving.email, name: "Leaving Admin", role: "admin", emailVerified: true });
    const response = (await changeRole(id, "user", leaving)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account");
    expect(await toastAfter(response)).toMatchObject({ message: "Role updated successfully" });
  });
});

describe("/admin/users/export.csv", () => {
  it("downloads the filtered list as CSV, streamed", async () => {
    const response = (await callLoader(exportCsv, { path: `/admin/users/export.csv?q=${tag}&role=user`, user: admin })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.body).toBeInstanceOf(ReadableStream);
    const lines = (await response.text()).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("email,name,role,member_since,last_seen,active_courses");
    expect(lines.slice(1).every((line) => line.includes(tag) && line.includes(",user,"))).toBe(true);
    expect(lines.some((line) => line.startsWith(`${learnerId}-${tag}@example.test,`))).toBe(true);
  });

  // The attack suite (issue 22): a name typed at sign-up opens as text in a spreadsheet, never as a formula.
  it("writes names that start like a formula (= + - @) as text", async () => {
    const formulaTag = unique("formula").replace(/-/g, "");
    const names = ['=HYPERLINK("http://evil.example","x")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)"];
    await database()
      .db.insert(users)
      .values(
        names.map((name, index) => ({
          id: `${formulaTag}-${index}`,
          email: `${formulaTag}-${index}@example.test`,
          name,
          role: "user",
          emailVerified: true,
        })),
      );
    const response = (await callLoader(exportCsv, { path: `/admin/users/export.csv?q=${formulaTag}`, user: admin })) as Response;
    const nameCells = (await response.text())
      .split("\r\n")
      .filter((line) => line.startsWith(formulaTag))
      .map((line) => line.slice(line.indexOf(",") + 1, line.indexOf(",user,")))
      .sort();
    expect(nameCells).toEqual(['"\'=HYPERLINK(""http://evil.example"",""x"")"', "'+1+cmd|' /C calc'!A0", "'-2+3", "'@SUM(A1:A9)"].sort());
  });

  it("goes back to the list with 'Failed to fetch users' when the database cannot be read", async () => {
    expectErrorLogs(/user export failed/);
    await withTableMissing("users", async () => {
      const response = (await callLoader(exportCsv, { path: "/admin/users/export.csv", user: admin })) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin/users");
      expect(await toastAfter(response)).toMatchObject({ kind: "error", message: "Failed to fetch users" });
    });
  });
});
