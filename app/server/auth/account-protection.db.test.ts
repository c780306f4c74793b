import fs from "node:fs/promises";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { DEFAULT_SITE_SETTINGS } from "~/lib/site-settings";
import { getConfig } from "~/server/platform/config.server";
import { rateLimits, users } from "~/server/db/schema";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { SIGN_IN_LOCKOUT } from "./account-protection.server";
import { getAuth, IP_RATE_LIMITS } from "./auth.server";
import { CLIENT_IP_HEADER } from "./client-ip.server";
import { deliverQueuedMailNow } from "../../../tests/support/mail-queue";

const database = useTestDatabase();

const ORIGIN = "http://localhost:3000";
let ipCounter = 0;
/** A fresh documentation-range address per test, so no two tests share a per-IP bucket. */
const freshIp = () => `203.0.113.${++ipCounter}`;

async function post(endpoint: string, body: Record<string, unknown>, ip?: string) {
  const headers = new Headers({ "content-type": "application/json", origin: ORIGIN });
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  const response = await getAuth().handler(
    new Request(`${ORIGIN}/api/auth${endpoint}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as { code?: string; message?: string } | null,
    headers: response.headers,
  };
}

async function verifiedUser(password = "a-decent-passphrase") {
  const email = `${unique("user")}@example.com`;
  await upsertPasswordUser(database().db, { email, password, role: "user" });
  return { email, password };
}

describe("per-IP rate limits (Better Auth, stored in the database)", () => {
  it("answers 429 with a clear message once an address has used up its sign-ins", async () => {
    const ip = freshIp();
    const { max } = IP_RATE_LIMITS["/sign-in/*"];
    // A malformed address fails fast (no password hashing) but still counts against the IP.
    for (let attempt = 0; attempt < max; attempt++) {
      expect((await post("/sign-in/email", { email: "not-an-email", password: "whatever" }, ip)).status).toBe(400);
    }
    const limited = await post("/sign-in/email", { email: "not-an-email", password: "whatever" }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body?.message).toBe("Too many requests. Please try again later.");
    expect(Number(limited.headers.get("x-retry-after"))).toBeGreaterThan(0);

    // Another address is not affected, and the counter is a row in the shared table.
    expect((await post("/sign-in/email", { email: "not-an-email", password: "whatever" }, freshIp())).status).toBe(400);
    const [row] = await database()
      .db.select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `${ip}|/sign-in/email`));
    expect(row.count).toBe(max + 1); // the refused request, counted as one over
  });

  it("limits sign-ups per IP", async () => {
    const ip = freshIp();
    const { max } = IP_RATE_LIMITS["/sign-up/*"];
    for (let attempt = 0; attempt < max; attempt++) {
      expect((await post("/sign-up/email", { email: `${unique()}@example.com`, password: "x", name: "" }, ip)).status).toBe(400);
    }
    expect((await post("/sign-up/email", { email: `${unique()}@example.com`, password: "x", name: "" }, ip)).status).toBe(429);
  });

  it("limits loopback addresses like any other: 127.0.0.1 is no exemption", async () => {
    const { max } = IP_RATE_LIMITS["/sign-up/*"];
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= max; attempt++) {
      statuses.push((await post("/sign-up/email", { email: `${unique()}@example.com`, password: "x", name: "" }, "127.0.0.1")).status);
    }
    expect(statuses).toEqual([...Array(max).fill(400), 429]);
  });
});

describe("per-account sign-in lockout", () => {
  it(`locks an address's password sign-in after ${SIGN_IN_LOCKOUT.max} failures, even with the right password, and from any IP`, async () => {
    const { email, password } = await verifiedUser();
    for (let attempt = 0; attempt < SIGN_IN_LOCKOUT.max; attempt++) {
      const failed = await post("/sign-in/email", { email, password: `wrong-${attempt}` }, freshIp());
      expect(failed.status).toBe(401);
      expect(failed.body?.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    }
    const locked = await post("/sign-in/email", { email, password }, freshIp());
    expect(locked.status).toBe(429);
    expect(locked.body?.code).toBe("ACCOUNT_LOCKED");
    expect(locked.body?.message).toMatch(/Too many failed sign-in attempts for this account\. Password sign-in is locked for 15 minutes/);

    // Direct server calls are held to the same lock.
    await expect(getAuth().api.signInEmail({ body: { email, password } })).rejects.toMatchObject({ statusCode: 429 });

    // Another account is not affected.
    const other = await verifiedUser();
    expect((await post("/sign-in/email", other, freshIp())).status).toBe(200);

    // Fifteen minutes later the lock is over.
    const key = `account|sign-in-failures|${email}`;
    await database()
      .db.update(rateLimits)
      .set({ lastRequest: Date.now() - SIGN_IN_LOCKOUT.windowMs - 1000 })
      .where(eq(rateLimits.key, key));
    expect((await post("/sign-in/email", { email, password }, freshIp())).status).toBe(200);
    expect(await database().db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([]);
  });

  it(`lets at most ${SIGN_IN_LOCKOUT.max} of 20 simultaneous wrong passwords reach the password check`, async () => {
    const { email } = await verifiedUser();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, attempt) => post("/sign-in/email", { email, password: `wrong-${attempt}` }, freshIp())));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(SIGN_IN_LOCKOUT.max).fill(401), ...Array(20 - SIGN_IN_LOCKOUT.max).fill(429)]);
    expect(answers.filter((answer) => answer.status === 429).every((answer) => answer.body?.code === "ACCOUNT_LOCKED")).toBe(true);
  });

  it("a correct password ends a run of failures", async () => {
    const { email, password } = await verifiedUser();
    for (let attempt = 0; attempt < SIGN_IN_LOCKOUT.max - 1; attempt++) {
      expect((await post("/sign-in/email", { email, password: "wrong" }, freshIp())).status).toBe(401);
    }
    expect((await post("/sign-in/email", { email, password }, freshIp())).status).toBe(200);
    for (let attempt = 0; attempt < SIGN_IN_LOCKOUT.max - 1; attempt++) {
      expect((await post("/sign-in/email", { email, password: "wrong" }, freshIp())).status).toBe(401);
    }
    expect((await post("/sign-in/email", { email, password }, freshIp())).status).toBe(200);
  });

  it("counts failures in the database, so every app instance sees them", async () => {
    const { email } = await verifiedUser();
    await post("/sign-in/email", { email, password: "wrong" }, freshIp());
    await post("/sign-in/email", { email: email.toUpperCase(), password: "wrong" }, freshIp());
    const rows = await database()
      .db.select()
      .from(rateLimits)
      .where(like(rateLimits.key, `account|sign-in-failures|${email}`));
    expect(rows.map((row) => row.count)).toEqual([2]);
  });
});

