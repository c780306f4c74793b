import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { accessEvents, courses, enrollments, users } from "~/server/db/schema";
import {
  CourseAccessTargetNotFoundError,
  grantCourseAccess,
  listAccessHistory,
  listUserCourseAccess,
  revokeCourseAccess,
} from "./course-access.server";

const database = useTestDatabase();

const adminId = unique("admin");
const otherAdminId = unique("admin");

async function createUser(role = "user") {
  const id = unique("user");
  const email = `${id}@example.test`;
  await database()
    .db.insert(users)
    .values({ id, email, name: `Person ${id}`, role, emailVerified: true });
  return { id, email };
}

async function createCourse({
  status = "published",
  title = `Course ${unique("c")}`,
}: { status?: "draft" | "published"; title?: string } = {}) {
  const [course] = await database()
    .db.insert(courses)
    .values({ title, slug: unique("course"), status })
    .returning({ id: courses.id, title: courses.title });
  return course;
}

async function enrollmentOf(userId: string, courseId: string) {
  const rows = await database()
    .db.select()
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  return rows;
}

async function eventsOf(userId: string, courseId: string) {
  return database()
    .db.select()
    .from(accessEvents)
    .where(and(eq(accessEvents.userId, userId), eq(accessEvents.courseId, courseId)))
    .orderBy(asc(accessEvents.createdAt));
}

beforeAll(async () => {
  for (const id of [adminId, otherAdminId])
    await database()
      .db.insert(users)
      .values({ id, email: `${id}@example.test`, name: "Admin", role: "admin", emailVerified: true });
});

describe("granting and revoking", () => {
  it("goes no access → active → revoked → active, one audit row per change with who, what, when and why", async () => {
    const user = await createUser();
    const course = await createCourse();

    expect(await grantCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId, source: "admin" })).toEqual({
      status: "active",
      changed: true,
    });
    expect(await enrollmentOf(user.id, course.id)).toMatchObject([
      { status: "active", source: "admin", grantedBy: adminId, revokedAt: null },
    ]);

    expect(await revokeCourseAccess({ userId: user.id, courseId: course.id, actorId: otherAdminId })).toEqual({
      status: "revoked",
      changed: true,
    });
    const [revoked] = await enrollmentOf(user.id, course.id);
    expect(revoked.status).toBe("revoked");
    expect(revoked.revokedAt).toBeInstanceOf(Date);

    expect(await grantCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId, source: "admin" })).toEqual({
      status: "active",
      changed: true,
    });
    expect(await enrollmentOf(user.id, course.id)).toMatchObject([{ status: "active", revokedAt: null }]);

    const events = await eventsOf(user.id, course.id);
    expect(
      events.map(({ type, actorId, actorEmail, source, userEmail, courseTitle }) => ({
        type,
        actorId,
        actorEmail,
        source,
        userEmail,
        courseTitle,
      })),
    ).toEqual([
      {
        type: "grant",
        actorId: adminId,
        actorEmail: `${adminId}@example.test`,
        source: "admin",
        userEmail: user.email,
        courseTitle: course.title,
      },
      {
        type: "revoke",
        actorId: otherAdminId,
        actorEmail: `${otherAdminId}@example.test`,
        source: "admin",
        userEmail: user.email,
        courseTitle: course.title,
      },
      {
        type: "grant",
        actorId: adminId,
        actorEmail: `${adminId}@example.test`,
        source: "admin",
        userEmail: user.email,
        courseTitle: course.title,
      },
    ]);
  });

  it("treats granting twice and revoking twice as harmless: the same row, no extra audit rows", async () => {
    const user = await createUser();
    const course = await createCourse();
    await grantCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId, source: "admin" });
    const [first] = await enrollmentOf(user.id, course.id);
    expect(await grantCourseAccess({ userId: user.id, courseId: course.id, actorId: otherAdminId, source: "admin" })).toEqual({
      status: "active",
      changed: false,
    });
    // The second grant leaves the first one's record alone.
    expect(await enrollmentOf(user.id, course.id)).toEqual([first]);

    await revokeCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId });
    expect(await revokeCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId })).toEqual({
      status: "revoked",
      changed: false,
    });
    expect((await eventsOf(user.id, course.id)).map((event) => event.type)).toEqual(["grant", "revoke"]);
  });

  it("revoking access someone never had changes nothing and records nothing", async () => {
    const user = await createUser();
    const course = await createCourse();
    expect(await revokeCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId })).toEqual({
      status: "revoked",
      changed: false,
    });
    expect(await enrollmentOf(user.id, course.id)).toEqual([]);
    expect(await eventsOf(user.id, course.id)).toEqual([]);
  });

  it("keeps a purchase's source when an admin revokes it, and records a system grant without an actor", async () => {
    const user = await createUser();
    const course = await createCourse();
    await grantCourseAccess({ userId: user.id, courseId: course.id, actorId: null, source: "purchase" });
    await revokeCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId });
    const events = await eventsOf(user.id, course.id);
    expect(events.map(({ type, actorId, actorEmail, source }) => ({ type, actorId, actorEmail, source }))).toEqual([
      { type: "grant", actorId: null, actorEmail: null, source: "purchase" },
      { type: "revoke", actorId: adminId, actorEmail: `${adminId}@example.test`, source: "purchase" },
    ]);
  });

  it("refuses a user or a course that does not exist, writing nothing", async () => {
    const user = await createUser();
    const course = await createCourse();
    await expect(
      grantCourseAccess({ userId: "no-such-user", courseId: course.id, actorId: adminId, source: "admin" }),
    ).rejects.toMatchObject({
      name: "CourseAccessTargetNotFoundError",
      missing: "user",
    });
    for (const courseId of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "'; drop table users; --"]) {
      await expect(revokeCourseAccess({ userId: user.id, courseId, actorId: adminId })).rejects.toBeInstanceOf(
        CourseAccessTargetNotFoundError,
      );
      await expect(grantCourseAccess({ userId: user.id, courseId, actorId: adminId, source: "admin" })).rejects.toMatchObject({
        missing: "course",
      });
    }
    expect(await database().db.select().from(enrollments).where(eq(enrollments.userId, user.id))).toEqual([]);
    expect(await database().db.select().from(accessEvents).where(eq(accessEvents.userId, user.id))).toEqual([]);
  });
});

