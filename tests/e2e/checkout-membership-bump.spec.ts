import { expect, test, type Page } from "@playwright/test";
import { createCourse, signInAsAdmin, signInAsNewLearner, toast, uniqueTitle, waitForHydration } from "./admin-support";

/**
 * A membership plan's order bump offering a bundle (docs/decisions/074), in test mode: the owner
 * sets it in Settings beside the plans' prices; a learner subscribes to the monthly plan ticking
 * it, sees the total change, pays once, and holds the membership and the bundle's courses (as a
 * bundle purchase, kept after the membership). The bump is school-wide: it is removed at the end.
 */

async function monthlyBumpCard(page: Page) {
  await page.goto("/admin/settings");
  await waitForHydration(page);
  return page.getByRole("region", { name: "Monthly plan's order bump" });
}

test("the owner offers a bundle as the monthly plan's bump; a learner ticks it, pays both, and holds the membership and the bundle's courses", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const course = uniqueTitle("Member Bump Course");
  await signInAsAdmin(page);
  await createCourse(page, { title: course, price: "40" });

  await page.goto("/admin/bundles/new");
  await waitForHydration(page);
  const bundle = uniqueTitle("Member Bump Bundle");
  await page.getByLabel("Title").fill(bundle);
  await page.getByLabel("Price (USD)").fill("30");
  await page.getByLabel("Published").check();
  await page.getByRole("checkbox", { name: new RegExp(course) }).check();
  await page.getByRole("button", { name: "Create bundle" }).click();
  await expect(toast(page, "Bundle created")).toBeVisible();

  try {
    const card = await monthlyBumpCard(page);
    await card.getByLabel("Course or bundle to offer").selectOption({ label: `Bundle: ${bundle} (usually $30.00)` });
    await card.getByLabel("Special price").fill("-1");
    await card.getByRole("button", { name: "Save monthly plan's order bump" }).click();
    await expect(card.getByText("The special price cannot be negative")).toBeVisible();
    await card.getByLabel("Special price").fill("12");
    await card.getByLabel("Pitch").fill("Keep these courses for good.");
    await card.getByRole("button", { name: "Save monthly plan's order bump" }).click();
    await expect(toast(page, "Order bump saved")).toBeVisible();
    await expect(card.getByRole("button", { name: "Remove monthly plan's order bump" })).toBeVisible();
    // The yearly plan's card is its own: nothing saved there.
    await expect(page.getByRole("region", { name: "Yearly plan's order bump" }).getByRole("button", { name: /^Remove/ })).toHaveCount(0);

    const learnerContext = await browser.newContext();
    const learner = await learnerContext.newPage();
    const email = await signInAsNewLearner(learner);
    await learner.goto("/checkout?plan=monthly");
    await waitForHydration(learner);
    const total = learner.getByTestId("order-total");
    const plan = Number((await total.textContent())!.replace(/[^0-9.]/g, ""));
    const box = learner.getByRole("form", { name: "Add to your order" });
    await expect(box).toContainText("Keep these courses for good.");
    await box.getByRole("checkbox", { name: `Yes, add “${bundle}” for $12.00` }).check();
    const withBump = `$${(plan + 12).toFixed(2)}`;
    await expect(total).toHaveText(withBump);
    await expect(learner).toHaveURL(/plan=monthly.*withBump=1|withBump=1.*plan=monthly/);
    await learner.getByRole("button", { name: `Pay ${withBump}` }).click();
    await expect(learner.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();

    await learner.goto("/account");
    await expect(learner.getByRole("region", { name: "Membership" })).toContainText("Active");
    await learnerContext.close();

    // The back office: one order of two lines, and the bundle's course held as a bundle purchase.
    await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
    await waitForHydration(page);
    const order = page.getByRole("table", { name: "Orders" }).getByRole("row").filter({ hasText: email });
    await expect(order).toHaveCount(1);
    await expect(order).toContainText(withBump);
    await expect(order).toContainText(bundle);
    await expect(order.getByRole("button", { name: `Refund “${bundle}” alone for ${email}` })).toBeVisible();
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await waitForHydration(page);
    await page.getByRole("row").filter({ hasText: email }).getByRole("cell").nth(2).click();
    await expect(page).toHaveURL(/\/admin\/users\/[^/?]+$/);
    await expect(page.getByRole("table", { name: "Course access" }).getByRole("row").filter({ hasText: course })).toContainText(
      "Bundle purchase",
    );
  } finally {
    const card = await monthlyBumpCard(page);
    const remove = card.getByRole("button", { name: "Remove monthly plan's order bump" });
    if (await remove.count()) {
      await remove.click();
      await expect(toast(page, "Order bump removed")).toBeVisible();
    }
  }
});
