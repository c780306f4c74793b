import { expect, test } from "@playwright/test";
import { createCourse, findInList, signInAsAdmin, signInAsNewLearner, slugOf, toast, uniqueTitle, waitForHydration } from "./admin-support";

/**
 * Payment plans (docs/decisions/069) in test mode: the admin gives a course a plan of 3 monthly
 * payments; a learner buys it by the plan and sees "Paid 1 of 3"; the owner runs the next payment
 * from the learner's page, and the learner sees "Paid 2 of 3"; the owner declines the third, and
 * the learner pays the overdue payment from their account.
 */

test("a learner buys a course by a payment plan, and the owner runs the next payment now", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = uniqueTitle("Plan Course");
  await signInAsAdmin(page);
  await createCourse(page, { title, price: "197" });
  const row = await findInList(page, title);
  await row.getByRole("link", { name: `Edit ${title}` }).click();
  await waitForHydration(page);
  const card = page.getByRole("region", { name: "Payment plan" });
  // Outside 2 to 12 payments: refused on its field, nothing stored.
  await card.getByLabel("Number of payments").fill("13");
  await card.getByLabel("Each payment").fill("69");
  await card.getByRole("button", { name: "Save payment plan" }).click();
  await expect(card.getByText("Choose from 2 to 12 payments")).toBeVisible();
  await card.getByLabel("Number of payments").fill("3");
  await card.getByRole("button", { name: "Save payment plan" }).click();
  await expect(toast(page, "Payment plan saved")).toBeVisible();
  await expect(card).toContainText("$207.00 in all");

  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  const email = await signInAsNewLearner(learner);
  await learner.goto(`/courses/${slugOf(title)}`);
  await learner.getByRole("complementary", { name: "Enroll" }).getByRole("link", { name: "Or 3 monthly payments of $69.00" }).click();
  await waitForHydration(learner);
  const choice = learner.getByRole("navigation", { name: "How would you like to pay?" });
  await expect(choice.getByRole("link", { name: /3 monthly payments of \$69\.00/ })).toHaveAttribute("aria-current", "true");
  await expect(choice).toContainText("$207.00 in all");
  await learner.getByRole("button", { name: "Pay $69.00" }).click();
  await expect(learner.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();
  await learner.goto(`/courses/${slugOf(title)}`);
  await expect(learner.getByRole("complementary", { name: "Enroll" }).getByText("You have access to this course.")).toBeVisible();
  await learner.goto("/account#payment-plans");
  const plans = learner.getByRole("list", { name: "Payment plans" });
  await expect(plans).toContainText("Paid 1 of 3");
  await expect(plans).toContainText("Next payment on");

  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  await page.getByRole("row").filter({ hasText: email }).getByRole("cell").nth(2).click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/?]+$/);
  await waitForHydration(page);
  const adminPlans = page.getByRole("list", { name: "Payment plans" });
  await expect(adminPlans).toContainText("Paid 1 of 3");
  await adminPlans.getByRole("button", { name: "Run the next payment now" }).click();
  await expect(toast(page, "Payment taken: the plan moved on one payment")).toBeVisible();
  await expect(adminPlans).toContainText("Paid 2 of 3");

  await learner.reload();
  await expect(learner.getByRole("list", { name: "Payment plans" })).toContainText("Paid 2 of 3");

  // The third payment is declined: the learner sees it overdue and pays it themselves.
  await adminPlans.getByRole("button", { name: "Decline the next payment" }).click();
  await expect(toast(page, "Payment declined: the plan is overdue and the buyer was e-mailed")).toBeVisible();
  await learner.reload();
  await waitForHydration(learner);
  const learnerPlans = learner.getByRole("list", { name: "Payment plans" });
  await expect(learnerPlans).toContainText("Overdue: a payment failed");
  await learnerPlans.getByRole("button", { name: `Pay the overdue payment of “${title}”` }).click();
  await expect(toast(learner, "Payment made: your plan is up to date and the course is open")).toBeVisible();
  await expect(learnerPlans).toContainText("Paid 3 of 3");
  await expect(learnerPlans.getByRole("button", { name: /^Pay the overdue payment/ })).toHaveCount(0);
  await learnerContext.close();
});