// On PGlite the calls queue on its one connection; on PostgreSQL (TEST_DATABASE_URL) they run
// in two transactions at once, which is what the upsert's and the update's conditions are for.
describe("two admins at once", () => {
  it("two grants at once leave one active row and one audit row", async () => {
    const user = await createUser();
    const course = await createCourse();
    const results = await Promise.all([
      grantCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId, source: "admin" }),
      grantCourseAccess({ userId: user.id, courseId: course.id, actorId: otherAdminId, source: "admin" }),
    ]);
    expect(results.map((result) => result.changed).sort()).toEqual([false, true]);
    expect(await enrollmentOf(user.id, course.id)).toMatchObject([{ status: "active" }]);
    expect((await eventsOf(user.id, course.id)).map((event) => event.type)).toEqual(["grant"]);
  });

  it("many grants and revokes at once on several courses leave each row matching its own audit trail", async () => {
    const user = await createUser();
    const picked = [await createCourse(), await createCourse(), await createCourse()];
    for (const course of picked.slice(1))
      await grantCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId, source: "admin" });
    await Promise.all(
      picked.flatMap((course) => [
        grantCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId, source: "admin" }),
        revokeCourseAccess({ userId: user.id, courseId: course.id, actorId: otherAdminId }),
        grantCourseAccess({ userId: user.id, courseId: course.id, actorId: otherAdminId, source: "admin" }),
        revokeCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId }),
      ]),
    );
    for (const course of picked) {
      const [row] = await enrollmentOf(user.id, course.id);
      const events = (await eventsOf(user.id, course.id)).map((event) => event.type);
      // The audit trail alternates, and its last word is the row's state.
      for (let index = 1; index < events.length; index++) expect(events[index]).not.toBe(events[index - 1]);
      expect(events.at(-1)).toBe(row.status === "active" ? "grant" : "revoke");
    }
  });

  it("two revokes of the same active row at once record one revoke", async () => {
    const user = await createUser();
    const course = await createCourse();
    await grantCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId, source: "admin" });
    await Promise.all([
      revokeCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId }),
      revokeCourseAccess({ userId: user.id, courseId: course.id, actorId: otherAdminId }),
    ]);
    expect(await enrollmentOf(user.id, course.id)).toMatchObject([{ status: "revoked" }]);
    expect((await eventsOf(user.id, course.id)).map((event) => event.type)).toEqual(["grant", "revoke"]);
  });
});

