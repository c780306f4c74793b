import * as OTPAuth from "otpauth";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../../tests/support/app-server";
import { cookieFrom } from "../../../tests/support/sign-in";
import { testConfig, unique, useTestDatabase } from "../../../tests/support/test-database";
import { getConfig, setConfig } from "~/server/platform/config.server";
import { sessions } from "~/server/db/schema";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { getAuth, resetAuth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./client-ip.server";

/**
 * Issue 22, the session checks, over HTTP against server.ts: the cookie's flags, a new session at
 * every sign-in (no fixation), sign-out ending the session on the server (a copied cookie stops
 * working), and two-factor sign-in that cannot be finished without the code. Elsewhere:
 * a password reset ending every session is tests/e2e/accounts-reset.spec.ts, changing the password
 * with "sign out other sessions" is accounts-account.spec.ts, the 429s of the production limits
 * behind a proxy are tests/unit/server.process.test.ts, and every two-factor step answering 401
 * without a pending sign-in is auth-endpoints.db.test.ts.
 */

const database = useTestDatabase();
const ORIGIN = "http://localhost:3000";
const PASSWORD = "a-long-session-password";

let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer({
    routes: (file) => file.startsWith("routes/account/") || file.startsWith("routes/auth/") || file === "routes/site-layout.tsx",
  });
});
afterAll(() => app?.close());

async function newUser() {
  const email = `${unique("session")}@example.com`;
  const { id } = await upsertPasswordUser(database().db, { email, password: PASSWORD, role: "user" });
  return { id, email };
}

/** The sign-in form (the /login action), as a browser without JavaScript sends it. */
async function signInThroughForm(email: string, cookie = "") {
  return fetch(`${app.base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ intent: "sign-in", email, password: PASSWORD }).toString(),
  });
}

const sessionTokenCookie = (response: Response) => response.headers.getSetCookie().find((cookie) => /session_token=[^;]/.test(cookie));

/** Whose session a Cookie header opens, asked of the site itself: the account page, and Better Auth's get-session. */
async function whoIs(cookie: string) {
  const account = await fetch(`${app.base}/account`, { redirect: "manual", headers: { cookie } });
  const session = (await (await fetch(`${app.base}/api/auth/get-session`, { headers: { cookie } })).json()) as {
    user: { id: string };
  } | null;
  return { account: account.status, userId: session?.user.id ?? null };
}

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax and scoped to the whole site, from the sign-in form and from Better Auth's endpoint", async () => {
    const { email } = await newUser();
    const fromForm = sessionTokenCookie(await signInThroughForm(email));
    const fromApi = sessionTokenCookie(
      await fetch(`${app.base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/json" },
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
    );
    for (const cookie of [fromForm, fromApi]) {
      expect(cookie).toMatch(/^better-auth\.session_token=/);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      // Plain http (the tests' loopback address): a Secure cookie would never come back.
      expect(cookie).not.toMatch(/;\s*Secure/i);
    }
  });

  it("is Secure with the __Secure- prefix when PUBLIC_URL is https, as in production", async () => {
    const { email } = await newUser();
    const plain = getConfig();
    setConfig(
      testConfig({
        NODE_ENV: "production",
        PUBLIC_URL: "https://school.example",
        PAYMENTS_PROVIDER: "none",
        AUTH_SECRET: plain.authSecret!,
      }),
    );
    resetAuth();
    try {
      const response = await getAuth().handler(
        new Request("https://school.example/api/auth/sign-in/email", {
          method: "POST",
          headers: { origin: "https://school.example", "content-type": "application/json", [CLIENT_IP_HEADER]: "192.0.2.10" },
          body: JSON.stringify({ email, password: PASSWORD }),
        }),
      );
      expect(response.status).toBe(200);
      const cookie = sessionTokenCookie(response);
      expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      setConfig(plain);
      resetAuth();
    }
  });
});

