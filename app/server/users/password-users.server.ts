import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { type Role } from "~/lib/domain-values";
import { normalizeRole } from "~/lib/roles";
import type { Queryable } from "~/server/db/client.server";
import { accounts, users } from "~/server/db/schema";

export class UserNotFoundError extends Error {
  constructor(readonly email: string) {
    super(`No user with the email ${email}`);
    this.name = "UserNotFoundError";
  }
}

/**
 * Creates a user who signs in with email and password (email already verified), or, if the
 * address exists, sets the password and role. Used by the ADMIN_EMAIL bootstrap and the CLI.
 */
export async function upsertPasswordUser(
  database: Queryable,
  { email, password, role, name }: { email: string; password: string; role: Role; name?: string },
) {
  const normalizedEmail = email.trim().toLowerCase();
  const hash = await hashPassword(password);
  return database.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, normalizedEmail));
    const userId = existing?.id ?? crypto.randomUUID();
    if (existing) {
      await tx.update(users).set({ role, emailVerified: true }).where(eq(users.id, userId));
    } else {
      await tx.insert(users).values({ id: userId, email: normalizedEmail, name: name?.trim() || normalizedEmail, role, emailVerified: true });
    }
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

export async function setUserRole(database: Queryable, { email, role }: { email: string; role: Role }) {
  const [updated] = await database
    .update(users)
    .set({ role: normalizeRole(role) })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id, email: users.email, role: users.role });
  if (!updated) throw new UserNotFoundError(email);
  return updated;
}
