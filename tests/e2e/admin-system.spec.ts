import { expect, test } from "@playwright/test";
import { signInAsAdmin, signInAsNewLearner, waitForHydration } from "./admin-support";
import { wcagScan } from "./axe";

test("Admin → System shows the queues and the mail log, searched by address, with no WCAG A/AA violations", async ({ page, browser }) => {
  // A learner signs up: their confirmation mail goes through the queue and into the mail log.
  const learnerContext = await browser.newContext();
  const learner = await signInAsNewLearner(await learnerContext.newPage());
  await learnerContext.close();

  await signInAsAdmin(page);
  await page.goto("/admin/system");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "System" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const queues = page.getByRole("table", { name: "Queues" });
  await expect(queues.getByRole("columnheader", { name: "Waiting" })).toBeVisible();
  await expect(queues.getByRole("row", { name: /Mail delivery/ })).toBeVisible();
  await expect(queues.getByRole("row", { name: /Unused upload sweep/ })).toBeVisible();

  await page.getByLabel("Search by address").fill(learner);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(learner).replace(/[.]/g, "\\.")}`));
  await expect(page.getByText("1 message to addresses matching")).toBeVisible();
  const row = page.getByRole("table", { name: "Mail log" }).getByRole("row", { name: new RegExp(learner.replace(/[.+]/g, "\\$&")) });
  await expect(row).toContainText("Email confirmation");
  // The learner opened the link in the mail, so it was delivered.
  await expect(row.getByText("Sent", { exact: true })).toBeVisible();

  const results = await wcagScan(page);
  expect(
    results.violations.map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`),
  ).toEqual([]);
});

test("a learner cannot open Admin → System", async ({ page }) => {
  await signInAsNewLearner(page);
  const response = await page.goto("/admin/system");
  expect(response?.status()).toBe(403);
});
