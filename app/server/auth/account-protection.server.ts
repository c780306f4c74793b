import crypto from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { rateLimits, users } from "~/server/db/schema";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.server";

/**
 * Limits per account (per email address), on top of Better Auth's per-IP limits, so that an
 * attacker spreading guesses over many addresses cannot lock out or flood one person.
 *
 * The counters live in Better Auth's `rate_limits` table under keys of their own
 * (`account|<purpose>|<email>`; Better Auth's keys are `<ip>|<path>`), so every app instance
 * sees the same numbers. Better Auth prunes rows older than its longest rate-limit window;
 * auth.server.ts checks that this window is at least as long as the ones below.
 */

const MINUTE = 60_000;

/** 5 failed sign-ins for one email within 15 minutes lock its password sign-in for 15 minutes. */
export const SIGN_IN_LOCKOUT = { max: 5, windowMs: 15 * MINUTE } as const;

/** Requests that send an email, and sign-ups, per address. */
export const EMAIL_LIMITS = {
  "/sign-up/email": { purpose: "sign-up", max: 5, windowMs: 15 * MINUTE },
  "/request-password-reset": { purpose: "password-reset", max: 3, windowMs: 15 * MINUTE },
  "/send-verification-email": { purpose: "verification-email", max: 3, windowMs: 15 * MINUTE },
} as const satisfies Record<string, { purpose: string; max: number; windowMs: number }>;

export const LONGEST_ACCOUNT_WINDOW_MS = Math.max(SIGN_IN_LOCKOUT.windowMs, ...Object.values(EMAIL_LIMITS).map((limit) => limit.windowMs));

/** The field that carries a new password, per endpoint: every way a password gets set. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/admin/create-user": "password",
  "/admin/set-user-password": "newPassword",
};

/** Endpoints that finish a sign-in (and so stamp `users.last_sign_in_at`). */
const SIGN_IN_COMPLETIONS = new Set([
  "/sign-in/email",
  "/callback/:id",
  "/verify-email",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/verify-otp",
]);

export const SIGN_IN_PATH = "/sign-in/email";

type Limit = { max: number; windowMs: number };

const counterKey = (purpose: string, email: string) => `account|${purpose}|${email}`;

export function normalizeEmail(value: unknown) {
  return typeof value === "string" && value.includes("@") ? value.trim().toLowerCase() : null;
}

/** Seconds until the counter at `key` allows requests again, or null when it allows them now. */
async function secondsBlocked(key: string, { max, windowMs }: Limit) {
  const [row] = await db()
    .select({ count: rateLimits.count, lastRequest: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row || row.count < max) return null;
  const remaining = Number(row.lastRequest) + windowMs - Date.now();
  return remaining > 0 ? Math.ceil(remaining / 1000) : null;
}

/**
 * Counts one event, atomically, in a window that starts at the first event. The event that
 * reaches `max` restarts the clock, so the block lasts a whole window from that moment.
 */
async function countEvent(key: string, { max, windowMs }: Limit) {
  const now = Date.now();
  const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}::bigint`;
  const [row] = await db()
    .insert(rateLimits)
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} or ${rateLimits.count} + 1 >= ${max}::int then ${now}::bigint else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row.count;
}

/** Seconds left on this address's sign-in lockout, or null when it may sign in. */
export function getSignInLockout({ email }: { email: string }) {
  return secondsBlocked(counterKey("sign-in-failures", email), SIGN_IN_LOCKOUT);
}

export function recordFailedSignIn({ email }: { email: string }) {
  return countEvent(counterKey("sign-in-failures", email), SIGN_IN_LOCKOUT);
}

/** A correct password ends the run of failures. */
export async function clearFailedSignIns({ email }: { email: string }) {
  await db()
    .delete(rateLimits)
    .where(eq(rateLimits.key, counterKey("sign-in-failures", email)));
}

/** Takes one request from this address's allowance for `path`; null when allowed, else seconds to wait. */
export async function consumeEmailAllowance({ path, email }: { path: keyof typeof EMAIL_LIMITS; email: string }) {
  const limit = EMAIL_LIMITS[path];
  const key = counterKey(limit.purpose, email);
  const blocked = await secondsBlocked(key, limit);
  if (blocked) return blocked;
  await countEvent(key, limit);
  return null;
}

export function minutesText(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

function tooManyRequests(code: string, message: string, seconds: number) {
  return new APIError("TOO_MANY_REQUESTS", { code, message }, { "X-Retry-After": String(seconds) });
}

const isEmailLimitedPath = (path: string): path is keyof typeof EMAIL_LIMITS => path in EMAIL_LIMITS;

/**
 * A Better Auth plugin, so these checks run for the JSON API, the app's own forms and direct
 * `auth.api.*` calls alike: common-password refusal, per-account limits and the sign-in lockout,
 * and the last-sign-in stamp.
 */
export function accountProtection() {
  return {
    id: "account-protection",
    hooks: {
      before: [
        {
          matcher: (context) => (context.path ?? "") in NEW_PASSWORD_FIELDS,
          handler: createAuthMiddleware(async (ctx) => {
            const password = (ctx.body as Record<string, unknown> | undefined)?.[NEW_PASSWORD_FIELDS[ctx.path]];
            if (typeof password === "string" && isCommonPassword(password)) {
              throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: COMMON_PASSWORD_MESSAGE });
            }
          }),
        },
        {
          matcher: (context) => context.path === SIGN_IN_PATH || isEmailLimitedPath(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const email = normalizeEmail((ctx.body as { email?: unknown } | undefined)?.email);
            if (!email) return;
            if (ctx.path === SIGN_IN_PATH) {
              const locked = await getSignInLockout({ email });
              if (locked) {
                throw tooManyRequests(
                  "ACCOUNT_LOCKED",
                  `Too many failed sign-in attempts for this account. Password sign-in is locked for ${minutesText(locked)}; try again later or reset your password.`,
                  locked,
                );
              }
              return;
            }
            if (!isEmailLimitedPath(ctx.path)) return;
            const wait = await consumeEmailAllowance({ path: ctx.path, email });
            if (wait) {
              throw tooManyRequests(
                "TOO_MANY_REQUESTS_FOR_EMAIL",
                `Too many requests for this email address. Please try again in ${minutesText(wait)}.`,
                wait,
              );
            }
          }),
        },
      ],
      after: [
        {
          matcher: (context) => context.path === SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const email = normalizeEmail((ctx.body as { email?: unknown } | undefined)?.email);
            if (!email) return;
            const returned = ctx.context.returned;
            if (!isAPIError(returned)) {
              await clearFailedSignIns({ email });
            } else if (returned.body?.code === "INVALID_EMAIL_OR_PASSWORD") {
              await recordFailedSignIn({ email });
            }
          }),
        },
        {
          matcher: (context) => SIGN_IN_COMPLETIONS.has(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const created = ctx.context.newSession;
            if (!created) return;
            // Verifying a code while already signed in (confirming a new authenticator) re-issues
            // the session but is not a sign-in; the sign-in challenge carries the two-factor cookie.
            if (ctx.path.startsWith("/two-factor/") && !ctx.headers?.get("cookie")?.includes("two_factor")) return;
            // updated_at keeps meaning "profile edited", so a sign-in leaves it alone.
            await db()
              .update(users)
              .set({ lastSignInAt: new Date(), updatedAt: sql`${users.updatedAt}` })
              .where(eq(users.id, created.user.id));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
