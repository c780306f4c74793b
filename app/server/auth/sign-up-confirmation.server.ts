import crypto from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, createEmailVerificationToken, isAPIError } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { verifyJWT } from "better-auth/crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { accounts, sessions, users, verifications } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { normalizeEmail } from "./account-protection.server";

/**
 * Sign-up and its confirmation link, so that an address registered first by someone else (with a
 * password of their own) cannot be taken over when its owner confirms it (docs/decisions/019).
 *
 * - Every password sign-up (a new account, or another sign-up for an address whose account is
 *   not confirmed yet) is kept as a pending sign-up: the password hash and name it chose. The
 *   confirmation link it mails names it, and the browser that made it gets a cookie that does.
 * - Confirming the address installs the pending sign-up's password and name (the one made in the
 *   browser that opens the link, else the one the link names), confirms the address and ends every
 *   session of the account, in one transaction. A second sign-up changes nothing until then.
 * - The browser is signed in only when it made the sign-up whose password the account now has.
 *   Anyone else (another device, a link asked for again by anyone) confirms the address and signs
 *   in with their password.
 */

/** Where a confirmation that signs nobody in lands. */
export const EMAIL_CONFIRMED_PATH = "/login?notice=email-confirmed";

const SIGN_UP_COOKIE = "sign_up";

type PendingSignUp = { passwordHash: string; name: string };

const digest = (value: string) => crypto.createHash("sha256").update(value).digest("base64url");

/** Pending sign-ups are rows of Better Auth's `verifications` table, under this account's prefix. */
const identifierPrefix = (userId: string) => `sign-up:${userId}:`;

async function savePendingSignUp({ userId, passwordHash, name, expiresAt }: PendingSignUp & { userId: string; expiresAt: Date }) {
  const nonce = crypto.randomBytes(32).toString("base64url");
  const id = digest(nonce);
  await db()
    .insert(verifications)
    .values({
      id: crypto.randomUUID(),
      identifier: `${identifierPrefix(userId)}${id}`,
      value: JSON.stringify({ passwordHash, name }),
      expiresAt,
    });
  return { nonce, id };
}

async function findPendingSignUp({ userId, id }: { userId: string; id: string }): Promise<PendingSignUp | null> {
  const [row] = await db()
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, `${identifierPrefix(userId)}${id}`), gt(verifications.expiresAt, new Date())));
  if (!row) return null;
  const value = JSON.parse(row.value) as Partial<PendingSignUp>;
  return typeof value.passwordHash === "string" && typeof value.name === "string"
    ? { passwordHash: value.passwordHash, name: value.name }
    : null;
}

async function credentialHashOf(userId: string) {
  const [row] = await db()
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password ?? null;
}

/**
 * The address is confirmed: the chosen sign-up's password and name (if any) become the account's,
 * every session of the account ends, and no pending sign-up of it is left. One transaction.
 */
export async function confirmSignUp({ userId, install }: { userId: string; install: PendingSignUp | null }) {
  await db().transaction(async (tx) => {
    if (install) {
      const updated = await tx
        .update(accounts)
        .set({ password: install.passwordHash, updatedAt: new Date() })
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
        .returning({ id: accounts.id });
      if (updated.length === 0) {
        await tx
          .insert(accounts)
          .values({ id: crypto.randomUUID(), accountId: userId, providerId: "credential", userId, password: install.passwordHash });
      }
    }
    await tx
      .update(users)
      .set({ emailVerified: true, ...(install ? { name: install.name } : {}) })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(verifications).where(sql`starts_with(${verifications.identifier}, ${identifierPrefix(userId)})`);
  });
}

/** The name a sign-up gives the profile: the one typed, else the email. */
export function signUpName(name: unknown, email: string) {
  return (typeof name === "string" && name.trim()) || email;
}

