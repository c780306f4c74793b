import fs from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

/** React Router has taken over the page, so filters apply without reloads. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter));
}

/** The catalog's list of cards. */
export function catalogResults(page: Page) {
  return page.getByRole("region", { name: "Courses" });
}

export { toast } from "./admin-support";

async function confirmationLink(email: string) {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let link: string | undefined;
  await expect(async () => {
    for (const name of (await fs.readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith(".eml"))) {
      const raw = (await fs.readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (raw.includes(email)) link = raw.match(/https?:\/\/\S+\/api\/auth\/verify-email\?[^\s"<]+/)?.[0];
      if (link) return;
    }
    throw new Error(`no confirmation mail for ${email} yet`);
  }).toPass({ timeout: 15_000 });
  return link!.replace(/&amp;/g, "&");
}

/** A new learner account of its own, signed in through sign-up and the emailed confirmation link. */
export async function signInAsNewLearner(page: Page) {
  const email = `catalog-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Cat Learner", email, password: "learner-password-123" },
    headers: { Origin: process.env.E2E_BASE_URL! },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  await page.goto(await confirmationLink(email));
  return email;
}
