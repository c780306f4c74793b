import { expect, test, type Page } from "@playwright/test";
import { signInAsNewLearner, toast } from "./admin-support";
import { wcagScan } from "./axe";

/** Serious or critical WCAG 2.1 AA violations on the page as it is now. */
async function seriousViolations(page: Page) {
  const results = await wcagScan(page);
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => violation.id);
}

/** Test-mode membership: bought from the pricing page, shown on the account page, canceled at period end. */

/** Lessons that are not free previews, in three demo courses the learner never bought. */
const MEMBER_LESSONS = [
  { path: "/courses/shopify-101/lessons/choose-a-niche-you-can-serve", title: "Choosing a Niche You Can Actually Serve" },
  { path: "/courses/chatgpt-for-store-owners/lessons/build-your-brand-voice-brief", title: "Build a Brand Voice Brief" },
  { path: "/courses/the-perfect-prompt/lessons/the-five-part-prompt-framework", title: "The Five-Part Prompt Framework" },
];

/** Each lesson opens (200, its heading) or is locked (403), for whoever `page` is signed in as. */
async function lessonStatuses(page: Page) {
  const statuses: number[] = [];
  for (const lesson of MEMBER_LESSONS) {
    const response = await page.goto(lesson.path);
    statuses.push(response?.status() ?? 0);
    if (response?.status() === 200) await expect(page.getByRole("heading", { level: 1, name: lesson.title })).toBeVisible();
  }
  return statuses;
}

test("a learner buys the monthly membership, sees it active on their account, and cancels it at period end", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsNewLearner(page);
  expect(await lessonStatuses(page)).toEqual([403, 403, 403]);

  await page.goto("/pricing");
  await page.getByRole("link", { name: "Start monthly membership" }).first().click();
  await expect(page).toHaveURL(/\/checkout\?plan=monthly$/);
  await expect(page.getByRole("note", { name: "Test mode" })).toContainText("Test mode — no real payment");
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText("all-access membership (monthly)");
  await expect(summary).toContainText("per month");
  const total = (await summary.getByTestId("order-total").textContent())!;
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();

  // Every course is open now.
  expect(await lessonStatuses(page)).toEqual([200, 200, 200]);

  await page.goto("/account");
  const membership = page.getByRole("region", { name: "Membership" });
  await expect(membership).toContainText("Monthly");
  await expect(membership).toContainText("Active");
  await expect(membership).toContainText(/Renews on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  const orders = page.getByRole("region", { name: "Orders" });
  await expect(orders.getByRole("row").filter({ hasText: "all-access membership (monthly)" })).toContainText("Paid");
  expect(await seriousViolations(page)).toEqual([]);

  // A second membership is not sold to a member.
  await page.goto("/checkout?plan=yearly");
  await expect(page.getByRole("heading", { name: "You already have a membership" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);

  await page.goto("/account");
  await membership.getByRole("button", { name: "Cancel membership" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancel your membership?" });
  await expect(dialog).toContainText(/You keep every course until [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  expect(await seriousViolations(page)).toEqual([]);
  // "Keep membership" closes the question and gives focus back to the button (its code loads on the first press).
  await dialog.getByRole("button", { name: "Keep membership" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(membership.getByRole("button", { name: "Cancel membership" })).toBeFocused();
  await membership.getByRole("button", { name: "Cancel membership" }).click();
  await dialog.getByRole("button", { name: "Cancel membership" }).click();

  await expect(toast(page, "Your membership will end at the end of the current period")).toBeVisible();
  await expect(membership).toContainText("Ending");
  await expect(membership).toContainText(/Ends on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(membership.getByRole("button", { name: "Cancel membership" })).toHaveCount(0);

  // Canceled at period end: the courses stay open until that day.
  expect(await lessonStatuses(page)).toEqual([200, 200, 200]);
});
