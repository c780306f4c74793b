import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

/**
 * Every public page, including the ones other areas build (catalog, blog, auth): WCAG 2.1 AA
 * with zero serious or critical violations, at desktop and phone widths.
 */
const PAGES = [
  "/",
  "/courses",
  "/courses/shopify-101",
  "/blog",
  "/blog/the-90-minute-weekly-review",
  "/playbooks",
  "/testimonials",
  "/pricing",
  "/about",
  "/contact",
  "/privacy",
  "/terms",
  "/refund",
  "/login",
  "/signup",
  "/reset-password",
  "/newsletter",
  "/this-page-does-not-exist",
];

for (const width of [1280, 375]) {
  for (const path of PAGES) {
    test(`${path} has no serious accessibility violations at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
        }));
      expect(serious).toEqual([]);
    });
  }
}

test("open menus, dialogs and error states stay accessible", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const check = async () => {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => violation.id);
  };
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Courses" }).click();
  expect(await check()).toEqual([]);

  await page.goto("/playbooks");
  await page
    .getByRole("button", { name: /^Preview/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await check()).toEqual([]);

  await page.goto("/contact");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  expect(await check()).toEqual([]);
});
