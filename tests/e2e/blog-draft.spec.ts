import { expect, test } from "@playwright/test";
import { fillPost, openNewPost, signInAsAdmin, toast, uniqueTitle } from "./admin-support";

test("a draft is a 404 for visitors and a bannered preview for admins; publishing makes it public", async ({ page, browser }) => {
  await signInAsAdmin(page);
  const title = uniqueTitle("Blog draft check");
  const slug = title.toLowerCase().replace(/ /g, "-");
  await openNewPost(page);
  await fillPost(page, { title, excerpt: "A draft for the preview test.", content: "Intro.\n\n## First part\n\nText.\n\n### Detail\n\nMore text." });
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(toast(page, "Post saved as draft successfully")).toBeVisible();

  // A visitor (no session) gets the not-found page with a real 404.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const response = await visitorPage.goto(`/blog/${slug}`);
  expect(response?.status()).toBe(404);
  await expect(visitorPage.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
  const search = await visitorPage.request.get(`/blog?q=${encodeURIComponent(title)}`);
  expect(await search.text()).toContain("No posts match your filters.");

  // The admin sees the draft, marked as a preview, with its table of contents.
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Draft preview" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Detail" })).toHaveAttribute("href", "#detail");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  // Published from the editor, it is public, in the list, and no longer a preview.
  await page.goto("/admin/blog");
  await page.getByRole("link", { name: `Edit ${title}` }).first().click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Post published successfully")).toBeVisible();

  const published = await visitorPage.goto(`/blog/${slug}`);
  expect(published?.status()).toBe(200);
  await expect(visitorPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitorPage.getByText("Draft preview")).toHaveCount(0);
  await visitorPage.goto(`/blog?q=${encodeURIComponent(title)}`);
  await expect(visitorPage.getByRole("heading", { name: title })).toBeVisible();
  await visitor.close();
});
