import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq, gt, lte } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { isAdminRole } from "~/lib/roles";
import { getSessionUser } from "~/server/auth/guards.server";
import { isCommonPassword } from "~/server/auth/common-passwords.server";
import { db, type Queryable } from "~/server/db/client.server";
import { accounts, ownerSetupCodes, users } from "~/server/db/schema";
import { adminExists, lockAdminRoster, recordRoleChange } from "./user-roles.server";
import { consumeRateLimit } from "~/server/platform/rate-limit.server";
import { emitUserCreated } from "~/server/auth/user-created-event.server";

/**
 * First run (docs/decisions/013-users-access-and-first-run.md). While no admin exists, /admin
 * sends everyone to OWNER_SETUP_PATH, where the "Create the owner account" form makes a super
 * admin. So that a stranger who finds a fresh public install first cannot claim it, the form asks
 * for a one-time code that the server prints in its log at start (as Jenkins does). Once any
 * admin exists the form and its action answer 404, whoever asks and however.
 */

export const OWNER_SETUP_PATH = "/admin/setup";
/** How long a printed code works; a restart prints a fresh one while no admin exists. */
export const SETUP_CODE_TTL_MS = 24 * 60 * 60 * 1000;

// 32 letters and digits without the look-alikes 0/O and 1/I: 15 of them are 75 bits.
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 15;

/** What the person types may have spaces, dashes or lower case; the code is the letters and digits. */
export function normalizeSetupCode(input: string) {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

const hashSetupCode = (code: string) => crypto.createHash("sha256").update(normalizeSetupCode(code)).digest();

/** XXXXX-XXXXX-XXXXX. 256 is a multiple of 32, so masking a random byte picks every character equally. */
function generateSetupCode() {
  const characters = [...crypto.randomBytes(CODE_LENGTH)].map((byte) => CODE_ALPHABET[byte & 31]);
  return [0, 5, 10].map((start) => characters.slice(start, start + 5).join("")).join("-");
}

export type OwnerSetupCode = { code: string; expiresAt: Date };

/**
 * A new one-time code, of which only the hash is stored. Several may be live at once (each app
 * instance prints its own); expired ones are removed here.
 */
export async function issueOwnerSetupCode({
  database = db(),
  now = new Date(),
}: { database?: Queryable; now?: Date } = {}): Promise<OwnerSetupCode> {
  const code = generateSetupCode();
  const expiresAt = new Date(now.getTime() + SETUP_CODE_TTL_MS);
  await database.delete(ownerSetupCodes).where(lte(ownerSetupCodes.expiresAt, now));
  await database.insert(ownerSetupCodes).values({ codeHash: hashSetupCode(code).toString("hex"), createdAt: now, expiresAt });
  return { code, expiresAt };
}

/** While no admin exists, the back office is the owner-setup form: /admin for anyone who is not an admin goes there. */
export async function sendToOwnerSetupWhileNoAdmin({ context }: { context: Readonly<RouterContextProvider> }) {
  const user = getSessionUser({ context });
  if (user && isAdminRole(user.role)) return;
  if (!(await adminExists())) throw redirect(OWNER_SETUP_PATH);
}

export class OwnerSetupClosedError extends Error {
  name = "OwnerSetupClosedError";
  message = "An admin already exists; the owner account can no longer be created this way";
}

export class InvalidSetupCodeError extends Error {
  name = "InvalidSetupCodeError";
  message = "The setup code is wrong or has expired";
}

export class OwnerEmailTakenError extends Error {
  name = "OwnerEmailTakenError";
  message = "An account with this email already exists";
}

export class OwnerPasswordTooCommonError extends Error {
  name = "OwnerPasswordTooCommonError";
  message = "The password is one of the most common passwords";
}

/**
 * Creates the owner: a super admin who signs in with this email and password (already
 * verified: the person holding the server's setup code is the operator). One transaction that,
 * under the admin-roster lock, re-checks that no admin exists, checks the code against every
 * live one in constant time, creates the account, records it in the audit trail and deletes
 * every code. Of two racing requests the second waits for the lock and then finds an admin.
 */
export async function createOwnerAccount({
  code,
  name,
  email,
  password,
  now = new Date(),
}: {
  code: string;
  name: string;
  email: string;
  password: string;
  now?: Date;
}) {
  if (isCommonPassword(password)) throw new OwnerPasswordTooCommonError();
  // Hashing takes ~100 ms: before the transaction, not while holding the lock.
  const passwordHash = await hashPassword(password);
  const presented = hashSetupCode(code);
  return db().transaction(async (tx) => {
    await lockAdminRoster(tx);
    if (await adminExists(tx)) throw new OwnerSetupClosedError();
    const live = await tx.select({ codeHash: ownerSetupCodes.codeHash }).from(ownerSetupCodes).where(gt(ownerSetupCodes.expiresAt, now));
    let matched = false;
    for (const { codeHash } of live) matched = crypto.timingSafeEqual(Buffer.from(codeHash, "hex"), presented) || matched;
    if (!matched) throw new InvalidSetupCodeError();
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw new OwnerEmailTakenError();

    const userId = crypto.randomUUID();
    const [owner] = await tx.insert(users).values({ id: userId, email, name: name || email, role: "super_admin", emailVerified: true }).returning();
    await emitUserCreated({ tx, user: owner! });
    await tx
      .insert(accounts)
      .values({ id: crypto.randomUUID(), accountId: userId, providerId: "credential", userId, password: passwordHash });
    await tx.delete(ownerSetupCodes);
    await recordRoleChange(tx, {
      user: { id: userId, email },
      fromRole: null,
      toRole: "super_admin",
      actor: null,
      note: "Owner account created with the first-run setup code",
    });
    return { id: userId, email };
  });
}

/**
 * Attempts at the setup form per client address: 10 in 15 minutes. The code's 75 bits already
 * make guessing hopeless; this keeps a script from trying and fills no log. Counted by the app's
 * one limiter (rate-limit.server.ts), so every instance shares the count.
 */
export const OWNER_SETUP_ATTEMPTS = { max: 10, windowMs: 15 * 60 * 1000 } as const;
const attemptKey = (clientIp: string) => `${clientIp}|/admin/setup`;

/** Takes one attempt from the address's allowance; answers the seconds to wait when none is left. */
export async function takeOwnerSetupAttempt({ clientIp }: { clientIp: string }) {
  const decision = await consumeRateLimit({ key: attemptKey(clientIp), ...OWNER_SETUP_ATTEMPTS });
  return decision.allowed ? ({ allowed: true } as const) : ({ allowed: false, retryAfterSeconds: decision.retryAfterSeconds ?? 60 } as const);
}
