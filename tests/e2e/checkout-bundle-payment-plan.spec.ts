import { expect, test } from "@playwright/test";
import { signInAsAdmin, signInAsNewLearner, toast, uniqueTitle, waitForHydration } from "./admin-support";

/**
 * A bundle's payment plan (docs/decisions/073) in test mode: the owner gives a bundle a plan of 2
 * monthly payments (an N outside 2–12 refused first); a learner buys the bundle by the plan, reaches
 * both courses and sees "Paid 1 of 2"; the owner runs the next payment from the learner's page and
 * the learner sees "Paid 2 of 2".
 */

const FIRST = { slug: "chatgpt-for-store-owners", title: "ChatGPT for Store Owners" };
const SECOND = { slug: "the-perfect-prompt", title: "The Perfect Prompt" };

test("the owner sets a plan on a bundle; a learner buys it by the plan, and the owner runs the next payment now", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto("/admin/bundles/new");
  const title = uniqueTitle("Plan Bundle");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Price (USD)").fill("200");
  await page.getByLabel("Published").check();
  await page.getByRole("checkbox", { name: new RegExp(FIRST.title) }).check();
  await page.getByRole("checkbox", { name: new RegExp(SECOND.title) }).check();
  await page.getByRole("button", { name: "Create bundle" }).click();
  await expect(toast(page, "Bundle created")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  const slug = (await row.getByText(/^\/bundles\//).textContent())!.replace("/bundles/", "");
  await row.getByRole("link", { name: `Edit ${title}` }).click();
  await waitForHydration(page);

  const card = page.getByRole("region", { name: "Payment plan" });
  await card.getByLabel("Number of payments").fill("1");
  await card.getByLabel("Each payment").fill("110");
  await card.getByRole("button", { name: "Save payment plan" }).click();
  await expect(card.getByText("Choose from 2 to 12 payments")).toBeVisible();
  await card.getByLabel("Number of payments").fill("2");
  await card.getByRole("button", { name: "Save payment plan" }).click();
  await expect(toast(page, "Payment plan saved")).toBeVisible();
  await expect(card).toContainText("$220.00 in all");

  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  const email = await signInAsNewLearner(learner);
  await learner.goto(`/bundles/${slug}`);
  await learner.getByRole("link", { name: "Or 2 monthly payments of $110.00" }).click();
  await waitForHydration(learner);
  const choice = learner.getByRole("navigation", { name: "How would you like to pay?" });
  await expect(choice.getByRole("link", { name: /2 monthly payments of \$110\.00/ })).toHaveAttribute("aria-current", "true");
  await expect(choice).toContainText("$220.00 in all");
  await learner.getByRole("button", { name: "Pay $110.00" }).click();
  await expect(learner.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();
  for (const course of [FIRST, SECOND]) {
    await learner.goto(`/courses/${course.slug}`);
    await expect(learner.getByRole("complementary", { name: "Enroll" })).toContainText("You have access to this course.");
  }
  await learner.goto("/account#payment-plans");
  const plans = learner.getByRole("list", { name: "Payment plans" });
  await expect(plans).toContainText(title);
  await expect(plans).toContainText("Paid 1 of 2");
  await expect(plans).toContainText("Next payment on");

  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  await page.getByRole("row").filter({ hasText: email }).getByRole("cell").nth(2).click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/?]+$/);
  await waitForHydration(page);
  const adminPlans = page.getByRole("list", { name: "Payment plans" });
  await expect(adminPlans).toContainText("Paid 1 of 2");
  await adminPlans.getByRole("button", { name: "Run the next payment now" }).click();
  await expect(toast(page, "Payment taken: the plan moved on one payment")).toBeVisible();
  await expect(adminPlans).toContainText("Paid 2 of 2");

  await learner.reload();
  await expect(learner.getByRole("list", { name: "Payment plans" })).toContainText("Paid 2 of 2");
  await expect(learner.getByRole("list", { name: "Payment plans" })).toContainText("Completed");
  await learnerContext.close();
});
