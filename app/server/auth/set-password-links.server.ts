import crypto from "node:crypto";
import { getConfig } from "~/server/platform/config.server";
import type { Queryable } from "~/server/db/client.server";
import { verifications } from "~/server/db/schema";

/** A receipt's set-password link works for a week (a receipt is read later than a reset mail). */
export const SET_PASSWORD_LINK_DAYS = 7;

/**
 * A link that sets the password of an account made by a guest checkout (docs/decisions/048). It is
 * Better Auth's own reset token (`reset-password:<token>` in verifications, the user's id as its
 * value), so `/reset-password/new` and Better Auth's `/reset-password` take it as they take a reset
 * link's: one use (consumed when the password is saved), expiring, and setting a password through
 * it confirms the address (auth.server.ts `onPasswordReset`), since only the inbox got it. `next`
 * (a path on this site) is where the buyer goes after signing in with the new password.
 */
export async function createSetPasswordLink({ database, userId, next }: { database: Queryable; userId: string; next: string }) {
  const token = crypto.randomBytes(18).toString("base64url");
  await database.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + SET_PASSWORD_LINK_DAYS * 24 * 60 * 60 * 1000),
  });
  const params = new URLSearchParams({ token, next });
  return `${getConfig().publicUrl}/reset-password/new?${params}`;
}
