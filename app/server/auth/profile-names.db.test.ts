import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { deliverQueuedMailNow } from "../../../tests/support/mail-queue";
import { PERSON_NAME_MAX } from "~/lib/forms/limits";
import { getConfig } from "~/server/platform/config.server";
import { users } from "~/server/db/schema";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { getAuth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./client-ip.server";
import { fittedName } from "./profile-names.server";

/**
 * Issue 19, finding 4: the name rule of the site's forms holds on Better Auth's own endpoints too,
 * and mail to an address nobody has confirmed carries no name.
 */

const database = useTestDatabase();
const ORIGIN = "http://localhost:3000";
let ipCounter = 0;
const freshIp = () => `198.18.0.${++ipCounter}`;

async function call(endpoint: string, body: Record<string, unknown>, cookie?: string) {
  const headers = new Headers({ "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: freshIp() });
  if (cookie) headers.set("cookie", cookie);
  const response = await getAuth().handler(
    new Request(`${ORIGIN}/api/auth${endpoint}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  return { status: response.status, body: (await response.json().catch(() => null)) as { code?: string; message?: string } | null };
}

async function nameOf(email: string) {
  const [row] = await database().db.select({ name: users.name }).from(users).where(eq(users.email, email));
  return row?.name;
}

const PHISHING = "customer. IMPORTANT: your payment failed, update your card at https://evil.example/pay";
const LONG = "A".repeat(PERSON_NAME_MAX + 1);

describe("names through Better Auth's endpoints", () => {
  it("refuses at /api/auth/sign-up/email a name the sign-up form would refuse, and writes no account", async () => {
    for (const [name, message] of [
      [LONG, `Name must be at most ${PERSON_NAME_MAX} characters`],
      ["B".repeat(200_000), `Name must be at most ${PERSON_NAME_MAX} characters`],
      ["Carol\nIMPORTANT: your payment failed", "Name must be one line of text, without control characters"],
      ["Carol\u202eevil", "Name must be one line of text, without control characters"],
    ] as const) {
      const email = `${unique("name")}@example.com`;
      const response = await call("/sign-up/email", { email, password: "a decent passphrase", name });
      expect(response.status, name.slice(0, 20)).toBe(400);
      expect(response.body).toMatchObject({ code: "INVALID_NAME", message });
      expect(await nameOf(email)).toBeUndefined();
    }
    const email = `${unique("name")}@example.com`;
    expect(
      (await call("/sign-up/email", { email, password: "a decent passphrase", name: `  ${"C".repeat(PERSON_NAME_MAX)}  ` })).status,
    ).toBe(200);
    expect(await nameOf(email)).toBe("C".repeat(PERSON_NAME_MAX));
  });

  it("refuses at /api/auth/update-user a name the account form would refuse", async () => {
    const email = `${unique("update")}@example.com`;
    await upsertPasswordUser(database().db, { email, password: "a decent passphrase", role: "user", name: "Before" });
    const signIn = await getAuth().api.signInEmail({ body: { email, password: "a decent passphrase" }, asResponse: true });
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    for (const name of [LONG, "B".repeat(200_000), "", "   ", "two\r\nlines"]) {
      const response = await call("/update-user", { name }, cookie);
      expect(response.status).toBe(400);
      expect(response.body?.code).toBe("INVALID_NAME");
    }
    expect(await nameOf(email)).toBe("Before");
    expect((await call("/update-user", { name: "  After  " }, cookie)).status).toBe(200);
    expect(await nameOf(email)).toBe("After");
  });

  it("makes a name from elsewhere (an OAuth profile) fit the rule", () => {
    expect(fittedName("Ada Lovelace")).toBe("Ada Lovelace");
    expect(fittedName("  Ada\n\tLovelace\u0007 ")).toBe("Ada Lovelace");
    expect(fittedName("D".repeat(500))).toBe("D".repeat(PERSON_NAME_MAX));
    expect(fittedName(undefined)).toBe("");
  });

  it("keeps the typed name out of the confirmation mail, which goes to an address nobody has confirmed", async () => {
    const email = `${unique("mail")}@example.com`;
    const name = PHISHING.slice(0, PERSON_NAME_MAX);
    expect((await call("/sign-up/email", { email, password: "a decent passphrase", name })).status).toBe(200);
    // And a second sign-up for the same unconfirmed address.
    expect((await call("/sign-up/email", { email, password: "another passphrase", name: "IMPORTANT: update your card" })).status).toBe(200);
    await deliverQueuedMailNow();
    const outbox = getConfig().mail.outboxDir;
    const mails = await Promise.all((await fs.readdir(outbox)).map((file) => fs.readFile(path.join(outbox, file), "utf8")));
    const mine = mails.filter((mail) => mail.includes(`To: ${email}`)).map((mail) => mail.replace(/=\r?\n/g, ""));
    expect(mine).toHaveLength(2);
    for (const mail of mine) {
      expect(mail).toContain("Welcome! Confirm your address");
      expect(mail).not.toContain("payment failed");
      expect(mail).not.toContain("IMPORTANT");
    }
  });
});
