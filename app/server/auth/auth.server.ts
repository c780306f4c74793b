import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware, createEmailVerificationToken } from "better-auth/api";
import { admin, jwt, twoFactor } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { ADMIN_ROLES, type Role } from "~/lib/domain-values";
import { normalizeRole } from "~/lib/roles";
import { DEFAULT_SITE_SETTINGS } from "~/lib/site-settings";
import { getConfig, type Config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import * as schema from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { existingAccountMail, resetPasswordMail, verifyEmailMail } from "~/server/mail/templates.server";
import { sendMail } from "~/server/mail/transport.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { accountProtection, LONGEST_ACCOUNT_WINDOW_MS } from "./account-protection.server";
import { CLIENT_IP_HEADER, isLoopbackAddress } from "./client-ip.server";

/** Where the confirmation link lands: signed in, on the account page. */
export const VERIFIED_CALLBACK_PATH = "/account";
/** Where the reset link lands: the set-new-password form (Better Auth adds ?token=…). */
export const RESET_CALLBACK_PATH = "/reset-password/new";

const EMAIL_VERIFICATION_EXPIRES_IN = 60 * 60 * 24;

/**
 * Per-IP limits in seconds and requests. Better Auth's own defaults (3 sign-ins per 10 s) are
 * tighter than a classroom behind one NAT needs; the per-account limits in
 * account-protection.server.ts are what stop password guessing.
 */
export const IP_RATE_LIMITS = {
  "/sign-in/*": { window: 60, max: 20 },
  "/sign-up/*": { window: 900, max: 10 },
  "/request-password-reset": { window: 900, max: 10 },
  "/send-verification-email": { window: 900, max: 10 },
  "/reset-password": { window: 900, max: 10 },
  "/change-password": { window: 900, max: 10 },
  "/two-factor/*": { window: 60, max: 10 },
} as const;

// Better Auth deletes rate-limit rows older than its longest window; the per-account counters
// share the table and must outlive their own windows.
if (Math.max(...Object.values(IP_RATE_LIMITS).map((rule) => rule.window)) * 1000 < LONGEST_ACCOUNT_WINDOW_MS) {
  throw new Error("The longest per-IP rate-limit window must cover the per-account windows (they share the rate_limits table).");
}

/**
 * The signing secret: AUTH_SECRET when set (required with several app instances),
 * otherwise one generated on first start and kept in DATA_DIR so sessions survive restarts.
 */
export function resolveAuthSecret(config: Config) {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

function ipRule(config: Config, rule: { window: number; max: number }) {
  return (request: Request) => {
    const ip = request.headers.get(CLIENT_IP_HEADER);
    // server.ts always sets the header; only tests and scripts call the handler without it.
    if (!ip) return config.isProduction ? rule : false;
    return isLoopbackAddress(ip) ? false : rule;
  };
}

async function sendVerificationMail({ user, url }: { user: { email: string; name: string }; url: string }) {
  const { schoolName } = await getSiteSettings();
  await sendMail({ to: user.email, ...verifyEmailMail({ schoolName, name: user.name, email: user.email, url }) });
}

/**
 * Someone signed up with an address that already has an account. The form answers the same
 * either way (no account discovery); the owner gets a new confirmation link if they never
 * confirmed, or a note pointing to sign-in and reset if they did.
 */
async function handleExistingSignUp(
  config: Config,
  secret: string,
  user: { id: string; email: string; name: string; emailVerified: boolean },
) {
  try {
    if (!user.emailVerified) {
      const token = await createEmailVerificationToken(secret, user.email, undefined, EMAIL_VERIFICATION_EXPIRES_IN, { userId: user.id });
      const url = `${config.publicUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(VERIFIED_CALLBACK_PATH)}`;
      await sendVerificationMail({ user, url });
      return;
    }
    const { schoolName } = await getSiteSettings();
    await sendMail({ to: user.email, ...existingAccountMail({ schoolName, email: user.email, origin: config.publicUrl }) });
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
  const secret = resolveAuthSecret(config);
  return betterAuth({
    // Only Better Auth's own fallbacks use this (its mails and TOTP labels are set per use from the settings).
    appName: DEFAULT_SITE_SETTINGS.schoolName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db(), {
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
    }),
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
          // The users row is the profile: its name is the one given at sign-up, else the email.
          before: async (user) => ({ data: { ...user, name: user.name?.trim() || user.email } }),
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      onExistingUserSignUp: ({ user }) => handleExistingSignUp(config, secret, user),
      sendResetPassword: async ({ user, url }) => {
        const { schoolName } = await getSiteSettings();
        await sendMail({ to: user.email, ...resetPasswordMail({ schoolName, email: user.email, url }) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_EXPIRES_IN,
      sendVerificationEmail: ({ user, url }) => sendVerificationMail({ user, url }),
    },
    socialProviders: {
      ...(config.oauth.google ? { google: config.oauth.google } : {}),
      ...(config.oauth.github ? { github: config.oauth.github } : {}),
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      customRules: Object.fromEntries(Object.entries(IP_RATE_LIMITS).map(([route, rule]) => [route, ipRule(config, rule)])),
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      // super_admin has the admin permissions; the app tells the two apart where it matters.
      admin({
        defaultRole: "user",
        adminRoles: [...ADMIN_ROLES],
        roles: { user: userAc, admin: adminAc, super_admin: adminAc } satisfies Record<Role, unknown>,
      }),
      twoFactor({
        accountLockout: { enabled: true, maxFailedAttempts: 5, durationSeconds: 15 * 60 },
      }),
      jwt({
        jwt: {
          issuer: config.publicUrl,
          audience: config.publicUrl,
          expirationTime: "15m",
          definePayload: ({ user }) => ({ email: user.email, name: user.name, role: normalizeRole((user as { role?: string }).role) }),
        },
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
