import { expect, test } from "@playwright/test";
import { signInAsAdmin, signInAsNewLearner, toast, waitForHydration } from "./admin-support";
import { buyCourseInTestMode } from "./checkout-support";
import { wcagScan } from "./axe";

/**
 * Across checkout and the back office: a learner buys a course in test mode, the admin refunds the
 * order from /admin/orders, and the learner's course is closed again. The learner is new, so the
 * search by their e-mail finds only this order whatever other specs run beside it.
 */

const COURSE = { slug: "the-perfect-prompt", title: "The Perfect Prompt" };

test("an admin refunds a learner's test-mode purchase: the order says Refunded and the course is for sale to them again", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  const email = await signInAsNewLearner(learner);
  const { price } = await buyCourseInTestMode(learner, COURSE);
  await learner.goto(`/courses/${COURSE.slug}`);
  const enroll = learner.getByRole("complementary", { name: "Enroll" });
  await expect(enroll.getByRole("link", { name: "Continue learning" })).toBeVisible();

  await signInAsAdmin(page);
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  const table = page.getByRole("table", { name: "Orders" });
  const row = table.getByRole("row").filter({ hasText: COURSE.title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(email);
  await expect(row).toContainText(price);
  await expect(row).toContainText("Paid");

  const refund = row.getByRole("button", { name: `Refund “${COURSE.title}” for ${email}` });
  await refund.click();
  const dialog = page.getByRole("alertdialog", { name: `Refund “${COURSE.title}”?` });
  await expect(dialog).toContainText("Test mode: no real money moves.");
  await expect(dialog).toContainText(`Their access to “${COURSE.title}” ends now, unless an admin granted it to them`);
  const results = await wcagScan(page);
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  // Cancel changes nothing.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Paid");

  await refund.click();
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(toast(page, `Refunded “${COURSE.title}”.`)).toBeVisible();
  // The list comes back with the same search, the order refunded and no button left to press twice.
  expect(new URL(page.url()).searchParams.get("q")).toBe(email);
  await expect(row).toContainText("Refunded");
  await expect(row.getByRole("button", { name: /^Refund / })).toHaveCount(0);

  // The learner: the course is for sale again, and their orders say Refunded.
  await learner.goto(`/courses/${COURSE.slug}`);
  await expect(enroll.getByRole("link", { name: "Buy This Course" })).toBeVisible();
  await expect(enroll.getByRole("link", { name: "Continue learning" })).toHaveCount(0);
  await learner.goto("/account");
  const accountOrder = learner.getByRole("region", { name: "Orders" }).getByRole("row").filter({ hasText: COURSE.title });
  await expect(accountOrder).toContainText("Refunded");
  await learnerContext.close();

  // The learner's page in the back office: the order, refunded, and the course access revoked.
  await row.getByRole("link", { name: email }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const userOrders = page.getByRole("table", { name: `Orders of ${email}` });
  await expect(userOrders.getByRole("row").filter({ hasText: COURSE.title })).toContainText("Refunded");
  await expect(userOrders.getByRole("button", { name: /^Refund / })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Course access" }).getByRole("row").filter({ hasText: COURSE.title })).toContainText(
    "Revoked",
  );
});

test("an admin refunds from the learner's own page and stays there", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  const email = await signInAsNewLearner(learner);
  await buyCourseInTestMode(learner, COURSE);
  await learnerContext.close();

  await signInAsAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: email }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/?]+$/);
  await waitForHydration(page);
  const userPage = page.url();
  const orderRow = page
    .getByRole("table", { name: `Orders of ${email}` })
    .getByRole("row")
    .filter({ hasText: COURSE.title });
  await expect(orderRow).toContainText("Paid");

  await orderRow.getByRole("button", { name: `Refund “${COURSE.title}” for ${email}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Refund", exact: true }).click();
  await expect(toast(page, `Refunded “${COURSE.title}”.`)).toBeVisible();
  expect(page.url()).toBe(userPage);
  await expect(orderRow).toContainText("Refunded");
});
