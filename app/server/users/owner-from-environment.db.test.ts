import { and, eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { describe, expect, it, vi } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { logger } from "~/server/platform/logger.server";
import { createOwnerFromEnvironment } from "~/server/platform/runtime.server";
import { accounts, sessions, users } from "~/server/db/schema";

const database = useTestDatabase();

async function credentialOf(userId: string) {
  const [row] = await database()
    .db.select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row!.password!;
}

describe("ADMIN_EMAIL/ADMIN_PASSWORD at start", () => {
  it("creates the owner once; a later start leaves its password, role and sessions alone and says so", async () => {
    const email = `${unique("owner")}@example.test`;
    const info = vi.spyOn(logger, "info");
    const created = await createOwnerFromEnvironment(database().db, { email, password: "the first passphrase" });
    expect(created.created).toBe(true);
    expect(info).toHaveBeenCalledWith({ email }, "owner account created from ADMIN_EMAIL");
    const [row] = await database()
      .db.select({ role: users.role, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, created.id));
    expect(row).toEqual({ role: "super_admin", emailVerified: true });
    expect(await verifyPassword({ hash: await credentialOf(created.id), password: "the first passphrase" })).toBe(true);

    // In the back office since: a new password, a demotion, and a signed-in session.
    const changedHash = await hashPassword("changed in the back office");
    await database().db.update(accounts).set({ password: changedHash }).where(eq(accounts.userId, created.id));
    await database().db.update(users).set({ role: "admin" }).where(eq(users.id, created.id));
    const token = unique("session-token");
    await database()
      .db.insert(sessions)
      .values({ id: unique("session"), token, userId: created.id, expiresAt: new Date(Date.now() + 3_600_000) });

    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const again = await createOwnerFromEnvironment(database().db, { email: email.toUpperCase(), password: "the first passphrase" });
    expect(again).toMatchObject({ id: created.id, created: false, role: "admin" });
    expect(warn).toHaveBeenCalledWith({ email, role: "admin" }, expect.stringContaining("already exists and was left alone"));

    expect(await credentialOf(created.id)).toBe(changedHash);
    const [after] = await database().db.select({ role: users.role }).from(users).where(eq(users.id, created.id));
    expect(after!.role).toBe("admin");
    expect(await database().db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, token))).toHaveLength(1);
    warn.mockRestore();
    info.mockRestore();
  });
});
