import { countAffiliateSignup } from "~/server/affiliates/affiliate-signups.server";
import crypto from "node:crypto";
import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { admin, jwt, twoFactor, type JwtOptions } from "better-auth/plugins";
import { sessionJwtHeaderOverHttp } from "./session-jwt-header.server";
import { resolveAuthSecrets } from "./auth-secrets.server";
import { ADMIN_ROLES } from "~/lib/domain-values";
import { normalizeRole } from "~/lib/roles";
import { DEFAULT_SITE_SETTINGS } from "~/lib/site-settings";
import { getConfig, type Config } from "~/server/platform/config.server";
import { eq } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import * as schema from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { existingAccountMail, resetPasswordMail, verifyEmailMail } from "~/server/mail/templates.server";
import { sendMail } from "~/server/mail/mail-queue.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { accountProtection } from "./account-protection.server";
import { ADMIN_PLUGIN_ROLES, closeAdminHttpApi } from "./admin-api.server";
import { CLIENT_IP_HEADER } from "./client-ip.server";
import { assertWithinPruningHorizon, consumeRateLimit } from "~/server/platform/rate-limit.server";
import { sameSiteRedirects, VERIFIED_CALLBACK_PATH } from "./same-site-redirects.server";
import { fittedName, profileNames } from "./profile-names.server";
import { signUpConfirmation, signUpName } from "./sign-up-confirmation.server";
import { emitUserCreated } from "./user-created-event.server";

/** Better Auth's tables: its model names → ours. */
const AUTH_ADAPTER_CONFIG = {
  provider: "pg",
  schema: {
    user: schema.users,
    session: schema.sessions,
    account: schema.accounts,
    verification: schema.verifications,
    twoFactor: schema.twoFactors,
    jwks: schema.jwks,
    rateLimit: schema.rateLimits,
  },
} as const;

export { RESET_CALLBACK_PATH, VERIFIED_CALLBACK_PATH } from "./same-site-redirects.server";

const EMAIL_VERIFICATION_EXPIRES_IN = 60 * 60 * 24;

/**
 * Per-IP limits in seconds and requests, before RATE_LIMIT_PER_IP_MULTIPLIER. Better Auth's own
 * defaults (3 sign-ins per 10 s) are tighter than a classroom behind one NAT needs; the
 * per-account limits in account-protection.server.ts are what stop password guessing.
 */
export const IP_RATE_LIMITS = {
  "/sign-in/*": { window: 60, max: 20 },
  "/sign-up/*": { window: 900, max: 10 },
  "/request-password-reset": { window: 900, max: 10 },
  "/send-verification-email": { window: 900, max: 10 },
  "/reset-password": { window: 900, max: 10 },
  "/change-password": { window: 900, max: 10 },
  "/two-factor/*": { window: 60, max: 10 },
  // Password checks for a signed-in account (on top of the per-account lockout they share with sign-in).
  "/verify-password": { window: 900, max: 10 },
  "/delete-user": { window: 900, max: 10 },
} as const;

assertWithinPruningHorizon(
  "Per-IP limit",
  Object.fromEntries(Object.entries(IP_RATE_LIMITS).map(([path, rule]) => [path, { max: rule.max, windowMs: rule.window * 1000 }])),
);

/** A secret's version in Better Auth's encrypted envelopes: from its hash, so it stays the same wherever it sits in the list. */
const secretVersion = (secret: string) => crypto.createHash("sha256").update(secret).digest().readUInt32BE(0);

/**
 * Better Auth's secret options, always versioned: new encryptions (two-factor secrets, token-signing
 * keys) use the current secret and name it, so they stay readable whatever the list holds later;
 * those named by a previous secret still decrypt, and those from before versioning (no name) with
 * the oldest secret listed. Session cookies are signed with the current secret only, so a rotation
 * still signs everyone out (docs/decisions/032).
 */
function betterAuthSecrets(config: Config) {
  const secrets = resolveAuthSecrets(config);
  return { secret: secrets.at(-1)!, secrets: secrets.map((value) => ({ version: secretVersion(value), value })) };
}

/**
 * One per-IP rule. Every address is limited, loopback included: with TRUST_PROXY set, the address
 * is the one the trusted proxy saw, and without it the peer itself (see docs/security.md).
 */
function ipRule(config: Config, rule: { window: number; max: number }) {
  const scaled = { window: rule.window, max: rule.max * config.perIpRateLimitMultiplier };
  return (request: Request) => {
    // server.ts always sets the header; only tests and scripts call the handler without it.
    if (!request.headers.get(CLIENT_IP_HEADER)) return config.isProduction ? scaled : false;
    return scaled;
  };
}

/** The confirmation mail. It goes to an address nobody has confirmed yet, so it greets no one by name. */
async function sendVerificationMail({ email, url }: { email: string; url: string }) {
  const { schoolName } = await getSiteSettings();
  await sendMail({ kind: "verify-email", to: email, ...verifyEmailMail({ schoolName, url }) });
}

/**
 * Someone signed up with an address that already has an account. The form answers the same
 * either way (no account discovery). A confirmed account's owner gets a note pointing to sign-in
 * and reset; an unconfirmed one gets a confirmation link for this sign-up
 * (sign-up-confirmation.server.ts, which has the password this hook is not given).
 */
async function handleExistingSignUp(config: Config, user: { id: string; email: string; name: string; emailVerified: boolean }) {
  if (!user.emailVerified) return;
  try {
    const { schoolName } = await getSiteSettings();
    await sendMail({
      kind: "existing-account",
      to: user.email,
      ...existingAccountMail({ schoolName, email: user.email, origin: config.publicUrl }),
    });
  } catch (error) {
    logger.warn({ err: error, to: user.email }, "could not send the existing-account email");
  }
}

