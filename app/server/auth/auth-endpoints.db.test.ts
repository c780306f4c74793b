import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../../tests/support/app-server";
import { signInNewUser } from "../../../tests/support/sign-in";
import { useTestDatabase } from "../../../tests/support/test-database";
import { getAuth } from "./auth.server";
import { expectErrorLogs } from "../../../tests/support/error-logs";

/**
 * Issue 22: every endpoint Better Auth serves under /api/auth (the "/api/auth/{*rest}" row of the
 * authorization matrix), read from the auth instance itself, so a plugin that adds endpoints
 * fails here until they are declared. Each is called over HTTP with a body it would accept:
 * - public: for visitors (sign-in, sign-up, reset, confirmation, JWKS); answers anything but 401/404/5xx;
 * - session: a visitor gets 401 UNAUTHORIZED;
 * - two-factor step: the code after a password sign-in; without the pending sign-in's cookie, 401;
 * - closed: the admin plugin's HTTP API, 404 to everyone (admin-api.server.ts);
 * - off: a feature this site does not turn on (account deletion by mail, OTP by mail), refused to everyone.
 */

const database = useTestDatabase();

type Kind = "public" | "session" | "two-factor step" | "closed" | "off";
type Endpoint = { kind: Kind; body?: Record<string, unknown>; query?: string; code?: string };

const password = { password: "a-long-test-password" };
const ENDPOINTS: Record<string, Endpoint> = {
  "/ok": { kind: "public" },
  "/error": { kind: "public" },
  "/jwks": { kind: "public" },
  "/get-session": { kind: "public" },
  "/sign-out": { kind: "public" },
  "/sign-up/email": { kind: "public", body: { email: "someone-new@example.com", password: "a-long-passphrase-42", name: "Someone" } },
  "/sign-in/email": { kind: "public", body: { email: "nobody@example.com", password: "a-long-passphrase-42" } },
  "/sign-in/social": { kind: "public", body: { provider: "google" } },
  "/callback/:id": { kind: "public" },
  "/request-password-reset": { kind: "public", body: { email: "nobody@example.com" } },
  "/reset-password": { kind: "public", body: { newPassword: "a-long-passphrase-42", token: "made-up" } },
  "/reset-password/:token": { kind: "public", query: "callbackURL=/reset-password/new" },
  "/verify-email": { kind: "public", query: "token=made-up" },
  "/send-verification-email": { kind: "public", body: { email: "nobody@example.com" } },
  "/delete-user/callback": { kind: "off", query: "token=made-up", code: "NOT_FOUND" },
  "/update-user": { kind: "session", body: { name: "New name" } },
  "/update-session": { kind: "session", body: {} },
  "/delete-user": { kind: "session", body: password },
  "/verify-password": { kind: "session", body: password },
  "/change-email": { kind: "session", body: { newEmail: "new@example.com" } },
  "/change-password": { kind: "session", body: { currentPassword: "a-long-test-password", newPassword: "a-long-passphrase-42" } },
  "/list-sessions": { kind: "session" },
  "/revoke-session": { kind: "session", body: { token: "made-up" } },
  "/revoke-sessions": { kind: "session", body: {} },
  "/revoke-other-sessions": { kind: "session", body: {} },
  "/list-accounts": { kind: "session" },
  "/link-social": { kind: "session", body: { provider: "google" } },
  "/unlink-account": { kind: "session", body: { accountId: "made-up" } },
  // Over HTTP the session's user wins; a userId in the body is only for server-side calls.
  "/refresh-token": { kind: "session", body: { accountId: "made-up", userId: "someone-else" } },
  "/get-access-token": { kind: "session", body: { accountId: "made-up", userId: "someone-else" } },
  "/account-info": { kind: "session", query: "accountId=made-up" },
  "/token": { kind: "session" },
  "/two-factor/enable": { kind: "session", body: password },
  "/two-factor/disable": { kind: "session", body: password },
  "/two-factor/get-totp-uri": { kind: "session", body: password },
  "/two-factor/generate-backup-codes": { kind: "session", body: password },
  "/two-factor/verify-totp": { kind: "two-factor step", body: { code: "123456" } },
  "/two-factor/verify-otp": { kind: "two-factor step", body: { code: "123456" } },
  "/two-factor/verify-backup-code": { kind: "two-factor step", body: { code: "abcde-fghij" } },
  "/two-factor/send-otp": { kind: "off", body: {}, code: "OTP_NOT_CONFIGURED" },
  ...Object.fromEntries(
    [
      "set-role",
      "get-user",
      "create-user",
      "update-user",
      "list-users",
      "list-user-sessions",
      "unban-user",
      "ban-user",
      "impersonate-user",
      "stop-impersonating",
      "revoke-user-session",
      "revoke-user-sessions",
      "remove-user",
      "set-user-password",
      "has-permission",
    ].map((name) => [`/admin/${name}`, { kind: "closed" as const, body: {} }]),
  ),
};

