import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { ADMIN_PASSWORD_MIN } from "~/lib/forms/limits";
import { isAdminRole } from "~/lib/roles";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.server";
import {
  assertWithinPruningHorizon,
  consumeRateLimit,
  minutesText,
  resetRateLimit,
  type RateLimit,
} from "~/server/platform/rate-limit.server";

/**
 * Limits per account (per email address), on top of the per-IP limits, so that an attacker
 * spreading guesses over many addresses cannot lock out or flood one person.
 *
 * The counters are rows of `rate_limits` under keys of their own (`account|<purpose>|<email>`),
 * written by the app's one limiter (rate-limit.server.ts), so every app instance sees the same
 * numbers.
 */

const MINUTE = 60_000;

/**
 * 5 password sign-ins for one email within 15 minutes, then its password sign-in is locked for
 * 15 minutes. Every attempt is counted before the password is checked (so parallel guesses cannot
 * all slip past a count read earlier); a correct password clears the count.
 */
export const SIGN_IN_LOCKOUT = { max: 5, windowMs: 15 * MINUTE } as const satisfies RateLimit;

/** Requests that send an email, and sign-ups, per address. */
export const EMAIL_LIMITS = {
  "/sign-up/email": { purpose: "sign-up", max: 5, windowMs: 15 * MINUTE },
  "/request-password-reset": { purpose: "password-reset", max: 3, windowMs: 15 * MINUTE },
  "/send-verification-email": { purpose: "verification-email", max: 3, windowMs: 15 * MINUTE },
} as const satisfies Record<string, { purpose: string } & RateLimit>;

assertWithinPruningHorizon("Per-account limit", { "/sign-in/email": SIGN_IN_LOCKOUT, ...EMAIL_LIMITS });

/** The field that carries a new password, per endpoint: every way a password gets set. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/admin/create-user": "password",
  "/admin/set-user-password": "newPassword",
};

/**
 * Every endpoint that checks the signed-in account's password, and the field that carries it.
 * Each guess counts against the same per-account lockout as a password sign-in, so a stolen
 * session cannot be used to guess the password (issue 19, finding 5).
 */
export const PASSWORD_CHECKS: Record<string, string> = {
  "/verify-password": "password",
  "/change-password": "currentPassword",
  "/delete-user": "password",
  "/two-factor/enable": "password",
  "/two-factor/disable": "password",
  "/two-factor/get-totp-uri": "password",
  "/two-factor/generate-backup-codes": "password",
};

/** The message for an admin account's password under ADMIN_PASSWORD_MIN (decision 040). */
export const ADMIN_PASSWORD_MESSAGE = `Admin accounts need a password of at least ${ADMIN_PASSWORD_MIN} characters.`;
export const ADMIN_SHORT_PASSWORD_SIGN_IN_MESSAGE = `${ADMIN_PASSWORD_MESSAGE} Reset your password to choose a longer one.`;

async function roleOf(userId: unknown) {
  if (typeof userId !== "string" || userId === "") return null;
  const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.role ?? null;
}

/**
 * Whether the password being set on this endpoint is an admin account's (decision 040): the
 * signed-in account's own change, a reset link's account, the account an admin sets a password
 * for, or an account created with an admin role. A sign-up is a learner's.
 */
async function setsAdminPassword(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  switch (ctx.path) {
    case "/change-password":
      return isAdminRole((await getSessionFromCtx(ctx))?.user.role as string | undefined);
    case "/reset-password": {
      const token = body.token ?? (ctx.query as Record<string, unknown> | undefined)?.token;
      if (typeof token !== "string" || token === "") return false;
      const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      return isAdminRole(await roleOf(verification?.value));
    }
    case "/admin/set-user-password":
      return isAdminRole(await roleOf(body.userId));
    case "/admin/create-user":
      return typeof body.role === "string" && isAdminRole(body.role);
    default:
      return false;
  }
}

/**
 * A correct password shorter than ADMIN_PASSWORD_MIN on an admin account (a learner promoted
 * with the password they chose under the learners' minimum): true. Checked only for short
 * passwords on admin accounts, and a wrong password answers as any wrong password does, so the
 * check tells nobody which addresses are admins'.
 */
async function isShortAdminPassword(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0], email: string) {
  const password = (ctx.body as { password?: unknown } | undefined)?.password;
  if (typeof password !== "string" || password.length >= ADMIN_PASSWORD_MIN) return false;
  const record = await ctx.context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (!record || !isAdminRole((record.user as { role?: string | null }).role)) return false;
  const hash = record.accounts.find((account) => account.providerId === "credential")?.password;
  return Boolean(hash && (await ctx.context.password.verify({ hash, password })));
}

const isPasswordCheck = (path: string | undefined) => Object.hasOwn(PASSWORD_CHECKS, path ?? "");

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