describe("per-account limits on mail", () => {
  it("gives the same answer for known and unknown addresses, then limits reset emails per address", async () => {
    const { email } = await verifiedUser();
    const unknown = `${unique("nobody")}@example.com`;
    const known = await post("/request-password-reset", { email, redirectTo: "/reset-password/new" }, freshIp());
    const missing = await post("/request-password-reset", { email: unknown, redirectTo: "/reset-password/new" }, freshIp());
    expect(known.status).toBe(200);
    expect(missing.status).toBe(200);
    expect(known.body).toEqual(missing.body);

    await post("/request-password-reset", { email, redirectTo: "/reset-password/new" }, freshIp());
    await post("/request-password-reset", { email, redirectTo: "/reset-password/new" }, freshIp());
    const limited = await post("/request-password-reset", { email, redirectTo: "/reset-password/new" }, freshIp());
    expect(limited.status).toBe(429);
    expect(limited.body?.code).toBe("TOO_MANY_REQUESTS_FOR_EMAIL");
    expect(limited.body?.message).toMatch(/^Too many requests for this email address\. Please try again in \d+ minutes?\.$/);
  });
});

describe("passwords", () => {
  it("refuses one of the 10,000 most common passwords at sign-up, reset and change, whatever its case", async () => {
    for (const password of ["password123", "Sunshine", "QWERTY123"]) {
      const response = await post("/sign-up/email", { email: `${unique()}@example.com`, password, name: "" }, freshIp());
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: "PASSWORD_TOO_COMMON",
        message: "This password is one of the most common passwords and is easy to guess. Please choose a less common one.",
      });
    }
    await expect(getAuth().api.resetPassword({ body: { newPassword: "iloveyou", token: "any" } })).rejects.toMatchObject({
      body: { code: "PASSWORD_TOO_COMMON" },
    });
  });

  it("still enforces the 6-character minimum", async () => {
    const response = await post("/sign-up/email", { email: `${unique()}@example.com`, password: "zq9!x", name: "" }, freshIp());
    expect(response.status).toBe(400);
    expect(response.body?.code).toBe("PASSWORD_TOO_SHORT");
  });
});

describe("registration creates the profile", () => {
  it("stores the full name from the form, unverified, with the user role, and mails a confirmation link to /account", async () => {
    const email = `${unique("new")}@example.com`;
    const response = await post(
      "/sign-up/email",
      { email, password: "correct horse battery", name: "  Ada Lovelace ", callbackURL: "/account" },
      freshIp(),
    );
    expect(response.status).toBe(200);
    const [profile] = await database().db.select().from(users).where(eq(users.email, email));
    expect(profile).toMatchObject({ name: "Ada Lovelace", role: "user", emailVerified: false, lastSignInAt: null });

    await deliverQueuedMailNow();
    const outbox = getConfig().mail.outboxDir;
    const files = await fs.readdir(outbox);
    const messages = await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), "utf8")));
    const mail = messages.find((message) => message.includes(`To: ${email}`));
    expect(mail).toContain(`Subject: Confirm your ${DEFAULT_SITE_SETTINGS.schoolName} account`);
    expect(mail).toContain("Content-Type: text/plain");
    expect(mail).toContain("Content-Type: text/html");
    const decoded = mail?.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(decoded).toMatch(/\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Faccount/);
  });

  it("uses the email as the name when the form leaves it empty", async () => {
    const email = `${unique("noname")}@example.com`;
    expect((await post("/sign-up/email", { email, password: "correct horse battery", name: "" }, freshIp())).status).toBe(200);
    const [profile] = await database().db.select({ name: users.name }).from(users).where(eq(users.email, email));
    expect(profile.name).toBe(email);
  });

  it("answers a sign-up for an existing address like a new one, without a second account", async () => {
    const { email } = await verifiedUser();
    const response = await post("/sign-up/email", { email, password: "another good one", name: "Someone" }, freshIp());
    expect(response.status).toBe(200);
    expect(await database().db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("stamps last_sign_in_at at every sign-in, without touching updated_at", async () => {
    const { email, password } = await verifiedUser();
    const [before] = await database().db.select().from(users).where(eq(users.email, email));
    expect(before.lastSignInAt).toBeNull();
    expect((await post("/sign-in/email", { email, password }, freshIp())).status).toBe(200);
    const [after] = await database().db.select().from(users).where(eq(users.email, email));
    expect(after.lastSignInAt).toBeInstanceOf(Date);
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
  });
});
