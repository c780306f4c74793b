import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInAsAdmin, waitForHydration } from "./admin-support";

test("an admin opens Analytics from the menu, switches to the last 7 days and reads the figures", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Analytics" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  // The default range is the last 30 days, by day.
  await expect(page.getByRole("table", { name: "Revenue by period" }).getByRole("row")).toHaveCount(31);

  await page.getByRole("combobox", { name: "Range" }).selectOption({ label: "Last 7 days" });
  await page.getByRole("button", { name: "Apply range" }).click();
  await expect(page).toHaveURL(/range=7d/);
  const revenue = page.getByRole("table", { name: "Revenue by period" });
  await expect(revenue.getByRole("row")).toHaveCount(8);
  await expect(revenue.getByRole("row").last().getByRole("cell").nth(2)).toHaveText(/^\$[\d,]+\.\d\d$/);
  // The e2e admin signed up today, so today's sign-ups are at least one.
  const today = page.getByRole("table", { name: "Sign-ups by period" }).getByRole("row").last();
  await expect(today.getByRole("cell").last()).toHaveText(/^[1-9][\d,]*$/);
  // The sign-ups chart draws (recharts, loaded only here), hidden from screen readers beside its table.
  await expect(page.locator(".recharts-wrapper").first()).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  // The demo courses' first one has a funnel: one row per lesson, in learning order.
  await expect(page.getByRole("table", { name: "Completion funnel" }).getByRole("row").nth(1).getByRole("cell").first()).toHaveText("1");
  await expect(page.getByRole("link", { name: "Download Revenue as CSV" })).toHaveAttribute("href", /export\.csv\?range=7d&report=revenue/);
});
