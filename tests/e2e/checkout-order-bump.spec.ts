import { expect, test, type Page } from "@playwright/test";
import {
  fillCourse,
  findInList,
  openNewCourse,
  signInAsAdmin,
  signInAsNewLearner,
  toast,
  uniqueTitle,
  waitForHydration,
} from "./admin-support";

/**
 * Order bumps (docs/decisions/067) across the back office and checkout, in test mode: the admin
 * offers one course at a special price at another's checkout; a learner ticks the box, sees the
 * total change, pays once and gets both; the admin refunds the added course's line alone.
 */

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

async function publishCourse(page: Page, { title, price }: { title: string; price: string }) {
  await openNewCourse(page);
  await fillCourse(page, { title });
  await page.getByLabel("Price in USD").fill(price);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
}

test("a learner ticks the order bump, pays once for both courses, and the admin refunds the bump's line alone", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const main = uniqueTitle("Bump Main");
  const extra = uniqueTitle("Bump Extra");
  await signInAsAdmin(page);
  await publishCourse(page, { title: main, price: "50" });
  await publishCourse(page, { title: extra, price: "40" });

  const row = await findInList(page, main);
  await row.getByRole("link", { name: `Edit ${main}` }).click();
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  const card = page.getByRole("region", { name: "Order bump" });
  // A negative price is refused on its field, nothing stored.
  await card.getByLabel("Course to offer").selectOption({ label: `${extra} (usually $40.00)` });
  await card.getByLabel("Special price").fill("-5");
  await card.getByRole("button", { name: "Save order bump" }).click();
  await expect(card.getByText("The special price cannot be negative")).toBeVisible();
  await card.getByLabel("Special price").fill("15");
  await card.getByLabel("Pitch").fill("The exercises that go with it.");
  await card.getByRole("button", { name: "Save order bump" }).click();
  await expect(toast(page, "Order bump saved")).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove order bump" })).toBeVisible();

  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  const email = await signInAsNewLearner(learner);
  await learner.goto(`/courses/${slugOf(main)}`);
  await learner.getByRole("complementary", { name: "Enroll" }).getByRole("link", { name: "Buy This Course" }).click();
  await waitForHydration(learner);
  await expect(learner.getByTestId("order-total")).toHaveText("$50.00");
  const box = learner.getByRole("form", { name: "Add to your order" });
  await expect(box).toContainText("The exercises that go with it.");
  await box.getByRole("checkbox", { name: `Yes, add “${extra}” for $15.00` }).check();
  await expect(learner.getByTestId("order-total")).toHaveText("$65.00");
  await learner.getByRole("button", { name: "Pay $65.00" }).click();
  await expect(learner.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();
  for (const title of [main, extra]) {
    await learner.goto(`/courses/${slugOf(title)}`);
    await expect(learner.getByRole("complementary", { name: "Enroll" }).getByText("You have access to this course.")).toBeVisible();
  }

  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  const order = page.getByRole("table", { name: "Orders" }).getByRole("row").filter({ hasText: email });
  await expect(order).toHaveCount(1);
  await expect(order).toContainText("$65.00");
  await order.getByRole("button", { name: `Refund “${extra}” alone for ${email}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Refund “${extra}” alone?` });
  await expect(dialog).toContainText("Test mode: no real money moves.");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(toast(page, `Refunded “${extra}”.`)).toBeVisible();
  await expect(order).toContainText("Paid");
  await expect(order).toContainText("Refunded on");
  await expect(order.getByRole("button", { name: `Refund “${extra}” alone for ${email}` })).toHaveCount(0);

  await learner.goto(`/courses/${slugOf(extra)}`);
  await expect(learner.getByRole("complementary", { name: "Enroll" }).getByRole("link", { name: "Buy This Course" })).toBeVisible();
  await learner.goto(`/courses/${slugOf(main)}`);
  await expect(learner.getByRole("complementary", { name: "Enroll" }).getByText("You have access to this course.")).toBeVisible();
  await learnerContext.close();
});