describe("the audit trail outlives what it names", () => {
  it("keeps the events, with the e-mails and the title, when the user, the course and the admin are deleted", async () => {
    const user = await createUser();
    const actor = await createUser("admin");
    const course = await createCourse({ title: "A course that will be deleted" });
    await grantCourseAccess({ userId: user.id, courseId: course.id, actorId: actor.id, source: "admin" });
    await revokeCourseAccess({ userId: user.id, courseId: course.id, actorId: actor.id });
    const ids = (await eventsOf(user.id, course.id)).map((event) => event.id);

    await database().db.delete(courses).where(eq(courses.id, course.id));
    await database().db.delete(users).where(eq(users.id, user.id));
    await database().db.delete(users).where(eq(users.id, actor.id));

    const kept = await database()
      .db.select()
      .from(accessEvents)
      .where(eq(accessEvents.userEmail, user.email))
      .orderBy(asc(accessEvents.createdAt));
    expect(kept.map((event) => event.id)).toEqual(ids);
    expect(
      kept.map(({ type, userId, courseId, actorId, userEmail, courseTitle, actorEmail }) => ({
        type,
        userId,
        courseId,
        actorId,
        userEmail,
        courseTitle,
        actorEmail,
      })),
    ).toEqual(
      ["grant", "revoke"].map((type) => ({
        type,
        userId: null,
        courseId: null,
        actorId: null,
        userEmail: user.email,
        courseTitle: "A course that will be deleted",
        actorEmail: actor.email,
      })),
    );
  });
});

describe("reading access", () => {
  it("lists every published course with the user's status, drafts left out", async () => {
    const user = await createUser();
    const active = await createCourse({ title: `AAA active ${unique("c")}` });
    const revoked = await createCourse({ title: `AAA revoked ${unique("c")}` });
    const never = await createCourse({ title: `AAA never ${unique("c")}` });
    const draft = await createCourse({ status: "draft" });
    await grantCourseAccess({ userId: user.id, courseId: active.id, actorId: adminId, source: "admin" });
    await grantCourseAccess({ userId: user.id, courseId: revoked.id, actorId: adminId, source: "admin" });
    await revokeCourseAccess({ userId: user.id, courseId: revoked.id, actorId: adminId });
    await grantCourseAccess({ userId: user.id, courseId: draft.id, actorId: adminId, source: "admin" });

    const rows = await listUserCourseAccess({ userId: user.id });
    const byId = new Map(rows.map((row) => [row.courseId, row]));
    expect(byId.get(active.id)).toMatchObject({ status: "active", source: "admin", revokedAt: null });
    expect(byId.get(revoked.id)).toMatchObject({ status: "revoked" });
    expect(byId.get(never.id)).toMatchObject({ status: null, grantedAt: null });
    expect(byId.has(draft.id)).toBe(false);
    // Sorted by title.
    const mine = rows.filter((row) => [active.id, revoked.id, never.id].includes(row.courseId)).map((row) => row.courseId);
    expect(mine).toEqual([active.id, never.id, revoked.id]);
  });

  it("reads one user's history and one course's history, newest first", async () => {
    const user = await createUser();
    const other = await createUser();
    const course = await createCourse();
    await grantCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId, source: "admin" });
    await grantCourseAccess({ userId: other.id, courseId: course.id, actorId: adminId, source: "admin" });
    await revokeCourseAccess({ userId: user.id, courseId: course.id, actorId: adminId });

    const mine = await listAccessHistory({ userId: user.id });
    expect(mine.map((event) => [event.type, event.courseTitle])).toEqual([
      ["revoke", course.title],
      ["grant", course.title],
    ]);
    const theCourse = await listAccessHistory({ courseId: course.id });
    expect(theCourse.map((event) => [event.type, event.userEmail])).toEqual([
      ["revoke", user.email],
      ["grant", other.email],
      ["grant", user.email],
    ]);
    expect(await listAccessHistory({ courseId: "not-a-uuid" })).toEqual([]);
  });
});
