import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../tests/support/app-server";
import { createAuthorizationSchool, type AuthorizationSchool, type Who } from "../../tests/support/authorization-fixtures";
import { unique, useTestDatabase } from "../../tests/support/test-database";
import { lessonProgress, savedCourses, sessions, users } from "~/server/db/schema";

/**
 * Issue 22, the IDOR probes: a signed-in caller names another person's things (their id, their
 * session, their order) in forms and Better Auth's endpoints. Each probe checks the database
 * afterwards, not only the answer. The matrix (authorization-matrix.db.test.ts) covers the
 * addresses: another person's order on the checkout pages, lessons and videos of a course not
 * held, user ids in admin pages.
 */

const database = useTestDatabase();
const ORIGIN = "http://localhost:3000";

let app: Awaited<ReturnType<typeof startAppServer>>;
let school: AuthorizationSchool;

beforeAll(async () => {
  app = await startAppServer({
    routes: (file) => /^routes\/(account|catalog|learn|resources)\//.test(file) || file === "routes/site-layout.tsx",
  });
  school = await createAuthorizationSchool(database().db);
}, 60_000);

afterAll(() => app?.close());

const postForm = (path: string, who: Who, form: Record<string, string>) =>
  fetch(`${app.base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: school.cookies[who], "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });

/** Better Auth's endpoints as a browser calls them (JSON, its own origin). */
const auth = (endpoint: string, cookie: string, body?: Record<string, unknown>) =>
  fetch(`${app.base}/api/auth${endpoint}`, {
    method: body ? "POST" : "GET",
    headers: { cookie, origin: ORIGIN, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

/** Whether the victim's browser is still signed in. */
const victimSignedIn = async () => {
  const response = await auth("/get-session", school.victim.cookie);
  return ((await response.json()) as { user?: { id: string } } | null)?.user?.id === school.victim.id;
};

async function victimProgress() {
  const [row] = await database()
    .db.select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, school.victim.id), eq(lessonProgress.lessonId, school.paidCourse.paid.id)));
  return row && { position: row.positionSeconds, completed: row.completedAt !== null };
}

describe("another person's progress", () => {
  it("a learner's position save naming the victim's id saves the learner's own position only", async () => {
    const response = await postForm(`/api/lessons/${school.paidCourse.paid.id}/progress`, "learner", {
      intent: "position",
      position: "300",
      userId: school.victim.id,
      user_id: school.victim.id,
    });
    expect(response.status).toBe(200);
    expect(await victimProgress()).toEqual({ position: 42, completed: false });
    const [own] = await database().db.select().from(lessonProgress).where(eq(lessonProgress.userId, school.ids.learner));
    expect(own.positionSeconds).toBe(300);
  });

  it("marking a lesson complete with the victim's id completes it for the caller, never the victim", async () => {
    const lessonPath = `/courses/${school.paidCourse.slug}/lessons/${school.paidCourse.paid.slug}`;
    const response = await postForm(lessonPath, "learner", { intent: "complete", userId: school.victim.id });
    expect(response.status).toBeLessThan(400);
    expect(await victimProgress()).toEqual({ position: 42, completed: false });
  });

  it("someone without the course cannot mark its paid lesson complete", async () => {
    const lessonPath = `/courses/${school.paidCourse.slug}/lessons/${school.paidCourse.paid.slug}`;
    const response = await postForm(lessonPath, "user", { intent: "complete" });
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain(school.paidCourse.paidNotes);
    expect(await database().db.$count(lessonProgress, eq(lessonProgress.userId, school.ids.user))).toBe(0);
  });

  it("someone without the course cannot save a position in its paid lesson", async () => {
    const response = await postForm(`/api/lessons/${school.paidCourse.paid.id}/progress`, "user", { intent: "position", position: "5" });
    expect(response.status).toBe(403);
    expect(await database().db.$count(lessonProgress, eq(lessonProgress.userId, school.ids.user))).toBe(0);
  });
});

describe("another person's saved courses", () => {
  it("Unsave naming the victim's id leaves the victim's saved course alone", async () => {
    const response = await postForm(`/courses/${school.paidCourse.slug}`, "user", { intent: "unsave", userId: school.victim.id });
    expect(response.status).toBe(200);
    expect(await database().db.$count(savedCourses, eq(savedCourses.userId, school.victim.id))).toBe(1);
  });
});

describe("another person's sessions", () => {
  it("the victim's session is not in anyone else's list", async () => {
    for (const who of ["user", "admin", "super_admin"] as const) {
      const listed = (await (await auth("/list-sessions", school.cookies[who])).json()) as { token: string; userId: string }[];
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((session) => session.userId === school.ids[who])).toBe(true);
      expect(JSON.stringify(listed)).not.toContain(school.victim.session.token);
    }
  });

  it("Better Auth's revoke-session with the victim's token does not end the victim's session", async () => {
    const response = await auth("/revoke-session", school.cookies.user, { token: school.victim.session.token });
    expect(response.status).toBeLessThan(500);
    expect(await database().db.$count(sessions, eq(sessions.id, school.victim.session.id))).toBe(1);
    expect(await victimSignedIn()).toBe(true);
  });

  it("the account page's Sign out with the victim's session id answers 404 and ends nothing", async () => {
    const response = await postForm("/account", "user", { intent: "revoke-session", sessionId: school.victim.session.id });
    expect(response.status).toBe(404);
    expect(await database().db.$count(sessions, eq(sessions.id, school.victim.session.id))).toBe(1);
    expect(await victimSignedIn()).toBe(true);
  });
});

describe("another person's account through Better Auth", () => {
  it("the admin plugin's endpoints answer 404 to everyone, with nothing about the victim", async () => {
    for (const who of ["user", "admin", "super_admin"] as const) {
      const getUser = await auth(`/admin/get-user?id=${school.victim.id}`, school.cookies[who]);
      expect(getUser.status).toBe(404);
      expect(await getUser.text()).not.toContain(school.victim.email);
      const setRole = await auth("/admin/set-role", school.cookies[who], { userId: school.victim.id, role: "admin" });
      expect(setRole.status).toBe(404);
    }
    const [victim] = await database().db.select({ role: users.role }).from(users).where(eq(users.id, school.victim.id));
    expect(victim.role).toBe("user");
  });

  it("update-user cannot raise one's own role, verify an address or rename someone else", async () => {
    const [before] = await database().db.select({ name: users.name }).from(users).where(eq(users.id, school.victim.id));
    const response = await auth("/update-user", school.cookies.user, {
      name: "Renamed",
      role: "super_admin",
      emailVerified: false,
      userId: school.victim.id,
      id: school.victim.id,
    });
    expect(response.status).toBeLessThan(500);
    const [own] = await database().db.select().from(users).where(eq(users.id, school.ids.user));
    expect(own.role).toBe("user");
    expect(own.emailVerified).toBe(true);
    const [victim] = await database().db.select().from(users).where(eq(users.id, school.victim.id));
    expect(victim.name).toBe(before.name);
  });

  it("update-session cannot move one's session to the victim, mark it impersonated or extend it", async () => {
    const [before] = await database().db.select().from(sessions).where(eq(sessions.userId, school.ids.user));
    const response = await auth("/update-session", school.cookies.user, {
      userId: school.victim.id,
      impersonatedBy: school.ids.super_admin,
      expiresAt: new Date(Date.now() + 10 * 365 * 86_400_000).toISOString(),
      token: school.victim.session.token,
    });
    expect(response.status).toBe(400);
    const [after] = await database().db.select().from(sessions).where(eq(sessions.id, before.id));
    expect(after).toMatchObject({
      userId: school.ids.user,
      impersonatedBy: before.impersonatedBy,
      token: before.token,
      expiresAt: before.expiresAt,
    });
  });

  it("sign-up cannot choose a role", async () => {
    const email = `${unique("climber")}@example.com`;
    await auth("/sign-up/email", "", { email, password: "a-long-passphrase-42", name: "Climber", role: "super_admin" });
    const [created] = await database().db.select({ role: users.role }).from(users).where(eq(users.email, email));
    expect(created?.role ?? "user").toBe("user");
  });
});
