import fs from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { withAnySchool } from "./site-settings-support";

/** Shared steps for the accounts-*.spec.ts browser tests (not a spec itself). */

export const ADMIN = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const outboxDir = () => path.join(process.env.E2E_DATA_DIR!, "outbox");

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The newest message to `to` in the outbox whose subject matches, decoded, once it exists
 * (file names start with the time they were written, so they sort oldest first).
 */
export async function newestMail(to: string, subject: RegExp, { after = 0 }: { after?: number } = {}) {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await fs.readdir(outboxDir()).catch(() => [] as string[])).filter((file) => file.endsWith(".eml")).sort();
        for (const file of files.reverse()) {
          if (Number(file.split("-")[0]) < after) break;
          const raw = await fs.readFile(path.join(outboxDir(), file), "utf8");
          const headers = raw.slice(0, raw.indexOf("\n\n"));
          if (headers.includes(`To: ${to}`) && subject.test(headers)) {
            found = decodeQuotedPrintable(raw);
            return true;
          }
        }
        return false;
      },
      { message: `an email to ${to} matching ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in a message whose path matches. */
export function linkIn(mail: string, pathPattern: RegExp) {
  const link = (mail.match(/https?:\/\/[^\s"<>]+/g) ?? []).find((url) => pathPattern.test(new URL(url).pathname));
  if (!link) throw new Error(`No link matching ${pathPattern} in:\n${mail}`);
  return link.replace(/&amp;/g, "&");
}

export async function signUp(page: Page, { name, email, password }: { name: string; email: string; password: string }) {
  await page.goto("/signup");
  await page.getByRole("main").getByLabel("Full name").fill(name);
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
}

/** Signs up and opens the confirmation link: the user ends signed in on /account. */
export async function signUpConfirmed(page: Page, user: { name: string; email: string; password: string }) {
  const startedAt = Date.now();
  await signUp(page, user);
  const mail = await newestMail(user.email, withAnySchool("Subject: Confirm your {school} account"), { after: startedAt - 1000 });
  await page.goto(linkIn(mail, /\/api\/auth\/verify-email$/));
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
}

export async function signIn(page: Page, { email, password }: { email: string; password: string }, path = "/login") {
  await page.goto(path);
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signOut(page: Page) {
  await page.goto("/account");
  await page.getByRole("button", { name: "Sign out", exact: true }).first().click();
  await expect(page).toHaveURL(/\/$/);
}
