import { expect, test } from "@playwright/test";
import { signInAsNewLearner } from "./admin-support";

test("a visitor is sent to /login, to come back to the admin page", async ({ page }) => {
  await page.goto("/admin/blog");
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fblog$/);
});

test("a signed-in non-admin gets Access Denied with HTTP 403 and the debug info", async ({ page }) => {
  const email = await signInAsNewLearner(page);
  for (const path of ["/admin", "/admin/blog", "/admin/blog/new", "/admin/setup-sql"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You need admin privileges to access this page.")).toBeVisible();
    const debug = page.getByRole("definition");
    await expect(debug.filter({ hasText: email })).toBeVisible();
    await expect(debug.filter({ hasText: /^user$/ })).toBeVisible();
    await expect(debug.filter({ hasText: /^false$/ })).toBeVisible();
  }
  // The upload endpoint and a direct action call refuse too.
  const upload = await page.request.post("/api/uploads/post-cover", {
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: Buffer.from("x") } },
    headers: { Origin: process.env.E2E_BASE_URL! },
  });
  expect(upload.status()).toBe(403);
  const action = await page.request.post("/admin/blog", {
    form: { intent: "delete", id: "00000000-0000-4000-8000-000000000000" },
    headers: { Origin: process.env.E2E_BASE_URL! },
    maxRedirects: 0,
  });
  expect(action.status()).toBe(403);
});

test("a visitor's upload is refused with 401", async ({ request }) => {
  const response = await request.post("/api/uploads/post-cover", {
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: Buffer.from("x") } },
    headers: { Origin: process.env.E2E_BASE_URL! },
  });
  expect(response.status()).toBe(401);
});
