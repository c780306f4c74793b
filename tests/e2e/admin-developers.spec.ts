import { expect, request as playwrightRequest, test } from "@playwright/test";
import { signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { wcagScan } from "./axe";

const violations = (results: Awaited<ReturnType<typeof wcagScan>>) =>
  results.violations.map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);

test("a super admin creates an API key, another tool uses it, and revoking it locks that tool out", async ({ page }) => {
  const baseURL = process.env.E2E_BASE_URL!;
  const name = uniqueTitle("CRM sync");
  await signInAsAdmin(page);
  await page.goto("/admin/developers");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Developers" })).toBeVisible();
  await page.getByRole("link", { name: "New API key" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "New API key" })).toBeVisible();
  await waitForHydration(page);

  // Without a scope the form says so and keeps the name.
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByText("Choose at least one scope")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

  await page.getByRole("checkbox", { name: /courses:read/ }).check();
  await page.getByRole("checkbox", { name: /enrollments:read/ }).check();
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `API key “${name}” created` })).toBeVisible();
  const key = await page.getByRole("textbox", { name: "API key" }).inputValue();
  expect(key).toMatch(/^osk_/);
  expect(violations(await wcagScan(page))).toEqual([]);

  // Another tool, with no cookie: the key is all it has.
  const tool = await playwrightRequest.newContext({ baseURL });
  const courses = await tool.get("/api/v1/courses?limit=2", { headers: { Authorization: `Bearer ${key}` } });
  expect(courses.status()).toBe(200);
  expect(courses.headers()["ratelimit-policy"]).toContain("q=");
  expect(Array.isArray((await courses.json()).data)).toBe(true);
  // A cross-site request reaches the API (no origin check there) and the key's scopes decide.
  const grant = await tool.post("/api/v1/enrollments", {
    headers: { Authorization: `Bearer ${key}`, Origin: "https://elsewhere.example" },
    data: { user_id: "someone", course_id: "00000000-0000-4000-8000-000000000000" },
  });
  expect(grant.status()).toBe(403);
  expect(grant.headers()["content-type"]).toBe("application/problem+json");
  // A page does not take the key as a sign-in.
  const account = await tool.get("/account", { headers: { Authorization: `Bearer ${key}` }, maxRedirects: 0 });
  expect(account.status()).toBe(302);
  expect(account.headers().location).toMatch(/^\/login/);

  await page.getByRole("link", { name: "Back to Developers" }).click();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("courses:read, enrollments:read");
  await expect(row).toContainText("Active");
  await expect(page.getByText(key)).toHaveCount(0);
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(toast(page, "API key revoked")).toBeVisible();
  await expect(row).toContainText("Revoked");

  const refused = await tool.get("/api/v1/courses", { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ type: "about:blank", title: "Unauthorized", status: 401 });
  await tool.dispose();

  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /POST \/enrollments/ })).toBeVisible();
  expect(violations(await wcagScan(page))).toEqual([]);
});
