import fs from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";

/** Signs the page's browser context in as the e2e admin (the session cookie lands in the context). */
export async function signInAsAdmin(page: Page) {
  const baseURL = process.env.E2E_BASE_URL!;
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** Quoted-printable soft breaks and escapes, as nodemailer writes long lines. */
function decodeQuotedPrintable(text: string) {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest confirmation link mailed to `email` (the outbox is shared by every test). */
async function verificationLink(email: string) {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let link: string | undefined;
  await expect(async () => {
    const names = (await fs.readdir(outbox).catch(() => [] as string[]))
      .filter((name) => name.endsWith(".eml"))
      .sort()
      .reverse();
    for (const name of names) {
      const raw = decodeQuotedPrintable(await fs.readFile(path.join(outbox, name), "utf8"));
      if (!raw.includes(email)) continue;
      link = raw.match(/https?:\/\/\S+\/api\/auth\/verify-email\?[^\s"<]+/)?.[0];
      if (link) return;
    }
    throw new Error(`no confirmation mail for ${email} yet`);
  }).toPass({ timeout: 15_000 });
  return link!.replace(/&amp;/g, "&");
}

/** Creates a learner (role user) and signs the page in as them, through the real sign-up and email confirmation. */
export async function signInAsNewLearner(page: Page) {
  const baseURL = process.env.E2E_BASE_URL!;
  const email = `learner-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Lena Learner", email, password: "learner-password-123" },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  await page.goto(await verificationLink(email));
  return email;
}

export const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A real little PNG to upload as a cover. */
export function coverPng() {
  return sharp({ create: { width: 64, height: 36, channels: 3, background: "#4338ca" } })
    .png()
    .toBuffer();
}

/** Fills the post editor and waits for the slug to follow the title. */
export async function fillPost(page: Page, { title, content, excerpt = "" }: { title: string; content: string; excerpt?: string }) {
  await page.getByLabel("Title", { exact: true }).fill(title);
  if (excerpt) await page.getByLabel("Excerpt").fill(excerpt);
  await page.getByLabel("Content (Markdown)").fill(content);
}

/**
 * The newest toast with this text. Toasts that sonner is taking away (`data-removed`) are left
 * out, so an earlier toast with the same text, still fading, is not counted.
 */
export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text }).first();
}

/** React Router has taken over the page (client navigation, fetchers and shortcuts work). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter));
}

/** Opens the new-post editor once it is interactive. */
export async function openNewPost(page: Page) {
  await page.goto("/admin/blog/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
}

/** Opens the New Course screen once it is interactive. */
export async function openNewCourse(page: Page) {
  await page.goto("/admin/courses/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
}

/** Fills the required fields and adds one lesson row per title. */
export async function fillCourse(page: Page, { title, lessons = [] }: { title: string; lessons?: string[] }) {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Short Description").fill(`What ${title} teaches, in one line.`);
  for (const [index, lesson] of lessons.entries()) {
    await page.getByRole("button", { name: "Add Lesson" }).click();
    await page.getByLabel(`Lesson ${index + 1} title`).fill(lesson);
  }
}

/** The slug the New Course screen makes of a title. */
export const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Creates a course through the New Course screen (at a price in USD, if given) and lands on the list. */
export async function createCourse(
  page: Page,
  { title, lessons = [], publish = true, price }: { title: string; lessons?: string[]; publish?: boolean; price?: string },
) {
  await openNewCourse(page);
  await fillCourse(page, { title, lessons });
  if (price !== undefined) await page.getByLabel("Price in USD").fill(price);
  await page.getByRole("button", { name: publish ? "Publish" : "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(toast(page, publish ? "Course published successfully" : "Course saved as draft successfully")).toBeVisible();
}

/** The course list filtered to one title, with that course's row. */
export async function findInList(page: Page, title: string) {
  await page.goto(`/admin/courses?q=${encodeURIComponent(title)}`);
  await waitForHydration(page);
  return page.getByRole("row").filter({ hasText: title });
}

/** Deletes a course through its row in the course list, with the confirmation. */
export async function deleteCourseFromList(page: Page, title: string) {
  const row = await findInList(page, title);
  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Course deleted successfully")).toBeVisible();
}
