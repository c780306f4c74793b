import { expect, test, type Page } from "@playwright/test";

const cards = (page: Page) => page.getByRole("list", { name: "Playbooks" }).getByRole("article");

/** Card prices in page order, "Included in membership" as 0. */
async function prices(page: Page) {
  const texts = await cards(page).locator("div.border-t > span").allTextContents();
  return texts.map((text) => (text === "Included in membership" ? 0 : Number(text.replace(/[$,]/g, ""))));
}

test("category pills, search and sort filter the playbooks and mirror the URL", async ({ page }) => {
  await page.goto("/playbooks");
  await expect(cards(page)).toHaveCount(9);

  await page.getByRole("navigation", { name: "Playbook categories" }).getByRole("link", { name: "AI / ChatGPT" }).click();
  await expect(page).toHaveURL(/\/playbooks\?category=ai-chatgpt$/);
  await expect(cards(page)).toHaveCount(2);
  for (const badge of await cards(page).getByText("AI / ChatGPT", { exact: true }).all()) await expect(badge).toBeVisible();

  await page.getByRole("link", { name: "All", exact: true }).click();
  await expect(page).toHaveURL(/\/playbooks$/);
  await page.getByRole("searchbox", { name: "Search playbooks" }).fill("checklist");
  await expect(page).toHaveURL(/\/playbooks\?q=checklist$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByRole("heading", { name: "Store Launch Checklist" })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search playbooks" }).fill("");
  await expect(page).toHaveURL(/\/playbooks$/);
  await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Price low to high" });
  await expect(page).toHaveURL(/\/playbooks\?sort=price-asc$/);
  const ascending = await prices(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  expect(ascending[0]).toBe(0);

  await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Price high to low" });
  await expect(page).toHaveURL(/\/playbooks\?sort=price-desc$/);
  await expect.poll(() => prices(page)).toEqual([...ascending].sort((a, b) => b - a));
});

test("a card links to its course and Preview opens the playbook's details", async ({ page }) => {
  await page.goto("/playbooks?q=store%20launch");
  const card = cards(page).first();
  await expect(card.getByRole("link", { name: "Store Launch Checklist" })).toHaveAttribute("href", "/courses/shopify-101");
  const preview = card.getByRole("button", { name: "Preview Store Launch Checklist" });
  await preview.click();
  const dialog = page.getByRole("dialog", { name: "Store Launch Checklist" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Included in membership")).toBeVisible();
  await expect(dialog.getByText("45 min")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "View course" })).toHaveAttribute("href", "/courses/shopify-101");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(preview).toBeFocused();
});

test("no match shows the empty state and Clear filters resets everything", async ({ page }) => {
  await page.goto("/playbooks?category=execution&q=no-such-playbook-anywhere&sort=popular");
  await expect(page.getByText("No playbooks match your filters. Try clearing one or more filters.")).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search playbooks" })).toHaveValue("no-such-playbook-anywhere");
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/playbooks$/);
  await expect(cards(page)).toHaveCount(9);
  await expect(page.getByRole("searchbox", { name: "Search playbooks" })).toHaveValue("");
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("newest");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form filters and the URL leaves out defaults", async ({ page }) => {
    await page.goto("/playbooks?category=shopify");
    await page.getByRole("searchbox", { name: "Search playbooks" }).fill("kit");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/playbooks\?category=shopify&q=kit$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole("heading")).toHaveText("Product Page Teardown Kit");
  });
});
