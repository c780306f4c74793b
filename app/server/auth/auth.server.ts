import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, jwt, twoFactor } from "better-auth/plugins";
import { getConfig, type Config } from "../config.server";
import { db } from "../db/client.server";
import * as schema from "../db/schema";
import { layoutMail, sendMail } from "../mail.server";

export const PRODUCT_NAME = "Launchpad Academy";

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

function createAuth(config: Config) {
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: resolveAuthSecret(config),
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
    user: {
      additionalFields: {
        lastSignInAt: { type: "date", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        const { text, html } = layoutMail({
          heading: "Reset your password",
          paragraphs: [`Someone asked to reset the password of the ${PRODUCT_NAME} account for ${user.email}.`, "If it was not you, ignore this email: your password stays as it is."],
          action: { label: "Choose a new password", url },
        });
        await sendMail({ to: user.email, subject: `Reset your ${PRODUCT_NAME} password`, text, html });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        const { text, html } = layoutMail({
          heading: `Confirm your email for ${PRODUCT_NAME}`,
          paragraphs: [`Welcome${user.name ? `, ${user.name}` : ""}! Confirm your address to finish creating your account.`],
          action: { label: "Confirm my email", url },
        });
        await sendMail({ to: user.email, subject: `Confirm your ${PRODUCT_NAME} account`, text, html });
      },
    },
    socialProviders: {
      ...(config.oauth.google ? { google: config.oauth.google } : {}),
      ...(config.oauth.github ? { github: config.oauth.github } : {}),
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: config.env !== "test", storage: "database", modelName: "rateLimit" },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: config.trustProxy ? ["x-forwarded-for"] : [] },
    },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin", "super_admin"] }),
      twoFactor({ issuer: PRODUCT_NAME }),
      jwt(),
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
