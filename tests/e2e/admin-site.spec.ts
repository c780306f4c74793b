import { expect, test } from "@playwright/test";
import { signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { wcagScan } from "./axe";

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

const violations = async (page: Parameters<typeof wcagScan>[0]) =>
  (await wcagScan(page)).violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`);

test("the owner adds a /p/ page to the header, names and places it in Navigation, and visitors see it there", async ({ page }) => {
  const title = uniqueTitle("Workshops");
  const slug = title.toLowerCase().replace(/ /g, "-");
  const label = `Live ${slug.slice(-6)}`;
  await page.goto("/admin/pages/new");
  await waitForHydration(page);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Address").fill(slug);
  await page.getByLabel("The header").check();
  await page.getByRole("button", { name: "Create page" }).click();
  await expect(toast(page, "Page created")).toBeVisible();
  await page.getByRole("button", { name: `Publish “${title}”` }).click();
  await expect(toast(page, "Page published")).toBeVisible();

  await page.goto("/admin/pages");
  await page.getByRole("link", { name: "Edit the navigation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Navigation" })).toBeVisible();
  await waitForHydration(page);
  expect(await violations(page)).toEqual([]);

  const header = page.locator("section#header");
  await header.getByLabel(`Label of the link to /p/${slug}`).fill(label);
  // A javascript: social link is refused with the reason, and what was typed stays.
  await page.getByLabel("X", { exact: true }).fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save social links" }).click();
  await expect(page.getByText("A social link must be an https:// address")).toBeVisible();
  await expect(page.getByLabel("X", { exact: true })).toHaveValue("javascript:alert(1)");

  // The label, then one place up from the keyboard (the Move button saves the list as shown).
  await header.getByLabel(`Label of the link to /p/${slug}`).fill(label);
  await header.getByRole("button", { name: "Save Header" }).click();
  await expect(toast(page, "Navigation saved")).toBeVisible();
  const rows = header.getByTestId("navigation-row");
  const count = await rows.count();
  await header.getByRole("button", { name: `Move “${label}” up` }).focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Navigation saved")).toBeVisible();
  await expect(rows.nth(count - 2).getByRole("textbox")).toHaveValue(label);

  await page.goto("/");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label }).click();
  await expect(page).toHaveURL(`/p/${slug}`);
});

test("the owner edits the refund policy: its Last updated date moves to today, and not on an unchanged save", async ({ page }) => {
  const words = uniqueTitle("Refunds within 30 days");
  await page.goto("/admin/pages");
  await page.getByRole("link", { name: "Edit Refund Policy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Refund Policy" })).toBeVisible();
  await waitForHydration(page);
  expect(await violations(page)).toEqual([]);

  const text = page.getByLabel("Text (Markdown)");
  // Added at the end, so the demo's sections other tests read stay as they are.
  await text.fill(`${await text.inputValue()}\n\n## Our Promise\n\n${words} for **every** course.`);
  await expect(page.getByTestId("markdown-preview")).toContainText(words);
  await page.getByRole("button", { name: "Save Refund Policy" }).click();
  await expect(toast(page, "Refund Policy saved: its “Last updated” date is today")).toBeVisible();
  const today = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date());
  await expect(page.getByTestId("legal-updated")).toContainText(`Last updated: ${today}`);

  await page.getByRole("button", { name: "Save Refund Policy" }).click();
  await expect(toast(page, "Refund Policy unchanged: its date stays as it was")).toBeVisible();

  await page.goto("/refund");
  await expect(page.getByText(`Last updated: ${today}`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /\d+\. Our Promise/ })).toBeVisible();
  await expect(page.locator("strong", { hasText: "every" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Table of contents" }).getByRole("link", { name: /Our Promise/ })).toBeVisible();
});