export function signUpConfirmation({
  publicUrl,
  expiresIn,
  defaultCallbackPath,
  sendConfirmation,
}: {
  publicUrl: string;
  /** Seconds a link and its pending sign-up stay valid. */
  expiresIn: number;
  defaultCallbackPath: string;
  sendConfirmation: (mail: { email: string; url: string }) => Promise<void>;
}) {
  return {
    id: "sign-up-confirmation",
    hooks: {
      after: [
        {
          matcher: (context) => context.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
            if (!returned || isAPIError(returned) || returned instanceof Response) return;
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            const email = normalizeEmail(body.email);
            if (!email || typeof body.password !== "string") return;
            const found = await ctx.context.internalAdapter.findUserByEmail(email);
            // A confirmed account got the "you already have an account" mail instead.
            if (!found || found.user.emailVerified) return;
            const userId = found.user.id;
            // A new account answers with its own id; one that already existed, with a made-up one.
            const isNew = returned.user?.id === userId;
            const passwordHash = isNew ? await credentialHashOf(userId) : await ctx.context.password.hash(body.password);
            if (!passwordHash) return;
            const name = isNew ? found.user.name : signUpName(body.name, email);
            const { nonce, id } = await savePendingSignUp({
              userId,
              passwordHash,
              name,
              expiresAt: new Date(Date.now() + expiresIn * 1000),
            });

            const cookie = ctx.context.createAuthCookie(SIGN_UP_COOKIE, { maxAge: expiresIn });
            ctx.setCookie(cookie.name, nonce, cookie.attributes);
            const token = await createEmailVerificationToken(ctx.context.secret, email, undefined, expiresIn, { userId, signUp: id });
            const callbackURL = typeof body.callbackURL === "string" ? body.callbackURL : defaultCallbackPath;
            const url = `${publicUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(callbackURL)}`;
            try {
              await sendConfirmation({ email, url });
            } catch (error) {
              logger.warn({ err: error, to: email }, "could not send the sign-up confirmation email");
            }
          }),
        },
      ],
      before: [
        {
          matcher: (context) => context.path === "/verify-email",
          handler: createAuthMiddleware(async (ctx) => {
            const token = (ctx.query as { token?: unknown } | undefined)?.token;
            if (typeof token !== "string") return;
            // An invalid or expired token, and email-change links, are Better Auth's to answer.
            const payload = (await verifyJWT(token, ctx.context.secret)) as Record<string, unknown> | null;
            if (!payload || payload.updateTo || typeof payload.email !== "string") return;
            const found = await ctx.context.internalAdapter.findUserByEmail(payload.email.toLowerCase());
            if (!found || found.user.emailVerified) return;
            const user = found.user;
            if (typeof payload.userId === "string" && payload.userId !== user.id) return;

            const cookie = ctx.context.createAuthCookie(SIGN_UP_COOKIE);
            const nonce = ctx.getCookie(cookie.name);
            const fromBrowser = nonce ? await findPendingSignUp({ userId: user.id, id: digest(nonce) }) : null;
            const fromLink = typeof payload.signUp === "string" ? await findPendingSignUp({ userId: user.id, id: payload.signUp }) : null;
            // A link made for a sign-up whose password can no longer be installed confirms nothing.
            if (typeof payload.signUp === "string" && !fromLink && !fromBrowser) {
              throw new APIError("FOUND", undefined, { Location: "/login?error=INVALID_TOKEN" });
            }
            await confirmSignUp({ userId: user.id, install: fromBrowser ?? fromLink });

            if (!fromBrowser) {
              // Better Auth now finds the address confirmed and only redirects: here, to sign in.
              return { context: { query: { ...(ctx.query as Record<string, unknown>), callbackURL: EMAIL_CONFIRMED_PATH } } };
            }
            ctx.setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
            const session = await ctx.context.internalAdapter.createSession(user.id);
            const confirmed = await ctx.context.internalAdapter.findUserById(user.id);
            if (!session || !confirmed)
              throw new APIError("INTERNAL_SERVER_ERROR", { message: "Could not sign in after confirming the address" });
            await setSessionCookie(ctx, { session, user: confirmed });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
