import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { users, verifications } from "~/server/db/schema";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { ADMIN_PASSWORD_MESSAGE, ADMIN_SHORT_PASSWORD_SIGN_IN_MESSAGE } from "./account-protection.server";
import { getAuth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./client-ip.server";

/** Decision 040: an admin account's password is at least 12 characters wherever it is set, and a promoted learner's shorter one stops signing in. */
const database = useTestDatabase();
const ORIGIN = "http://localhost:3000";
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
/** Nine characters, not among the common passwords: a learner's password, too short for an admin. */
const SHORT = "zq9!xk2#a";
const LONG = "a-long-enough-passphrase";

async function post(endpoint: string, body: Record<string, unknown>, cookie?: string) {
  const headers = new Headers({ "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: freshIp() });
  if (cookie) headers.set("cookie", cookie);
  const response = await getAuth().handler(
    new Request(`${ORIGIN}/api/auth${endpoint}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as { code?: string; message?: string } | null,
    cookie: response.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; "),
  };
}

async function account(role: "user" | "admin" | "super_admin", password: string) {
  const email = `${unique(role)}@example.com`;
  await upsertPasswordUser(database().db, { email, password, role });
  const [row] = await database().db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, password, id: row!.id };
}

async function resetToken(userId: string) {
  const token = randomBytes(16).toString("hex");
  const now = new Date();
  await database()
    .db.insert(verifications)
    .values({
      id: randomUUID(),
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(now.getTime() + 3_600_000),
      createdAt: now,
      updatedAt: now,
    });
  return token;
}

describe("admin passwords (decision 040)", () => {
  it("refuses an admin's own change to a password under 12 characters, and takes a learner's", async () => {
    for (const role of ["admin", "super_admin"] as const) {
      const admin = await account(role, LONG);
      const { cookie } = await post("/sign-in/email", { email: admin.email, password: admin.password });
      const refused = await post("/change-password", { currentPassword: LONG, newPassword: SHORT }, cookie);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: "PASSWORD_TOO_SHORT", message: ADMIN_PASSWORD_MESSAGE });
      // The old password still works: nothing was changed.
      expect((await post("/sign-in/email", { email: admin.email, password: LONG })).status).toBe(200);
    }
    const learner = await account("user", LONG);
    const { cookie } = await post("/sign-in/email", { email: learner.email, password: learner.password });
    expect((await post("/change-password", { currentPassword: LONG, newPassword: SHORT }, cookie)).status).toBe(200);
  });

  it("refuses a reset link's short password for an admin account, and takes it for a learner's", async () => {
    const admin = await account("admin", LONG);
    const refused = await post("/reset-password", { token: await resetToken(admin.id), newPassword: SHORT });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "PASSWORD_TOO_SHORT", message: ADMIN_PASSWORD_MESSAGE });
    expect((await post("/reset-password", { token: await resetToken(admin.id), newPassword: `${LONG}-2` })).status).toBe(200);

    const learner = await account("user", LONG);
    expect((await post("/reset-password", { token: await resetToken(learner.id), newPassword: SHORT })).status).toBe(200);
  });

  it("stops a promoted learner's short password at sign-in with the reason, and answers a wrong one as any wrong password", async () => {
    const promoted = await account("user", SHORT);
    expect((await post("/sign-in/email", { email: promoted.email, password: SHORT })).status).toBe(200);
    await database().db.update(users).set({ role: "admin" }).where(eq(users.id, promoted.id));

    const refused = await post("/sign-in/email", { email: promoted.email, password: SHORT });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "ADMIN_PASSWORD_TOO_SHORT", message: ADMIN_SHORT_PASSWORD_SIGN_IN_MESSAGE });
    expect(refused.cookie).not.toContain("session_token");

    // A wrong short password reads like any wrong password: the refusal says nothing of who is an admin.
    const wrong = await post("/sign-in/email", { email: promoted.email, password: "wrong-pw1" });
    expect(wrong.status).toBe(401);
    expect(wrong.body?.code).toBe("INVALID_EMAIL_OR_PASSWORD");

    // A reset to 12 or more characters lets them in.
    expect((await post("/reset-password", { token: await resetToken(promoted.id), newPassword: LONG })).status).toBe(200);
    expect((await post("/sign-in/email", { email: promoted.email, password: LONG })).status).toBe(200);
  });
});
