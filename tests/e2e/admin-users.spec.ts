import fs from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { loadDemoSchool } from "../../app/server/db/seed/demo-school.server";
import { signInAsAdmin, signInAsNewLearner, toast, waitForHydration } from "./admin-support";

const demo = loadDemoSchool();

const origin = () => process.env.E2E_BASE_URL!;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;

/** A new account through the real sign-up (it need not be confirmed to be managed). */
async function signUp(request: APIRequestContext, name: string) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "-"));
  const response = await request.post("/api/auth/sign-up/email", {
    data: { name, email, password: "managed-password-123" },
    headers: { Origin: origin() },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return email;
}

/** Searches the users list for one email and opens that person's page; returns their id. */
async function openUser(page: Page, email: string) {
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  await page.getByRole("row").filter({ hasText: email }).getByRole("cell").nth(2).click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 2, name: "User Information" })).toBeVisible();
  return new URL(page.url()).pathname.split("/").pop()!;
}

const information = (page: Page) => page.locator("dl").filter({ has: page.getByText("Member since") });

test("an admin searches for a new learner, grants, revokes and grants again a course, and reads the history", async ({ page, request }) => {
  const email = await signUp(request, "Grace Granted");
  const course = demo.courses[0].title;
  await signInAsAdmin(page);

  await page.goto("/admin/users");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
  // "n" focuses the search box (spec §2).
  await page.keyboard.press("n");
  const search = page.getByLabel("Search by email or name");
  await expect(search).toBeFocused();
  await search.fill(email.toUpperCase());
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]q=/);
  expect(new URL(page.url()).searchParams.get("q")).toBe(email.toUpperCase());
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell", { name: "Grace Granted", exact: true })).toBeVisible();
  await expect(row.getByText("Never")).toBeVisible();

  // Sorting is in the URL and announced on the column.
  await page.getByRole("link", { name: "Sort by Email, ascending" }).click();
  await expect(page).toHaveURL(/sort=email/);
  await expect(page.getByRole("columnheader", { name: /Email/ })).toHaveAttribute("aria-sort", "ascending");

  // Clicking the row (not only the email link) opens the user.
  await row.getByRole("cell", { name: "Grace Granted", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/?]+$/);
  await expect(information(page).getByText(email)).toBeVisible();
  await expect(information(page).getByText("User", { exact: true })).toBeVisible();
  await expect(information(page).getByText("Never")).toBeVisible();

  const courseRow = page.getByRole("table", { name: "Course access" }).getByRole("row").filter({ hasText: course });
  await expect(courseRow.getByText("No access", { exact: true })).toBeVisible();

  // The button waits while its request is in flight (the request is held back to see it).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const dataRequests = (url: URL) => url.pathname.endsWith(".data");
  await page.route(dataRequests, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  const grant = courseRow.getByRole("button", { name: `Grant Access to “${course}”` });
  await grant.click();
  await expect(grant).toBeDisabled();
  release();
  await expect(toast(page, "Course access granted")).toBeVisible();
  await expect(courseRow.getByText("Active", { exact: true })).toBeVisible();
  await page.unroute(dataRequests);

  await courseRow.getByRole("button", { name: `Revoke access to “${course}”` }).click();
  await expect(toast(page, "Course access revoked")).toBeVisible();
  await expect(courseRow.getByText("Revoked", { exact: true })).toBeVisible();

  await courseRow.getByRole("button", { name: `Grant Access to “${course}”` }).click();
  await expect(courseRow.getByText("Active", { exact: true })).toBeVisible();
  await expect(courseRow.getByRole("button", { name: `Revoke access to “${course}”` })).toBeEnabled();

  // Newest first: granted, revoked, granted, each by the admin.
  const history = page.getByRole("list", { name: "History" }).getByRole("listitem");
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText(`Access granted · ${course}`);
  await expect(history.nth(1)).toContainText(`Access revoked · ${course}`);
  await expect(history.nth(2)).toContainText(`Access granted · ${course}`);
  await expect(history.nth(0)).toContainText(`by ${process.env.E2E_ADMIN_EMAIL}`);

  // A reload shows the same state: it was saved, not only drawn.
  await page.reload();
  await expect(courseRow.getByText("Active", { exact: true })).toBeVisible();
});

