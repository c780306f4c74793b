import { and, asc, eq, notInArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { type Role } from "~/lib/domain-values";
import { accessEvents, users } from "~/server/db/schema";
import { setUserRole, upsertPasswordUser } from "./password-users.server";
import { adminExists, changeUserRole, countSuperAdmins, RoleChangeRefusedError, UserNotFoundByIdError } from "./user-roles.server";

const database = useTestDatabase();

async function createPerson(role: Role | "" = "user") {
  const id = unique(role || "empty");
  const email = `${id}@example.test`;
  await database()
    .db.insert(users)
    .values({ id, email, name: `Person ${id}`, role, emailVerified: true });
  return { id, email };
}

async function roleOf(id: string) {
  const [row] = await database().db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row?.role;
}

async function roleEventsOf(id: string) {
  const rows = await database()
    .db.select({
      type: accessEvents.type,
      fromRole: accessEvents.fromRole,
      toRole: accessEvents.toRole,
      actorEmail: accessEvents.actorEmail,
      userEmail: accessEvents.userEmail,
      note: accessEvents.note,
    })
    .from(accessEvents)
    .where(eq(accessEvents.userId, id))
    .orderBy(asc(accessEvents.createdAt));
  return rows;
}

describe("changeUserRole", () => {
  it("lets a super admin promote and demote, recording each change with the actor", async () => {
    const owner = await createPerson("super_admin");
    const person = await createPerson();
    expect(await changeUserRole({ actorId: owner.id, userId: person.id, role: "admin" })).toEqual({ changed: true, role: "admin" });
    expect(await changeUserRole({ actorId: owner.id, userId: person.id, role: "super_admin" })).toEqual({
      changed: true,
      role: "super_admin",
    });
    expect(await changeUserRole({ actorId: owner.id, userId: person.id, role: "user" })).toEqual({ changed: true, role: "user" });
    expect(await roleOf(person.id)).toBe("user");
    expect(await roleEventsOf(person.id)).toEqual([
      { type: "role_change", fromRole: "user", toRole: "admin", actorEmail: owner.email, userEmail: person.email, note: "" },
      { type: "role_change", fromRole: "admin", toRole: "super_admin", actorEmail: owner.email, userEmail: person.email, note: "" },
      { type: "role_change", fromRole: "super_admin", toRole: "user", actorEmail: owner.email, userEmail: person.email, note: "" },
    ]);
  });

  it("treats choosing the current role as no change (an empty role is a user)", async () => {
    const owner = await createPerson("super_admin");
    const person = await createPerson("");
    expect(await changeUserRole({ actorId: owner.id, userId: person.id, role: "user" })).toEqual({ changed: false, role: "user" });
    expect(await roleEventsOf(person.id)).toEqual([]);
  });

  it("lets an admin move people between user and admin, and nothing more", async () => {
    const admin = await createPerson("admin");
    const person = await createPerson();
    const superAdmin = await createPerson("super_admin");
    await createPerson("super_admin");
    expect(await changeUserRole({ actorId: admin.id, userId: person.id, role: "admin" })).toMatchObject({ changed: true });
    await expect(changeUserRole({ actorId: admin.id, userId: person.id, role: "super_admin" })).rejects.toMatchObject({
      reason: "super_admin_only_grant",
    });
    await expect(changeUserRole({ actorId: admin.id, userId: superAdmin.id, role: "user" })).rejects.toMatchObject({
      reason: "super_admin_only_change",
    });
    expect(await roleOf(person.id)).toBe("admin");
    expect(await roleOf(superAdmin.id)).toBe("super_admin");
    expect((await roleEventsOf(superAdmin.id)).length).toBe(0);
  });

  it("refuses a plain user, and an actor who does not exist, whatever they ask", async () => {
    const learner = await createPerson();
    const person = await createPerson();
    await expect(changeUserRole({ actorId: learner.id, userId: person.id, role: "admin" })).rejects.toMatchObject({ reason: "not_admin" });
    await expect(changeUserRole({ actorId: learner.id, userId: learner.id, role: "super_admin" })).rejects.toBeInstanceOf(
      RoleChangeRefusedError,
    );
    await expect(changeUserRole({ actorId: "nobody", userId: person.id, role: "admin" })).rejects.toMatchObject({ reason: "not_admin" });
    expect(await roleOf(learner.id)).toBe("user");
    expect(await roleOf(person.id)).toBe("user");
  });

  it("reads the actor's role from the database, not from what the caller believes", async () => {
    const formerAdmin = await createPerson("admin");
    const person = await createPerson();
    await database().db.update(users).set({ role: "user" }).where(eq(users.id, formerAdmin.id));
    await expect(changeUserRole({ actorId: formerAdmin.id, userId: person.id, role: "admin" })).rejects.toMatchObject({
      reason: "not_admin",
    });
  });

  it("says when the user does not exist", async () => {
    const owner = await createPerson("super_admin");
    await expect(changeUserRole({ actorId: owner.id, userId: "no-such-user", role: "admin" })).rejects.toBeInstanceOf(
      UserNotFoundByIdError,
    );
  });
});

describe("the last super admin", () => {
  it("cannot be demoted, and two super admins demoting each other at once leave one", async () => {
    const a = await createPerson("super_admin");
    const b = await createPerson("super_admin");
    // The other tests' super admins step down, so a and b are the last two.
    await database()
      .db.update(users)
      .set({ role: "admin" })
      .where(and(eq(users.role, "super_admin"), notInArray(users.id, [a.id, b.id])));
    expect(await countSuperAdmins()).toBe(2);

    const results = await Promise.allSettled([
      changeUserRole({ actorId: a.id, userId: b.id, role: "user" }),
      changeUserRole({ actorId: b.id, userId: a.id, role: "user" }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    // Whoever went second had already lost the role (or was the last one left).
    expect(refused.reason).toBeInstanceOf(RoleChangeRefusedError);
    expect(await countSuperAdmins()).toBe(1);

    const [last] = await database().db.select({ id: users.id }).from(users).where(eq(users.role, "super_admin"));
    await expect(changeUserRole({ actorId: last.id, userId: last.id, role: "admin" })).rejects.toMatchObject({
      reason: "last_super_admin",
    });
    expect(await countSuperAdmins()).toBe(1);
    expect(await adminExists()).toBe(true);
  });
});

describe("role changes outside the back office", () => {
  it("records the command line's role change without an actor", async () => {
    const person = await createPerson();
    await setUserRole(database().db, { email: person.email, role: "admin" });
    await setUserRole(database().db, { email: person.email, role: "admin" });
    expect(await roleEventsOf(person.id)).toEqual([
      {
        type: "role_change",
        fromRole: "user",
        toRole: "admin",
        actorEmail: null,
        userEmail: person.email,
        note: "Set from the command line",
      },
    ]);
  });

  it("records an admin created at start, but not a new plain user", async () => {
    const admin = await upsertPasswordUser(database().db, {
      email: `${unique("boot")}@example.test`,
      password: "a long passphrase 42",
      role: "super_admin",
      note: "Set by ADMIN_EMAIL at start",
    });
    const learner = await upsertPasswordUser(database().db, {
      email: `${unique("plain")}@example.test`,
      password: "a long passphrase 42",
      role: "user",
    });
    expect(await roleEventsOf(admin.id)).toEqual([
      {
        type: "role_change",
        fromRole: null,
        toRole: "super_admin",
        actorEmail: null,
        userEmail: admin.email,
        note: "Set by ADMIN_EMAIL at start",
      },
    ]);
    expect(await roleEventsOf(learner.id)).toEqual([]);
  });
});
