import * as OTPAuth from "otpauth";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cookieFrom } from "../../../tests/support/sign-in";
import { testConfig, unique, useTestDatabase } from "../../../tests/support/test-database";
import { getConfig, setConfig } from "~/server/platform/config.server";
import { jwks } from "~/server/db/schema";
import { isValidUnsubscribeToken, unsubscribeUrl } from "~/server/mail/unsubscribe.server";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { getAuth, resetAuth } from "./auth.server";
import { expectErrorLogs } from "../../../tests/support/error-logs";

/**
 * Issue 22: what rotating AUTH_SECRET does (docs/operations.md, "Rotate AUTH_SECRET"; decision 032).
 * Without AUTH_PREVIOUS_SECRETS the old secret is simply gone: every session, two-factor secret,
 * API token key and one-click unsubscribe link made with it stops working. With the old secret in
 * AUTH_PREVIOUS_SECRETS, everyone is still signed out (session cookies are signed with the current
 * secret only), but two-factor sign-in, API tokens and the links in mail already sent keep working.
 */

const database = useTestDatabase();
const OLD = "the-old-secret-the-old-secret-0123456789";
const NEW = "the-new-secret-the-new-secret-0123456789";
const NEWER = "the-newest-secret-the-newest-secret-0123";
const PASSWORD = "a-long-rotation-password";
const ORIGIN = "http://localhost:3000";

function useSecrets(current: string, previous: string[] = []) {
  setConfig(testConfig({ AUTH_SECRET: current, ...(previous.length ? { AUTH_PREVIOUS_SECRETS: previous.join(",") } : {}) }));
  resetAuth();
}
afterAll(() => useSecrets(OLD));
// Each test starts before any token-signing key exists, as a school does before its first API token.
beforeEach(async () => {
  await database().db.delete(jwks);
});

/** A user with two-factor sign-in on, signed in: their session cookie, authenticator and an unsubscribe link, made with the secret in use. */
async function enrolledUser() {
  const email = `${unique("rotation")}@example.com`;
  await upsertPasswordUser(database().db, { email, password: PASSWORD, role: "user" });
  const cookie = cookieFrom(await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true }));
  // An API token: the first one makes the token-signing key, stored encrypted with the secret.
  const apiToken = await callAuth("GET", "/token", cookie);
  const headers = new Headers({ cookie });
  const setup = await getAuth().api.enableTwoFactor({ body: { password: PASSWORD }, headers });
  if (setup.method !== "totp") throw new Error("expected a TOTP setup");
  const totp = OTPAuth.URI.parse(setup.totpURI) as OTPAuth.TOTP;
  await getAuth().api.verifyTOTP({ body: { code: totp.generate() }, headers });
  const token = new URL(unsubscribeUrl(email)).searchParams.get("token")!;
  return { email, cookie, totp, unsubscribeToken: token, apiTokenStatus: apiToken.status };
}

