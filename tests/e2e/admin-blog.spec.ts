import { expect, test, type Page } from "@playwright/test";
import { coverPng, fillPost, openNewPost, signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

/** The blog list filtered to one post's title, with that post's row. */
async function findInList(page: Page, title: string) {
  await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
  await waitForHydration(page);
  return page.getByRole("row").filter({ hasText: title });
}

test("an admin writes a post with a cover, publishes it, and it shows on the public blog", async ({ page }) => {
  const title = uniqueTitle("Pricing Playbook");
  const slug = title.toLowerCase().replace(/ /g, "-");
  await openNewPost(page);
  await fillPost(page, {
    title,
    excerpt: "How to set prices that cover costs and still sell.",
    content: "## Start with costs\n\nAdd **everything** up.\n\n- shipping\n- fees",
  });

  // The slug follows the title; the excerpt counts its characters; the preview renders the markdown.
  await expect(page.getByLabel("Slug")).toHaveValue(slug);
  await expect(page.getByText("140-200 characters recommended (50 characters)")).toBeVisible();
  const preview = page.getByTestId("markdown-preview");
  await expect(preview.getByRole("heading", { level: 2, name: "Start with costs" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("everything");

  await page.getByLabel("Category").selectOption("Shopify");
  await page.getByLabel("Tags").fill(" pricing , margins ");
  await page.getByLabel("Upload cover image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await coverPng() });
  await expect(toast(page, "Cover image uploaded successfully")).toBeVisible();
  const cover = page.getByRole("img", { name: "Cover preview" });
  await expect(cover).toHaveAttribute("src", /^\/media\/media\/posts\/temp\/cover-\d+\.png$/);
  const coverUrl = (await cover.getAttribute("src"))!;

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toast(page, "Post published successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Published", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(row.getByText(`/${slug}`)).toBeVisible();

  // The public post page, with the uploaded cover.
  const response = await page.goto(`/blog/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Start with costs" })).toBeVisible();
  await expect(page.locator(`img[src="${coverUrl}"]`)).toBeVisible();
  const image = await page.request.get(coverUrl);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");

  // And the public list finds it.
  await page.goto(`/blog?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
});

test("unpublishing a post takes it off the public blog", async ({ page, browser }) => {
  const title = uniqueTitle("Going away soon");
  const slug = title.toLowerCase().replace(/ /g, "-");
  await openNewPost(page);
  await fillPost(page, { title, content: "Here today." });
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Post published successfully")).toBeVisible();
  // Seen by a visitor (an admin may preview drafts on the public page).
  const visitor = await browser.newPage();
  expect((await visitor.goto(`/blog/${slug}`))?.status()).toBe(200);

  const row = await findInList(page, title);
  await row.getByRole("button", { name: `Unpublish ${title}` }).click();
  await expect(toast(page, "Post unpublished successfully")).toBeVisible();
  await expect(row.getByText("Draft", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Publish ${title}` })).toBeVisible();

  const response = await visitor.goto(`/blog/${slug}`);
  expect(response?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
  await visitor.close();
});

test("a second post with the same title gets the slug with -1", async ({ page }) => {
  const title = uniqueTitle("Same Name");
  const slug = title.toLowerCase().replace(/ /g, "-");
  for (let i = 0; i < 2; i++) {
    await openNewPost(page);
    await fillPost(page, { title, content: `Copy number ${i + 1}.` });
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toast(page, "Post saved as draft successfully")).toBeVisible();
  }
  await findInList(page, title);
  await expect(page.getByText(`/${slug}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`/${slug}-1`, { exact: true })).toBeVisible();
});

test("a post without content is refused with the spec's message and keeps what was typed", async ({ page }) => {
  const title = uniqueTitle("Half written");
  await openNewPost(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Excerpt").fill("An excerpt to keep");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Title and content are required")).toBeVisible();
  await expect(toast(page, "Title and content are required")).toContainText("Error");
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Excerpt")).toHaveValue("An excerpt to keep");

  const row = await findInList(page, title);
  await expect(row).toHaveCount(0);
  await expect(page.getByText("No posts found matching your search.")).toBeVisible();
});

test("deleting a post from the list asks first, then removes it", async ({ page }) => {
  const title = uniqueTitle("Delete me");
  await openNewPost(page);
  await fillPost(page, { title, content: "Short-lived." });
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Post published successfully")).toBeVisible();

  const row = await findInList(page, title);
  await row.getByRole("button", { name: `Delete ${title}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Are you sure you want to delete this post?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toHaveCount(1);

  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Post deleted successfully")).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("No posts found matching your search.")).toBeVisible();
});

test("the edit screen loads a post, saves changes, and deletes with 'This action cannot be undone'", async ({ page }) => {
  const title = uniqueTitle("Editable");
  await openNewPost(page);
  await fillPost(page, { title, content: "First version." });
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Post published successfully")).toBeVisible();

  const row = await findInList(page, title);
  await row.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { name: /Edit post/ })).toBeVisible();
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue("First version.");

  // Leaving with unsaved changes asks first.
  await page.getByLabel("Content (Markdown)").fill("Second version.");
  await page.getByRole("link", { name: "Back to posts" }).click();
  const leave = page.getByRole("alertdialog");
  await expect(leave).toContainText("Leave without saving?");
  await leave.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue("Second version.");

  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(toast(page, "Post saved as draft successfully")).toBeVisible();
  await expect(row.getByText("Draft", { exact: true }).filter({ visible: true })).toBeVisible();

  await row.getByRole("link", { name: `Edit ${title}` }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("This action cannot be undone");
  await confirm.getByRole("button", { name: "Delete post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toast(page, "Post deleted successfully")).toBeVisible();
});

test("an unknown post id shows 'Post not found'", async ({ page }) => {
  const response = await page.goto("/admin/blog/00000000-0000-4000-8000-000000000000/edit");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to posts" })).toBeVisible();
});

test("pressing n on the blog list opens the new post screen, but not while typing in the search box", async ({ page }) => {
  await page.goto("/admin/blog");
  await waitForHydration(page);
  const search = page.getByRole("searchbox", { name: "Search posts by title or slug" });
  await search.fill("n");
  await search.press("n");
  await expect(search).toHaveValue("nn");
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await search.blur();
  await page.keyboard.press("Shift+N");
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.keyboard.press("n");
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await expect(page.getByRole("heading", { name: "New post" })).toBeVisible();
});
