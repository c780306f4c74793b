import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInAsAdmin, signInAsNewLearner, waitForHydration } from "./admin-support";

// Orders are only made by checkout, which other specs drive; these tests search for text no other
// spec uses, so they see the same list whatever runs beside them.
const nobody = () => `no-such-buyer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`;

test("an admin opens Orders from the menu, searches and filters, and clears the search", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page).toHaveTitle(/^Orders \| Admin \| /);
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page.getByText(/^\d[\d,]* orders?$/)).toBeVisible();

  const email = nobody();
  const search = page.getByRole("searchbox", { name: "Search by email or title" });
  await search.fill(email.toUpperCase());
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Refunded" });
  await page.getByRole("button", { name: "Search" }).click();

  await expect(page).toHaveURL(/status=refunded/);
  expect(new URL(page.url()).searchParams.get("q")).toBe(email.toUpperCase());
  await expect(page.getByText(`0 orders matching “${email.toUpperCase()}” with the status Refunded`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "No orders found matching your search." })).toBeVisible();
  await expect(page.getByRole("table", { name: "Orders" })).toHaveCount(0);
  // The form shows the search it answered.
  await expect(search).toHaveValue(email.toUpperCase());
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("refunded");

  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(search).toHaveValue("");
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("");
  await expect(page.getByRole("heading", { name: "No orders found matching your search." })).toHaveCount(0);
});

test("the orders list works without JavaScript: the search is a plain GET form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.goto("/admin/orders");
  const email = nobody();
  await page.getByRole("searchbox", { name: "Search by email or title" }).fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "No orders found matching your search." })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("q")).toBe(email);
  await context.close();
});

test("a learner is refused the orders list", async ({ page }) => {
  await signInAsNewLearner(page);
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});

test("a new learner's page says they have no orders and no membership, accessibly", async ({ page, browser }) => {
  const learnerContext = await browser.newContext();
  const email = await signInAsNewLearner(await learnerContext.newPage());
  await learnerContext.close();

  await signInAsAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: email }).click();
  const card = page.locator("[data-slot='card']").filter({ has: page.getByRole("heading", { level: 2, name: "Orders and membership" }) });
  await expect(card.getByRole("heading", { level: 3, name: "Membership" })).toBeVisible();
  await expect(card.getByText("No membership", { exact: true })).toBeVisible();
  await expect(card.getByText("No orders yet", { exact: true })).toBeVisible();
  await waitForHydration(page);
  const results = await new AxeBuilder({ page })
    .include("[data-slot='card']")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});