describe("no session fixation", () => {
  it("a sign-in sent with someone else's session cookie gets a new session; the planted one stays its owner's", async () => {
    const attacker = await newUser();
    const victim = await newUser();
    const planted = cookieFrom(await signInThroughForm(attacker.email));
    // The sign-in form sends anyone already signed in to their account; Better Auth's endpoint is the way in that remains.
    const response = await fetch(`${app.base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", cookie: planted },
      body: JSON.stringify({ email: victim.email, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    const issued = cookieFrom(response);
    const plantedToken = planted.match(/session_token=([^;.]+)/)![1];
    expect(issued).toMatch(/session_token=/);
    expect(issued).not.toContain(plantedToken);
    expect(await whoIs(planted)).toEqual({ account: 200, userId: attacker.id });
    expect(await whoIs(issued)).toEqual({ account: 200, userId: victim.id });
  });

  it("every sign-in of the same person opens a session with a token of its own", async () => {
    const { email, id } = await newUser();
    const first = cookieFrom(await signInThroughForm(email));
    const second = cookieFrom(await signInThroughForm(email));
    expect(first).not.toEqual(second);
    expect(await database().db.$count(sessions, eq(sessions.userId, id))).toBe(2);
  });

  it("a made-up session cookie is ignored, and signing in replaces it", async () => {
    const { email, id } = await newUser();
    const madeUp = "better-auth.session_token=made-up-token.made-up-signature";
    expect(await whoIs(madeUp)).toEqual({ account: 302, userId: null });
    const issued = cookieFrom(await signInThroughForm(email, madeUp));
    expect(issued).not.toContain("made-up-token");
    expect(await whoIs(issued)).toEqual({ account: 200, userId: id });
  });
});

describe("signing out", () => {
  it("ends the session on the server: the same cookie, copied before, opens nothing afterwards", async () => {
    const { email, id } = await newUser();
    const cookie = cookieFrom(await signInThroughForm(email));
    expect(await whoIs(cookie)).toEqual({ account: 200, userId: id });
    const signOut = await fetch(`${app.base}/logout`, { method: "POST", redirect: "manual", headers: { cookie } });
    expect(signOut.status).toBe(302);
    // The answer clears the cookie in the browser, and the session row is gone, so a copy is worthless.
    expect(signOut.headers.getSetCookie().some((value) => /session_token=;/.test(value) || /Max-Age=0/i.test(value))).toBe(true);
    expect(await database().db.$count(sessions, eq(sessions.userId, id))).toBe(0);
    expect(await whoIs(cookie)).toEqual({ account: 302, userId: null });
  });
});

describe("two-factor sign-in", () => {
  async function userWithTwoFactor() {
    const user = await newUser();
    const cookie = cookieFrom(await getAuth().api.signInEmail({ body: { email: user.email, password: PASSWORD }, asResponse: true }));
    const headers = new Headers({ cookie });
    const setup = await getAuth().api.enableTwoFactor({ body: { password: PASSWORD }, headers });
    if (setup.method !== "totp") throw new Error("expected a TOTP setup");
    const totp = OTPAuth.URI.parse(setup.totpURI) as OTPAuth.TOTP;
    await getAuth().api.verifyTOTP({ body: { code: totp.generate() }, headers });
    await database().db.delete(sessions).where(eq(sessions.userId, user.id));
    return { ...user, totp };
  }

  it("a correct password alone gives no session: the account, the session endpoint and the token endpoint all refuse", async () => {
    const user = await userWithTwoFactor();
    const response = await signInThroughForm(user.email);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login\/two-factor/);
    expect(sessionTokenCookie(response)).toBeUndefined();
    // The pending sign-in's own cookie has the session cookie's flags.
    const twoFactorCookie = response.headers.getSetCookie().find((cookie) => cookie.includes("two_factor="));
    expect(twoFactorCookie).toMatch(/;\s*HttpOnly/i);
    expect(twoFactorCookie).toMatch(/;\s*SameSite=Lax/i);
    const pending = cookieFrom(response);
    expect(await whoIs(pending)).toEqual({ account: 302, userId: null });
    expect((await fetch(`${app.base}/api/auth/token`, { headers: { cookie: pending } })).status).toBe(401);
    expect(await database().db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
  });

  it("the code step refuses a wrong code, and a right code without the pending sign-in's cookie", async () => {
    const user = await userWithTwoFactor();
    const pending = cookieFrom(await signInThroughForm(user.email));
    const verify = (code: string, cookie: string) =>
      fetch(`${app.base}/api/auth/two-factor/verify-totp`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ code }),
      });
    const wrong = user.totp.generate() === "000000" ? "111111" : "000000";
    expect((await verify(wrong, pending)).status).toBe(401);
    expect((await verify(user.totp.generate(), "")).status).toBe(401);
    expect(await database().db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);

    const right = await verify(user.totp.generate(), pending);
    expect(right.status).toBe(200);
    expect(await whoIs(cookieFrom(right))).toEqual({ account: 200, userId: user.id });
  });
});
