import { expect, test, type Page } from "@playwright/test";
import { fillPost, openNewPost, signInAsAdmin, toast, uniqueTitle } from "./admin-support";

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

/** The number shown on one dashboard card. */
async function countOf(page: Page, label: string) {
  const card = page.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });
  const text = (await card.locator("dd").textContent())?.trim() ?? "";
  expect(text, `${label} shows a number`).toMatch(/^\d+$/);
  return Number(text);
}

test("the dashboard shows the counts, the newest users and posts, and the side menu", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  for (const label of ["Users", "New users (7 days)", "Courses", "Lessons", "Published posts", "Drafts"]) {
    expect(await countOf(page, label)).toBeGreaterThanOrEqual(0);
  }
  // The demo school: 7 courses, the admin and 24 learners at least.
  expect(await countOf(page, "Courses")).toBeGreaterThanOrEqual(7);
  expect(await countOf(page, "Users")).toBeGreaterThanOrEqual(25);
  await expect(page.getByRole("list", { name: "Recent users" }).getByRole("listitem")).toHaveCount(5);
  await expect(page.getByRole("list", { name: "Recent posts" }).getByRole("listitem")).toHaveCount(5);
  // Dates as 'MMM d, yyyy HH:mm'.
  await expect(
    page
      .getByRole("list", { name: "Recent posts" })
      .getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/)
      .first(),
  ).toBeVisible();

  const menu = page.getByRole("navigation", { name: "Admin" });
  for (const [name, href] of [
    ["Overview", "/admin"],
    ["SQL reference", "/admin/setup-sql"],
    ["Blog", "/admin/blog"],
    ["Courses", "/admin/courses"],
    ["Users", "/admin/users"],
  ]) {
    await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(menu.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
});

test("the draft count grows after a post is created", async ({ page }) => {
  await page.goto("/admin");
  const draftsBefore = await countOf(page, "Drafts");
  const title = uniqueTitle("Dashboard draft");
  await openNewPost(page);
  await fillPost(page, { title, content: "Counting on this." });
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(toast(page, "Post saved as draft successfully")).toBeVisible();

  await page.goto("/admin");
  // Other tests only ever add drafts, so the count can only have grown by at least this one.
  expect(await countOf(page, "Drafts")).toBeGreaterThanOrEqual(draftsBefore + 1);
  await page.getByRole("link", { name: "Blog", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Blog posts" })).toBeVisible();
});

test("the SQL reference shows the committed schema, read-only, with copy buttons", async ({ page }) => {
  await page.goto("/admin/setup-sql");
  await expect(page.getByRole("heading", { level: 1, name: "SQL reference" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "0001_initial_schema.sql" })).toBeVisible();
  await expect(page.getByText(/CREATE TABLE "posts"/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy all SQL" })).toBeVisible();
  await expect(page.locator("textarea, [contenteditable=true]")).toHaveCount(0);
});
