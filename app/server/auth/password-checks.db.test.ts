import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { rateLimits } from "~/server/db/schema";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { PASSWORD_CHECKS, SIGN_IN_LOCKOUT } from "./account-protection.server";
import { getAuth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./client-ip.server";
import { expectErrorLogs } from "../../../tests/support/error-logs";

/**
 * Issue 19, finding 5: every endpoint that checks a signed-in account's password is under the
 * same per-account lockout (and a per-IP limit) as a password sign-in, over Better Auth's HTTP API.
 */

const database = useTestDatabase();
const ORIGIN = "http://localhost:3000";
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

async function post(endpoint: string, body: Record<string, unknown>, { ip, cookie }: { ip: string; cookie?: string }) {
  const headers = new Headers({ "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: ip });
  if (cookie) headers.set("cookie", cookie);
  const response = await getAuth().handler(
    new Request(`${ORIGIN}/api/auth${endpoint}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  return { status: response.status, body: (await response.json().catch(() => null)) as { code?: string; message?: string } | null };
}

async function signedInUser() {
  const email = `${unique("guess")}@example.com`;
  const password = "the-real-passphrase";
  await upsertPasswordUser(database().db, { email, password, role: "user" });
  const response = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { email, password, cookie };
}

async function failuresOf(email: string) {
  const [row] = await database()
    .db.select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, `account|sign-in-failures|${email}`));
  return row?.count ?? 0;
}

describe("password checks with a session", () => {
  it("stops 30 wrong guesses at /verify-password with one session cookie: 429 before the end, counted by the lockout", async () => {
    const user = await signedInUser();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let guess = 0; guess < 30; guess++) {
      statuses.push((await post("/verify-password", { password: `wrong-guess-${guess}` }, { ip, cookie: user.cookie })).status);
    }
    expect(statuses.slice(0, SIGN_IN_LOCKOUT.max).every((status) => status === 400)).toBe(true);
    expect(statuses.indexOf(429)).toBe(SIGN_IN_LOCKOUT.max);
    expect(statuses.slice(SIGN_IN_LOCKOUT.max).every((status) => status === 429)).toBe(true);
    expect(await failuresOf(user.email)).toBeGreaterThanOrEqual(SIGN_IN_LOCKOUT.max);

    // Even the right password is refused now, there and at sign-in: it is one lockout.
    const right = await post("/verify-password", { password: user.password }, { ip: freshIp(), cookie: user.cookie });
    expect(right.status).toBe(429);
    expect(right.body?.code).toBe("ACCOUNT_LOCKED");
    const signIn = await post("/sign-in/email", { email: user.email, password: user.password }, { ip: freshIp() });
    expect(signIn.status).toBe(429);
    expect(signIn.body?.code).toBe("ACCOUNT_LOCKED");
  });

  it("counts a wrong password at every endpoint that checks one", async () => {
    // Better Auth logs a call to an endpoint that is turned off (/delete-user) at error level.
    expectErrorLogs(/better-auth: Delete user is disabled/);
    const user = await signedInUser();
    const bodies: Record<string, Record<string, unknown>> = {
      "/verify-password": { password: "wrong" },
      "/change-password": { currentPassword: "wrong", newPassword: "a brand new passphrase" },
      "/delete-user": { password: "wrong" },
      "/two-factor/enable": { password: "wrong" },
      "/two-factor/disable": { password: "wrong" },
      "/two-factor/get-totp-uri": { password: "wrong" },
      "/two-factor/generate-backup-codes": { password: "wrong" },
    };
    expect(Object.keys(bodies).sort()).toEqual(Object.keys(PASSWORD_CHECKS).sort());
    const counts: Record<string, number> = {};
    for (const [endpoint, body] of Object.entries(bodies).slice(0, SIGN_IN_LOCKOUT.max)) {
      const before = await failuresOf(user.email);
      const response = await post(endpoint, body, { ip: freshIp(), cookie: user.cookie });
      expect(response.status, endpoint).toBeGreaterThanOrEqual(400);
      counts[endpoint] = (await failuresOf(user.email)) - before;
    }
    expect(Object.values(counts)).toEqual(Array(SIGN_IN_LOCKOUT.max).fill(1));
    // The lockout is reached: the remaining endpoints answer 429 without looking at the password.
    for (const [endpoint, body] of Object.entries(bodies).slice(SIGN_IN_LOCKOUT.max)) {
      const response = await post(endpoint, body, { ip: freshIp(), cookie: user.cookie });
      expect(response.status, endpoint).toBe(429);
    }
  });

  it("lets a right password through and clears the count", async () => {
    const user = await signedInUser();
    const ip = freshIp();
    for (let guess = 0; guess < SIGN_IN_LOCKOUT.max - 1; guess++) {
      expect((await post("/verify-password", { password: "wrong" }, { ip, cookie: user.cookie })).status).toBe(400);
    }
    expect((await post("/verify-password", { password: user.password }, { ip, cookie: user.cookie })).status).toBe(200);
    expect(await failuresOf(user.email)).toBe(0);
  });

  it("limits password checks per IP across accounts", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    // Fewer than the lockout per account, so only the per-IP rule can stop them.
    for (let account = 0; account < 4; account++) {
      const user = await signedInUser();
      for (let guess = 0; guess < 3; guess++)
        statuses.push((await post("/verify-password", { password: "wrong" }, { ip, cookie: user.cookie })).status);
    }
    expect(statuses).toContain(429);
  });
});