async function callAuth(method: "GET" | "POST", path: string, cookie: string, body?: unknown) {
  const response = await getAuth().handler(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method,
      headers: { origin: ORIGIN, cookie, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
  return {
    status: response.status,
    cookie: cookieFrom(response),
    json: (await response.json().catch(() => null)) as Record<string, unknown> | null,
  };
}

/** After a rotation: is the old session alive, does the old unsubscribe link work, can they still finish a two-factor sign-in, get an API token? */
async function afterRotation(user: Awaited<ReturnType<typeof enrolledUser>>) {
  const session = await callAuth("GET", "/get-session", user.cookie);
  const signIn = await callAuth("POST", "/sign-in/email", "", { email: user.email, password: PASSWORD });
  const code = await callAuth("POST", "/two-factor/verify-totp", signIn.cookie, { code: user.totp.generate() });
  const apiToken = code.status === 200 ? await callAuth("GET", "/token", code.cookie) : null;
  return {
    oldSessionSignedIn: session.json !== null,
    oldUnsubscribeLinkWorks: isValidUnsubscribeToken(user.email, user.unsubscribeToken),
    passwordStepAsksForCode: signIn.json?.twoFactorRedirect === true,
    twoFactorCode: code.status,
    apiToken: apiToken?.status ?? null,
  };
}

describe("rotating AUTH_SECRET", () => {
  it("without the old secret kept: everyone signed out, two-factor users locked out, old unsubscribe links dead", async () => {
    expectErrorLogs(/better-auth: /);
    useSecrets(OLD);
    const user = await enrolledUser();
    expect(user.apiTokenStatus).toBe(200);

    useSecrets(NEW);
    // The stored two-factor secret cannot be decrypted any more: the right code fails with a server error.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await afterRotation(user)).toEqual({
      oldSessionSignedIn: false,
      oldUnsubscribeLinkWorks: false,
      passwordStepAsksForCode: true,
      twoFactorCode: 500,
      apiToken: null,
    });
    expect(String(logged.mock.calls[0])).toMatch(/invalid tag|not found in keys/);
    logged.mockRestore();

    // Someone without two-factor gets an API token again, but only once the keys made with the old secret are gone (the documented DELETE FROM jwks).
    const plain = `${unique("plain")}@example.com`;
    await upsertPasswordUser(database().db, { email: plain, password: PASSWORD, role: "user" });
    const cookie = cookieFrom(await getAuth().api.signInEmail({ body: { email: plain, password: PASSWORD }, asResponse: true }));
    const stale = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await callAuth("GET", "/token", cookie)).status).toBe(500);
    stale.mockRestore();
    await database().db.delete(jwks);
    expect((await callAuth("GET", "/token", cookie)).status).toBe(200);
  });

  it("with the old secret in AUTH_PREVIOUS_SECRETS: everyone signed out, but two-factor, API tokens and sent links keep working", async () => {
    useSecrets(OLD);
    const user = await enrolledUser();

    useSecrets(NEW, [OLD]);
    expect(await afterRotation(user)).toEqual({
      oldSessionSignedIn: false,
      oldUnsubscribeLinkWorks: true,
      passwordStepAsksForCode: true,
      twoFactorCode: 200,
      apiToken: 200,
    });
    // New links are made with the new secret, and work without the old one.
    const fresh = new URL(unsubscribeUrl(user.email)).searchParams.get("token")!;
    expect(fresh).not.toBe(user.unsubscribeToken);
    const enrolledDuringTransition = await enrolledUser();

    // Once the old secret is dropped, what the new one made still works; what the old one made does not.
    // The token-signing key was made with the old secret: it goes first (the documented step).
    await database().db.delete(jwks);
    useSecrets(NEW);
    expect(isValidUnsubscribeToken(user.email, fresh)).toBe(true);
    expect(isValidUnsubscribeToken(user.email, user.unsubscribeToken)).toBe(false);
    expect(await afterRotation(enrolledDuringTransition)).toMatchObject({
      oldUnsubscribeLinkWorks: true,
      twoFactorCode: 200,
      apiToken: 200,
    });
  });

  it("a second rotation keeps what both older secrets made readable, as long as both are listed", async () => {
    useSecrets(OLD);
    const first = await enrolledUser();
    useSecrets(NEW, [OLD]);
    const second = await enrolledUser();

    useSecrets(NEWER, [NEW, OLD]);
    for (const user of [first, second]) {
      expect(await afterRotation(user)).toMatchObject({ oldSessionSignedIn: false, oldUnsubscribeLinkWorks: true, twoFactorCode: 200 });
    }
    expect(getConfig().authPreviousSecrets).toEqual([NEW, OLD]);
  });

  it("refuses a previous secret that is too short, repeated, or listed without AUTH_SECRET", () => {
    expect(() => testConfig({ AUTH_SECRET: NEW, AUTH_PREVIOUS_SECRETS: "short" })).toThrow(
      /AUTH_PREVIOUS_SECRETS must be a comma-separated list/,
    );
    expect(() => testConfig({ AUTH_SECRET: NEW, AUTH_PREVIOUS_SECRETS: `${OLD},${NEW}` })).toThrow(
      /AUTH_PREVIOUS_SECRETS must not repeat a secret/,
    );
    expect(() => testConfig({ AUTH_SECRET: "", AUTH_PREVIOUS_SECRETS: OLD })).toThrow(/AUTH_PREVIOUS_SECRETS needs AUTH_SECRET/);
  });
});
