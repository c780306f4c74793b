import { expect, test } from "@playwright/test";
import { signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";

/** Admin → Topics: the owner's topics become the catalog's filters and the course form's choices. */

test("an admin adds, renames and deletes a topic; the catalog and the course form follow", async ({ page }) => {
  const name = uniqueTitle("Pottery");
  const renamed = `${name} Basics`;
  await signInAsAdmin(page);
  await page.goto("/admin/topics");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Topics" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Topics" })).toHaveAttribute("aria-current", "page");

  // A clash with an existing topic is refused with the reason and keeps what was typed.
  await page.getByLabel("Topic name").fill("shopify");
  await page.getByRole("button", { name: "Add topic" }).click();
  await expect(page.getByText("A topic with this name already exists").first()).toBeVisible();
  await expect(page.getByLabel("Topic name")).toHaveValue("shopify");

  await page.getByLabel("Topic name").fill(name);
  await page.getByRole("button", { name: "Add topic" }).click();
  await expect(toast(page, "Topic added")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();

  await page.getByRole("link", { name: `Rename “${name}”` }).click();
  await expect(page.getByRole("heading", { name: `Rename “${name}”` })).toBeVisible();
  await page.getByLabel("New name").fill(renamed);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(toast(page, "Topic renamed")).toBeVisible();

  // The catalog offers it as a pill; the course form as a checkbox.
  await page.goto("/courses");
  await expect(page.getByRole("list", { name: "Topic" }).getByRole("link", { name: renamed })).toBeVisible();
  await page.goto("/admin/courses/new");
  await expect(page.getByRole("checkbox", { name: renamed })).toBeVisible();

  await page.goto(`/admin/topics?q=${encodeURIComponent(renamed)}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: `Delete ${renamed}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Topic deleted")).toBeVisible();
  await page.goto("/courses");
  await expect(page.getByRole("list", { name: "Topic" }).getByRole("link", { name: renamed })).toHaveCount(0);
});

test("a course without a cover shows art in the school's name, titled with its topic", async ({ page }) => {
  const response = await page.request.get("/art/cover.svg?topic=Shopify");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
  const svg = await response.text();
  expect(svg).toContain(">Shopify</text>");
  expect(svg).toMatch(/stop-color="#[0-9a-f]{6}"/);
});