type ApiEndpoint = { path?: string; options?: { method?: string | string[] } };
const served = () =>
  Object.values(getAuth().api as unknown as Record<string, ApiEndpoint>).flatMap((endpoint) =>
    endpoint.path ? [{ path: endpoint.path, method: [endpoint.options?.method ?? "GET"].flat()[0] }] : [],
  );

let app: Awaited<ReturnType<typeof startAppServer>>;
const cookies = { visitor: "", user: "", admin: "", super_admin: "" };

beforeAll(async () => {
  app = await startAppServer({ routes: () => false });
  for (const role of ["user", "admin", "super_admin"] as const) cookies[role] = (await signInNewUser(database().db, role)).cookie;
});
afterAll(() => app?.close());

async function call(path: string, method: string, endpoint: Endpoint, cookie: string) {
  const url = `${app.base}/api/auth${path.replace(/:\w+/g, "made-up")}${endpoint.query ? `?${endpoint.query}` : ""}`;
  const post = method === "POST";
  const response = await fetch(url, {
    method,
    redirect: "manual",
    headers: { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}), ...(post ? { "content-type": "application/json" } : {}) },
    body: post ? JSON.stringify(endpoint.body ?? {}) : undefined,
  });
  return { status: response.status, text: await response.text() };
}

describe("Better Auth's endpoints (issue 22)", () => {
  it("declares every endpoint the auth instance serves, and none it does not", () => {
    const paths = served().map((endpoint) => endpoint.path);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => !ENDPOINTS[path])).toEqual([]);
    expect(Object.keys(ENDPOINTS).filter((path) => !paths.includes(path))).toEqual([]);
  });

  it("answers a visitor 401 at every endpoint that needs a session, and at every two-factor step without a pending sign-in", async () => {
    const answers: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const { path, method } of served()) {
      const endpoint = ENDPOINTS[path];
      if (endpoint?.kind !== "session" && endpoint?.kind !== "two-factor step") continue;
      answers[path] = (await call(path, method, endpoint, "")).status;
      expected[path] = 401;
    }
    expect(answers).toEqual(expected);
  });

  it("answers visitors at the public endpoints without a server error", async () => {
    // Better Auth logs some refused calls at error level: an unknown sign-in provider, a callback without its state.
    expectErrorLogs(/better-auth: Provider not found/);
    expectErrorLogs(/better-auth: State not found/);
    const failed: string[] = [];
    for (const { path, method } of served()) {
      const endpoint = ENDPOINTS[path];
      if (endpoint?.kind !== "public") continue;
      const { status } = await call(path, method, endpoint, "");
      if (status >= 500) failed.push(`${path} ${status}`);
    }
    expect(failed).toEqual([]);
  });

  it("refuses what is turned off to a signed-in user too", async () => {
    // Better Auth logs a call to what is turned off at error level.
    expectErrorLogs(/better-auth: Delete user is disabled/);
    expectErrorLogs(/better-auth: send otp isn't configured/);
    for (const { path, method } of served()) {
      const endpoint = ENDPOINTS[path];
      if (endpoint?.kind !== "off") continue;
      const { text } = await call(path, method, endpoint, cookies.user);
      expect(JSON.parse(text), path).toMatchObject({ code: endpoint.code });
    }
  });

  it("keeps the admin plugin's HTTP API closed to everyone, the owner included", async () => {
    for (const [who, cookie] of Object.entries(cookies)) {
      for (const { path, method } of served()) {
        if (ENDPOINTS[path]?.kind !== "closed") continue;
        expect((await call(path, method, ENDPOINTS[path], cookie)).status, `${who} ${path}`).toBe(404);
      }
    }
  });
});
