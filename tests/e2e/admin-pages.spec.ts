import { expect, test, type Page } from "@playwright/test";
import { coverPng, signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { wcagScan } from "./axe";

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

async function openPage(page: Page, title: string) {
  await page.goto(`/admin/pages?q=${encodeURIComponent(title)}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await waitForHydration(page);
}

async function addSection(page: Page, kind: string) {
  await page.getByLabel("Kind of section").selectOption({ label: kind });
  await page.getByRole("button", { name: "Add a section" }).click();
}

test("the owner adds a section to the home page, sees it in the preview, publishes it, and takes it out again", async ({ page }) => {
  const words = uniqueTitle("Our own words");
  await openPage(page, "Home");
  await addSection(page, "Rich text");
  await page.getByLabel("Text (Markdown)").fill(`## ${words}\n\nWritten by **the owner**.`);
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(toast(page, "Section added")).toBeVisible();
  await expect(page.getByText("Unpublished changes")).toBeVisible();

  // The draft is in the preview, not on the site yet.
  const preview = page.frameLocator('iframe[title="Preview of the draft"]');
  await expect(preview.getByRole("heading", { name: words })).toBeVisible();
  await page.getByRole("button", { name: "Phone width" }).click();
  await expect(page.locator('iframe[title="Preview of the draft"]')).toHaveAttribute("style", /width: 390px/);
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { name: words })).toHaveCount(0);

  await page.getByRole("button", { name: "Publish “Home”" }).click();
  await expect(toast(page, "Page published")).toBeVisible();
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { name: words })).toBeVisible();
  await expect(visitor.locator("strong", { hasText: "the owner" })).toBeVisible();

  await page.getByRole("button", { name: `Delete “Rich text: ## ${words}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete section" }).click();
  await expect(toast(page, "Section deleted")).toBeVisible();
  await page.getByRole("button", { name: "Publish “Home”" }).click();
  await expect(toast(page, "Page published")).toBeVisible();
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { name: words })).toHaveCount(0);
  await visitor.close();
});

test("the owner makes a page at /p/, refused bad input first, and links it from the header", async ({ page }) => {
  const title = uniqueTitle("Our story");
  const slug = title.toLowerCase().replace(/ /g, "-");
  await page.goto("/admin/pages/new");
  await waitForHydration(page);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Address").fill("courses");
  await page.getByLabel("The header").check();
  await page.getByRole("button", { name: "Create page" }).click();
  await expect(page.getByText("“courses” is the address of one of the site's own pages: choose another")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await page.getByLabel("Address").fill(slug);
  await page.getByRole("button", { name: "Create page" }).click();
  await expect(toast(page, "Page created")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await addSection(page, "Call to action");
  await page.getByLabel("Heading").fill("Start today");
  await page.getByLabel("Button label").fill("Click me");
  await page.getByLabel("Button link").fill("javascript:alert(document.cookie)");
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(page.getByText("A link must start with / (a page of this site), https:// or mailto:")).toBeVisible();
  await expect(page.getByLabel("Heading")).toHaveValue("Start today");
  await page.getByLabel("Button link").fill("/courses");
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(toast(page, "Section added")).toBeVisible();

  await addSection(page, "Rich text");
  await page.getByLabel("Text (Markdown)").fill("How it began.");
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(toast(page, "Section added")).toBeVisible();

  // A picture uploaded from the section's own form (checked like every image upload, kept in the media).
  await addSection(page, "Image with text");
  await page.getByLabel("Upload image").setInputFiles({ name: "workshop.png", mimeType: "image/png", buffer: await coverPng() });
  await expect(toast(page, "Image uploaded successfully")).toBeVisible();
  await expect(page.getByLabel("Image", { exact: true })).toHaveValue(/^\/media\/(.+\/)?pages\/image-\d+\.png$/);
  await page.getByLabel("Image description (for screen readers; empty if decorative)").fill("Our workshop");
  await page.getByLabel("Heading").fill("Where we work");
  await page.getByLabel("Text (Markdown)").fill("A bright room.");
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(toast(page, "Section added")).toBeVisible();

  // From the keyboard: the text moves above the call to action.
  await page.getByRole("button", { name: "Move “Rich text: How it began.” up" }).focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Section moved")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Rich text" }).first()).toContainText("1.");

  await page.getByRole("button", { name: `Publish “${title}”` }).click();
  await expect(toast(page, "Page published")).toBeVisible();

  await page.goto("/");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(`/p/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const text = page.getByText("How it began.");
  const cta = page.getByRole("heading", { name: "Start today" });
  expect((await text.boundingBox())!.y).toBeLessThan((await cta.boundingBox())!.y);
  await expect(page.getByRole("link", { name: "Click me" })).toHaveAttribute("href", "/courses");
  const picture = page.getByRole("img", { name: "Our workshop" });
  await expect(picture).toHaveAttribute("src", /\/media\/(.+\/)?pages\/image-\d+\.png/);
  expect(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
});

test("the owner writes their own comparison table: refused while ticked with no row, then their rows on the page", async ({ page }) => {
  const title = uniqueTitle("Team plans");
  const slug = title.toLowerCase().replace(/ /g, "-");
  await page.goto("/admin/pages/new");
  await waitForHydration(page);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Address").fill(slug);
  await page.getByRole("button", { name: "Create page" }).click();
  await expect(toast(page, "Page created")).toBeVisible();
  await waitForHydration(page);

  await addSection(page, "Pricing");
  await page.getByLabel("Heading", { exact: true }).fill("Plans for teams");
  await page.getByLabel("Show the comparison table").check();
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(page.getByText("Add a row to the comparison table, or untick Show the comparison table")).toBeVisible();
  await expect(page.getByLabel("Heading", { exact: true })).toHaveValue("Plans for teams");
  await page.getByLabel("Row 1: Feature").fill("Team seats");
  await page.getByLabel("Row 1: Included with the membership").check();
  await page.getByLabel("Row 2: Feature").fill("Lifetime updates");
  await page.getByLabel("Row 2: Included with individual courses").check();
  await page.getByLabel("Row 2: Included with the membership").check();
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(toast(page, "Section added")).toBeVisible();
  await page.getByRole("button", { name: `Publish “${title}”` }).click();
  await expect(toast(page, "Page published")).toBeVisible();

  await page.goto(`/p/${slug}`);
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(3);
  const seats = table.getByRole("row", { name: /^Team seats/ });
  await expect(seats.getByText("Not included", { exact: true })).toHaveCount(1);
  await expect(seats.getByText("Included", { exact: true })).toHaveCount(1);
  await expect(table.getByRole("row", { name: /^Lifetime updates/ }).getByText("Included", { exact: true })).toHaveCount(2);
  await expect(table.getByText("Weekly live Q&A")).toHaveCount(0);
});

test("the page editor passes axe", async ({ page }) => {
  await openPage(page, "Home");
  await page.getByRole("link", { name: /^Edit “Hero/ }).click();
  await expect(page.getByLabel("Headline", { exact: true })).toBeVisible();
  const results = await wcagScan(page);
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`)).toEqual([]);
});
