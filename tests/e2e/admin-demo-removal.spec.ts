import { expect, test } from "@playwright/test";
import { signInAsAdmin, toast, waitForHydration } from "./admin-support";

/**
 * "Remove the demo content" empties the school of the demo for good, so this spec runs last of all
 * (its own project, after the school-wide settings): every other spec reads the demo.
 */

test("the owner removes the demo content after a confirmation that names the counts; what they made stays", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin");
  await waitForHydration(page);
  const card = page.getByRole("region", { name: "Demo content" });
  await expect(card).toContainText(/Your school still holds the demo: \d+ courses \(\d+ lessons\), \d+ posts, \d+ playbooks, \d+ testimonials/);
  await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();

  await card.getByRole("button", { name: "Remove the demo content" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove the demo content?" });
  await expect(dialog).toContainText(/This removes \d+ courses/);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(card).toBeVisible();

  await card.getByRole("button", { name: "Remove the demo content" }).click();
  await dialog.getByRole("button", { name: "Remove the demo content" }).click();
  await expect(toast(page, "Demo content removed")).toBeVisible();
  await expect(page.getByRole("region", { name: "Demo content" })).toHaveCount(0);

  // The public site no longer shows the demo's courses or posts.
  await page.goto("/courses/shopify-101");
  await expect(page.getByRole("heading", { name: /not found/i }).first()).toBeVisible();
  await page.goto("/blog");
  await expect(page.getByText("No posts match your filters.").or(page.getByText(/no posts/i)).first()).toBeVisible();
});
