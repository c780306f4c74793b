import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { type Database } from "~/server/db/client.server";
import { preparedForEachDatabase } from "~/server/db/prepared.server";
import { discussionNotifications, sessions, users } from "~/server/db/schema";
import { getAuth, type Auth } from "./auth.server";

/**
 * The page's read of the session (docs/decisions/068): one prepared query, from the database on
 * every request, so a sign-out, "sign out everywhere", a revoke, a ban, a role change or a removed
 * account counts from the next request on every instance. It answers what Better Auth's
 * `getSession` answers for a live session, at a fraction of its cost, and hands every other case
 * to Better Auth itself: a session past its expiry (which Better Auth deletes) and one due to be
 * extended (Better Auth writes the new expiry, once a day).
 */

export type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionQuery>["execute"]>>[number];

export type SessionRead =
  | { kind: "none" }
  | { kind: "found"; row: SessionRow }
  /** Not decided here: Better Auth's getSession decides (and writes) for this one. */
  | { kind: "ask-better-auth" };

function prepareSessionQuery(database: Database) {
  return database
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      name: users.name,
      image: users.image,
      role: users.role,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      banned: users.banned,
      banExpires: users.banExpires,
      // The header's bell on every page (issue 44): read with the session, not by a query of its own.
      unreadNotifications: sql<number>`(select count(*)::int from ${discussionNotifications} where ${and(
        eq(discussionNotifications.userId, users.id),
        isNull(discussionNotifications.readAt),
      )})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_user_by_token");
}

const sessionQuery = preparedForEachDatabase(prepareSessionQuery);
// One set of cookie settings per auth instance (tests make new ones).
const cookieSettingsFor = new WeakMap<Auth, Promise<CookieSettings>>();

type CookieSettings = { name: string; secret: string; expiresInMs: number; updateAgeMs: number };

function cookieSettings(): Promise<CookieSettings> {
  const auth = getAuth();
  let settings = cookieSettingsFor.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    cookieSettingsFor.set(auth, settings);
  }
  return settings;
}

/** The values of the cookie `name` in a Cookie header (a browser may send two). */
function cookieValues(header: string, name: string) {
  const values: string[] = [];
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      values.push(decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      values.push("");
    }
  }
  return values;
}

/**
 * The session token of a signed cookie value (`token.signature`, the signature an HMAC-SHA256 of
 * the token with the auth secret, in base64, as Better Auth signs it), or null when the signature
 * does not match. Compared in constant time.
 */
export function verifiedSessionToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = crypto.createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && crypto.timingSafeEqual(signature, expected) ? token : null;
}

/** Reads the session a request's Cookie header names. */
export async function findSessionByCookie({ cookieHeader, now = new Date() }: { cookieHeader: string; now?: Date }): Promise<SessionRead> {
  const settings = await cookieSettings();
  const values = cookieValues(cookieHeader, settings.name);
  if (values.length === 0) return { kind: "none" };
  // Which of two cookies counts is Better Auth's to say.
  if (values.length > 1) return { kind: "ask-better-auth" };
  const token = verifiedSessionToken(values[0]!, settings.secret);
  if (!token) return { kind: "none" };

  const [row] = await sessionQuery().execute({ token });
  if (!row) return { kind: "none" };
  if (row.expiresAt.getTime() <= now.getTime()) return { kind: "ask-better-auth" };
  // Better Auth extends a session once `updateAge` has passed since it last did (getSession's rule).
  if (row.expiresAt.getTime() - settings.expiresInMs + settings.updateAgeMs <= now.getTime()) return { kind: "ask-better-auth" };
  // A ban ends the sessions it finds (the admin plugin); one that outlived it still opens nothing.
  if (row.banned && (!row.banExpires || row.banExpires.getTime() > now.getTime())) return { kind: "none" };
  return { kind: "found", row };
}
