import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { type Role } from "~/lib/domain-values";
import { normalizeRole } from "~/lib/roles";
import type { Queryable } from "~/server/db/client.server";
import { accounts, users } from "~/server/db/schema";
import { recordRoleChange } from "./user-roles.server";
import { emitUserCreated } from "~/server/auth/user-created-event.server";

export class UserNotFoundError extends Error {
  constructor(readonly email: string) {
    super(`No user with the email ${email}`);
    this.name = "UserNotFoundError";
  }
}

/**
 * Creates a user who signs in with email and password (email already verified), or, if the
 * address exists, sets the password and role. Used by the ADMIN_EMAIL bootstrap and the CLI;
 * a new role is recorded in the audit trail with no actor and `note` saying where it came from.
 */
export async function upsertPasswordUser(
  database: Queryable,
  {
    email,
    password,
    role,
    name,
    note = "Set from the command line",
  }: { email: string; password: string; role: Role; name?: string; note?: string },
) {
  const normalizedEmail = email.trim().toLowerCase();
  const hash = await hashPassword(password);
  return database.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, normalizedEmail));
    const userId = existing?.id ?? crypto.randomUUID();
    if (existing) {
      await tx.update(users).set({ role, emailVerified: true }).where(eq(users.id, userId));
    } else {
      const [created] = await tx
        .insert(users)
        .values({ id: userId, email: normalizedEmail, name: name?.trim() || normalizedEmail, role, emailVerified: true })
        .returning();
      await emitUserCreated({ tx, user: created! });
    }
    // A new plain user has no role change to record; a new admin, or a changed role, has.
    const fromRole = existing ? normalizeRole(existing.role) : null;
    if (existing ? fromRole !== role : role !== "user") await recordRoleChange(tx, { user: { id: userId, email: normalizedEmail }, fromRole, toRole: role, actor: null, note });
    const [credential] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
    if (credential) {
      await tx.update(accounts).set({ password: hash }).where(eq(accounts.id, credential.id));
    } else {
      await tx.insert(accounts).values({ id: crypto.randomUUID(), accountId: userId, providerId: "credential", userId, password: hash });
    }
    return { id: userId, email: normalizedEmail, created: !existing };
  });
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: creates that super admin the first time. An account that
 * already has the address is left exactly as it is (its password, role and sessions), so a
 * restart never undoes a password change or a demotion made since; `created` says which.
 */
export async function createOwnerIfAbsent(database: Queryable, { email, password }: { email: string; password: string }) {
  const normalizedEmail = email.trim().toLowerCase();
  const [existing] = await database.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, normalizedEmail));
  if (existing) return { id: existing.id, email: normalizedEmail, created: false as const, role: normalizeRole(existing.role) };
  const created = await upsertPasswordUser(database, { email: normalizedEmail, password, role: "super_admin", note: "Set by ADMIN_EMAIL at start" });
  return { ...created, role: "super_admin" as const };
}

/**
 * The command line's role change: no permission rules (whoever runs it owns the server), but
 * recorded in the audit trail like a change made in the back office.
 */
export async function setUserRole(database: Queryable, { email, role }: { email: string; role: Role }) {
  return database.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .for("update");
    if (!existing) throw new UserNotFoundError(email);
    const fromRole = normalizeRole(existing.role);
    if (fromRole !== role) {
      await tx.update(users).set({ role }).where(eq(users.id, existing.id));
      await recordRoleChange(tx, { user: existing, fromRole, toRole: role, actor: null, note: "Set from the command line" });
    }
    return { id: existing.id, email: existing.email, role };
  });
}