test("the users list downloads as CSV, as filtered", async ({ page, request }) => {
  const email = await signUp(request, "Carl Csv");
  await signInAsAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await fs.readFile(await download.path(), "utf8")).split("\r\n").filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toBe("email,name,role,member_since,last_seen,active_courses");
  expect(lines[1]).toMatch(new RegExp(`^${email.replace(/[.+]/g, "\\$&")},Carl Csv,user,\\d{4}-\\d{2}-\\d{2}T[^,]+Z,,$`));
});

test("the super admin promotes a user to admin and back; an admin may not touch super admins", async ({ page, browser, request }) => {
  const promoteeEmail = await signUp(request, "Pat Promoted");
  await signInAsAdmin(page);

  // As the super admin: user → admin → user, each recorded.
  const promoteeId = await openUser(page, promoteeEmail);
  const roleMenu = page.getByRole("combobox", { name: "Role" });
  await expect(roleMenu.getByRole("option")).toHaveText(["User", "Admin", "Super admin"]);
  await roleMenu.selectOption("admin");
  await page.getByRole("button", { name: "Change role" }).click();
  await expect(toast(page, "Role updated successfully")).toBeVisible();
  await expect(information(page).getByText("Admin", { exact: true })).toBeVisible();
  await roleMenu.selectOption("user");
  await page.getByRole("button", { name: "Change role" }).click();
  await expect(information(page).getByText("User", { exact: true })).toBeVisible();
  const history = page.getByRole("list", { name: "History" }).getByRole("listitem");
  await expect(history.nth(0)).toContainText("Role changed · Admin → User");
  await expect(history.nth(1)).toContainText("Role changed · User → Admin");

  // A second person, made an admin by the super admin, in a browser of their own.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const adminEmail = await signInAsNewLearner(adminPage);
  await openUser(page, adminEmail);
  await page.getByRole("combobox", { name: "Role" }).selectOption("admin");
  await page.getByRole("button", { name: "Change role" }).click();
  await expect(information(page).getByText("Admin", { exact: true })).toBeVisible();

  // The admin may make the promotee an admin, but not a super admin: the option is not there, and says why.
  await adminPage.goto(`/admin/users/${promoteeId}`);
  await expect(adminPage.getByRole("combobox", { name: "Role" }).getByRole("option")).toHaveText(["User", "Admin"]);
  await expect(adminPage.getByText("Only a super admin can make someone a super admin.")).toBeVisible();

  // The super admin's own page: the menu is locked for the admin, with the reason.
  const superId = await openUser(adminPage, process.env.E2E_ADMIN_EMAIL!);
  await expect(adminPage.getByRole("combobox", { name: "Role" })).toBeDisabled();
  await expect(adminPage.getByRole("button", { name: "Change role" })).toBeDisabled();
  await expect(adminPage.getByText("Only a super admin can change a super admin's role.")).toBeVisible();

  // Hiding the control is not the protection: a direct POST is refused by the server too.
  for (const [userId, role] of [
    [superId, "user"],
    [promoteeId, "super_admin"],
  ]) {
    const refused = await adminPage.request.post(`/admin/users/${userId}`, {
      form: { intent: "role", role },
      headers: { Origin: origin() },
      maxRedirects: 0,
    });
    expect(refused.status(), `${role} for ${userId}`).toBe(403);
  }
  await adminPage.reload();
  await expect(information(adminPage).getByText("Super admin", { exact: true })).toBeVisible();
  await adminContext.close();
});

for (const width of [1280, 375]) {
  test(`the users pages have no WCAG A/AA violations and no horizontal scrolling at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    // A demo learner (the seed's ids), and the list sorted by a column.
    for (const path of ["/admin/users", "/admin/users?sort=email", `/admin/users/demo-${demo.learners[0].key}`]) {
      await page.goto(path);
      await waitForHydration(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(
        results.violations.map(
          (violation) => `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
        ),
      ).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
}
