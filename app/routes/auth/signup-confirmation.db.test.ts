import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../../tests/support/app-server";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { deliverQueuedMailNow } from "../../../tests/support/mail-queue";
import { getConfig } from "~/server/platform/config.server";

/**
 * The /signup form (not only Better Auth's JSON API) hands the browser the cookie that lets its
 * own confirmation link sign it in (docs/decisions/019), over HTTP against server.ts.
 */

useTestDatabase();
let app: Awaited<ReturnType<typeof startAppServer>>;

beforeAll(async () => {
  app = await startAppServer({ routes: (file) => file === "routes/auth/signup.tsx" || file === "routes/auth/login.tsx" });
});

afterAll(() => app?.close());

const cookiesFrom = (response: Response) => response.headers.getSetCookie().map((line) => line.split(";")[0]);

async function confirmationLink(email: string) {
  await deliverQueuedMailNow();
  const outbox = getConfig().mail.outboxDir;
  for (const file of (await fs.readdir(outbox)).sort().reverse()) {
    const mail = (await fs.readFile(path.join(outbox, file), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    if (!mail.includes(`To: ${email}`)) continue;
    const link = mail.match(/https?:\/\/\S+\/api\/auth\/verify-email\?[^\s"<]+/)?.[0];
    if (link) return new URL(link.replace(/&amp;/g, "&"));
  }
  throw new Error(`no confirmation mail for ${email}`);
}

describe("/signup and its confirmation link", () => {
  it("signs in the browser that filled in the form, and only it", async () => {
    const email = `${unique("form")}@example.com`;
    const form = new URLSearchParams({ intent: "sign-up", name: "Form Person", email, password: "a form passphrase" });
    const signedUp = await fetch(`${app.base}/signup`, { method: "POST", body: form, redirect: "manual" });
    expect(signedUp.status).toBe(200);
    const signUpCookie = cookiesFrom(signedUp).find((cookie) => cookie.startsWith("better-auth.sign_up="));
    expect(signUpCookie).toBeDefined();

    const link = await confirmationLink(email);
    const url = `${app.base}${link.pathname}${link.search}`;
    const elsewhere = await fetch(url, { redirect: "manual" });
    expect(elsewhere.headers.get("location")).toBe("/login?notice=email-confirmed");
    expect(cookiesFrom(elsewhere).some((cookie) => cookie.startsWith("better-auth.session_token="))).toBe(false);
  });

  it("lands the same browser signed in on the account page", async () => {
    const email = `${unique("form")}@example.com`;
    const form = new URLSearchParams({ intent: "sign-up", name: "Form Person", email, password: "a form passphrase" });
    const signedUp = await fetch(`${app.base}/signup`, { method: "POST", body: form, redirect: "manual" });
    const cookie = cookiesFrom(signedUp).join("; ");
    const link = await confirmationLink(email);
    const confirmed = await fetch(`${app.base}${link.pathname}${link.search}`, { headers: { cookie }, redirect: "manual" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/account");
    expect(cookiesFrom(confirmed).some((value) => value.startsWith("better-auth.session_token=") && value.length > 30)).toBe(true);
  });
});
