import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInAsAdmin, waitForHydration } from "./admin-support";

const PAGES = [
  "/admin",
  "/admin/blog",
  "/admin/blog/new",
  "/admin/setup-sql",
  "/admin/courses",
  "/admin/courses/new",
  "/admin/settings",
  "/admin/orders",
  "/admin/coupons",
  "/admin/coupons/new",
  "/admin/reviews",
  "/admin/announcements",
  "/admin/announcements/new",
  "/admin/quizzes",
  "/admin/analytics",
  "/admin/system",
];

// One test per page and width, so each axe run has a timeout of its own and they run in parallel.
for (const width of [1280, 375]) {
  for (const path of PAGES) {
    test(`${path} has no WCAG A/AA violations and no horizontal scrolling at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAsAdmin(page);
      await page.goto(path);
      await waitForHydration(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(
        results.violations.map(
          (violation) => `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
        ),
      ).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    });
  }
}