/**
 * The authenticator-app label of a new two-factor setup is the school's name at that moment.
 * Better Auth takes its `issuer` option once, at start-up; its enable endpoint also accepts an
 * issuer per request, so this hook fills that in from the settings.
 */
function schoolNameIssuer(): BetterAuthPlugin {
  return {
    id: "school-name-issuer",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === "/two-factor/enable",
          handler: createAuthMiddleware(async (ctx) => {
            const { schoolName } = await getSiteSettings();
            return { context: { body: { ...(ctx.body as Record<string, unknown> | undefined), issuer: schoolName } } };
          }),
        },
      ],
    },
  };
}

function createAuth(config: Config) {
  // API tokens (GET /api/auth/token): EdDSA, 15 minutes, checked by bearer-token.server.ts.
  const jwtOptions = {
    jwt: {
      issuer: config.publicUrl,
      audience: config.publicUrl,
      expirationTime: "15m",
      definePayload: ({ user }) => ({ email: user.email, name: user.name, role: normalizeRole((user as { role?: string }).role) }),
    },
  } satisfies JwtOptions;
  return betterAuth({
    // Only Better Auth's own fallbacks use this (its mails and TOTP labels are set per use from the settings).
    appName: DEFAULT_SITE_SETTINGS.schoolName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    ...betterAuthSecrets(config),
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db(), AUTH_ADAPTER_CONFIG),
    logger: {
      log: (level, message, ...args) => {
        logger[level]({ auth: args.length > 0 ? args : undefined }, `better-auth: ${message}`);
      },
    },
    user: {
      additionalFields: {
        lastSignInAt: { type: "date", required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // The users row is the profile: its name is the one given at sign-up (made to fit the name rule), else the email.
          before: async (user) => ({ data: { ...user, name: signUpName(fittedName(user.name), user.email) } }),
          // `user.created`, once the row is written (user-created-event.server.ts says why not in its transaction).
          // A sign-up with an affiliate's referral cookie counts for that affiliate (docs/decisions/063).
          after: async (user, context) => {
            await emitUserCreated({ tx: db(), user });
            await countAffiliateSignup({
              userId: user.id,
              email: user.email,
              cookieHeader: context?.headers?.get("cookie") ?? context?.request?.headers.get("cookie"),
            });
          },
        },
        update: {
          // A name that fits nothing of the rule is left as it was.
          before: async (user) => {
            if (typeof user.name !== "string") return { data: user };
            const { name, ...rest } = user;
            const fitted = fittedName(name);
            return { data: fitted ? { ...rest, name: fitted } : rest };
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      // A reset link reaches only the address's inbox, so saving a password through one confirms the
      // address: a guest checkout's account signs in with the password its receipt's link set (decision 048).
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified) await db().update(schema.users).set({ emailVerified: true }).where(eq(schema.users.id, user.id));
      },
      onExistingUserSignUp: ({ user }) => handleExistingSignUp(config, user),
      sendResetPassword: async ({ user, url }) => {
        const { schoolName } = await getSiteSettings();
        await sendMail({ kind: "reset-password", to: user.email, ...resetPasswordMail({ schoolName, email: user.email, url }) });
      },
    },
    emailVerification: {
      // Sign-up mails its own link, bound to that sign-up's password (sign-up-confirmation.server.ts);
      // it also decides who is signed in by a confirmation (docs/decisions/019).
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_EXPIRES_IN,
      // A link asked for again (/send-verification-email): it confirms, and signs in only the browser that signed up.
      sendVerificationEmail: ({ user, url }) => sendVerificationMail({ email: user.email, url }),
    },
    socialProviders: {
      ...(config.oauth.google ? { google: config.oauth.google } : {}),
      ...(config.oauth.github ? { github: config.oauth.github } : {}),
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      // The app's one limiter (rate-limit.server.ts), in the rate_limits table.
      customStorage: {
        consume: async (key, rule) => {
          const { allowed, retryAfterSeconds } = await consumeRateLimit({ key, max: rule.max, windowMs: rule.window * 1000 });
          return { allowed, retryAfter: retryAfterSeconds };
        },
      },
      customRules: Object.fromEntries(Object.entries(IP_RATE_LIMITS).map(([route, rule]) => [route, ipRule(config, rule)])),
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      // Roles, bans and sessions; its HTTP endpoints are closed and its rights are super_admin's (admin-api.server.ts).
      admin({ defaultRole: "user", adminRoles: [...ADMIN_ROLES], roles: ADMIN_PLUGIN_ROLES }),
      closeAdminHttpApi(),
      sameSiteRedirects(),
      profileNames(),
      twoFactor({
        accountLockout: { enabled: true, maxFailedAttempts: 5, durationSeconds: 15 * 60 },
      }),
      jwt({ ...jwtOptions, disableSettingJwtHeader: true }),
      sessionJwtHeaderOverHttp(jwtOptions),
      signUpConfirmation({
        publicUrl: config.publicUrl,
        expiresIn: EMAIL_VERIFICATION_EXPIRES_IN,
        defaultCallbackPath: VERIFIED_CALLBACK_PATH,
        sendConfirmation: sendVerificationMail,
      }),
      // After twoFactor: its hook decides whether a sign-in still waits for a code.
      accountProtection(),
      schoolNameIssuer(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Auth | undefined;

/** Better Auth, created on first use (after the database is open). */
export function getAuth(): Auth {
  instance ??= createAuth(getConfig());
  return instance;
}

/** Tests that swap the database or configuration start from a new instance. */
export function resetAuth() {
  instance = undefined;
}