const counterKey = (purpose: string, email: string) => `account|${purpose}|${email}`;
const signInKey = (email: string) => counterKey("sign-in-failures", email);

export function normalizeEmail(value: unknown) {
  return typeof value === "string" && value.includes("@") ? value.trim().toLowerCase() : null;
}

/**
 * Counts one password sign-in for this address before its password is checked. Null when it may
 * go ahead, else the seconds left on the lockout.
 */
export async function startSignInAttempt({ email }: { email: string }) {
  const decision = await consumeRateLimit({ key: signInKey(email), ...SIGN_IN_LOCKOUT });
  return decision.allowed ? null : decision.retryAfterSeconds;
}

/** A correct password ends the run of attempts. */
export async function clearSignInAttempts({ email }: { email: string }) {
  await resetRateLimit({ key: signInKey(email) });
}

/** Takes one request from this address's allowance for `path`; null when allowed, else seconds to wait. */
export async function consumeEmailAllowance({ path, email }: { path: keyof typeof EMAIL_LIMITS; email: string }) {
  const { purpose, ...limit } = EMAIL_LIMITS[path];
  const decision = await consumeRateLimit({ key: counterKey(purpose, email), ...limit });
  return decision.allowed ? null : decision.retryAfterSeconds;
}

/** Sign-in errors that come after the password was found correct: they end a run of failures too. */
const CORRECT_PASSWORD_ERRORS = new Set(["EMAIL_NOT_VERIFIED"]);

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
            if (typeof password !== "string") return;
            if (isCommonPassword(password)) {
              throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: COMMON_PASSWORD_MESSAGE });
            }
            if (password.length < ADMIN_PASSWORD_MIN && (await setsAdminPassword(ctx))) {
              throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_SHORT", message: ADMIN_PASSWORD_MESSAGE });
            }
          }),
        },
        {
          matcher: (context) => isPasswordCheck(context.path),
          handler: createAuthMiddleware(async (ctx) => {
            const password = (ctx.body as Record<string, unknown> | undefined)?.[PASSWORD_CHECKS[ctx.path]];
            if (typeof password !== "string" || password === "") return;
            const session = await getSessionFromCtx(ctx);
            const email = normalizeEmail(session?.user.email);
            if (!email) return;
            const locked = await startSignInAttempt({ email });
            if (locked) {
              throw tooManyRequests(
                "ACCOUNT_LOCKED",
                `Too many wrong passwords for this account. Password checks and sign-in are locked for ${minutesText(locked)}; try again later or reset your password.`,
                locked,
              );
            }
          }),
        },
        {
          matcher: (context) => context.path === SIGN_IN_PATH || isEmailLimitedPath(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const email = normalizeEmail((ctx.body as { email?: unknown } | undefined)?.email);
            if (!email) return;
            if (ctx.path === SIGN_IN_PATH) {
              const locked = await startSignInAttempt({ email });
              if (locked) {
                throw tooManyRequests(
                  "ACCOUNT_LOCKED",
                  `Too many failed sign-in attempts for this account. Password sign-in is locked for ${minutesText(locked)}; try again later or reset your password.`,
                  locked,
                );
              }
              if (await isShortAdminPassword(ctx, email)) {
                throw new APIError("FORBIDDEN", { code: "ADMIN_PASSWORD_TOO_SHORT", message: ADMIN_SHORT_PASSWORD_SIGN_IN_MESSAGE });
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
            // The attempt was counted before the password check; only a correct password undoes it.
            const returned = ctx.context.returned;
            if (!isAPIError(returned) || CORRECT_PASSWORD_ERRORS.has(returned.body?.code ?? "")) {
              await clearSignInAttempts({ email });
            }
          }),
        },
        {
          matcher: (context) => isPasswordCheck(context.path),
          handler: createAuthMiddleware(async (ctx) => {
            const password = (ctx.body as Record<string, unknown> | undefined)?.[PASSWORD_CHECKS[ctx.path]];
            if (typeof password !== "string" || password === "" || isAPIError(ctx.context.returned)) return;
            // The password was right. A password change signs in anew; otherwise the session is the one sent.
            const email = normalizeEmail(ctx.context.newSession?.user.email ?? (await getSessionFromCtx(ctx))?.user.email);
            if (email) await clearSignInAttempts({ email });
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
            // updated_at keeps meaning "profile edited", so a sign-in leaves it alone. A sign-in is
            // also the person seen (users/last-seen.server.ts moves it while they are active).
            const now = new Date();
            await db()
              .update(users)
              .set({ lastSignInAt: now, lastSeenAt: now, updatedAt: sql`${users.updatedAt}` })
              .where(eq(users.id, created.user.id));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
