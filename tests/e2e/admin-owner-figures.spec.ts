import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin, waitForHydration } from "./admin-support";
import { grantAccess, newLearner } from "./learning-support";

/**
 * What the owner reads (issue 39): the dashboard's revenue, each learner's progress on their page,
 * and the analytics tables beside the charts, whose last column can be reached on a phone and on a
 * narrow desktop (the table scrolls inside its labelled region; the page itself never scrolls sideways).
 */

test("the dashboard shows revenue today, in 7 and in 30 days, in the school's currency", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin");
  const revenue = page.getByRole("region", { name: "Revenue" });
  await expect(revenue.getByText("Without tax and refunded orders.")).toBeVisible();
  for (const label of ["Today", "Last 7 days", "Last 30 days"]) {
    await expect(revenue.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`)).toHaveText(/^\$[\d,]+\.\d\d$/);
  }
});

test("a learner's page shows each held course's progress as a labelled bar", async ({ page, browser }) => {
  await signInAsAdmin(page);
  const learner = await newLearner(browser);
  try {
    const courseTitle = await firstDemoCourseTitle(page);
    await grantAccess(page, learner.email, courseTitle);
    const row = page.getByRole("table", { name: "Course access" }).getByRole("row").filter({ hasText: courseTitle });
    await expect(row.getByText(/^0 of \d+ lessons · 0%$/)).toBeVisible();
    await expect(row.getByRole("progressbar", { name: `Progress in “${courseTitle}”` })).toHaveAttribute("aria-valuenow", "0");
  } finally {
    await learner.context.close();
  }
});

async function firstDemoCourseTitle(page: Page) {
  const records = (await (await page.request.get("/data/courses.json")).json()) as { title: string }[];
  return records[0]!.title;
}

const TABLES = ["Revenue by period", "Sales per course", "Members by period", "Sign-ups by period"];

for (const viewport of [
  { name: "a phone", width: 375, height: 800 },
  { name: "a tablet", width: 768, height: 900 },
  { name: "a narrow desktop", width: 1280, height: 800 },
]) {
  test(`Analytics on ${viewport.name}: every table's last column can be scrolled into view inside its region`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInAsAdmin(page);
    await page.goto("/admin/analytics?range=7d");
    await waitForHydration(page);
    // Nothing pushes the page wider than the screen (a cut-off table would).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    for (const name of TABLES) {
      const table = page.getByRole("table", { name });
      const lastHeader = table.getByRole("columnheader").last();
      await lastHeader.scrollIntoViewIfNeeded();
      const region = page.getByRole("region", { name: new RegExp(" figures$") }).filter({ has: table });
      // The region is the only scroller: its sideways scrollbar is in sight, not below its fold.
      expect(await table.evaluate((element) => getComputedStyle(element.parentElement!).overflowX), name).toBe("visible");
      const [cell, box] = await Promise.all([lastHeader.boundingBox(), region.boundingBox()]);
      expect(cell, name).not.toBeNull();
      // The header's right edge lies inside the region and inside the screen once scrolled to.
      expect(cell!.x + cell!.width, name).toBeLessThanOrEqual(box!.x + box!.width + 1);
      expect(cell!.x, name).toBeGreaterThanOrEqual(box!.x - 1);
      expect(cell!.x + cell!.width, name).toBeLessThanOrEqual(viewport.width);
    }
  });
}
