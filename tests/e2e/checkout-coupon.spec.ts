import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin, signInAsNewLearner, toast } from "./admin-support";
import { wcagScan } from "./axe";

/** Coupons: made in Admin → Coupons, used from a checkout link in test mode. */

const COURSE = { slug: "shopify-101", title: "Shopify 101: Launch Your First Store" };
const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

async function expectAxeClean(page: Page) {
  const results = await wcagScan(page);
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

/** Fills and sends the New coupon form: a percentage off every course. */
async function createPercentCoupon(page: Page, { code, percent }: { code: string; percent: string }) {
  await page.goto("/admin/coupons/new");
  await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await page.getByLabel("A percentage").check();
  await page.getByLabel("Percent off").fill(percent);
  await page.getByLabel("Every course").check();
  await page.getByLabel("Total redemptions").fill("5");
  await page.getByRole("button", { name: "Create coupon" }).click();
}

test("an admin creates a coupon from the sidebar: a mistake is shown next to its field with what was typed, then it is listed", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Coupons" }).click();
  await expect(page.getByRole("heading", { name: "Coupons", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "New coupon" }).first().click();
  await expect(page.getByRole("heading", { name: "New coupon", level: 1 })).toBeVisible();

  const code = uniqueCode("E2E");
  await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await page.getByLabel("A percentage").check();
  await page.getByLabel("Percent off").fill("150");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(toast(page, "Error")).toBeVisible();
  await expect(page.getByLabel("Percent off")).toHaveAccessibleDescription("Enter a whole percentage from 1 to 100");
  await expect(page.getByLabel("Percent off")).toHaveValue("150");
  await expect(page.getByLabel("Code", { exact: true })).toHaveValue(code.toLowerCase());
  await expectAxeClean(page);

  await page.getByLabel("Percent off").fill("20");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page).toHaveURL(/\/admin\/coupons$/);
  await expect(toast(page, "Coupon created")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("20% off");
  await expect(row).toContainText("Active");

  await row.getByRole("button", { name: `Disable ${code}` }).click();
  await expect(toast(page, "Coupon disabled")).toBeVisible();
  await expect(row).toContainText("Disabled");
  await expectAxeClean(page);
});

test("a learner follows a coupon link: the checkout shows the list price, the discount and the total, and the order keeps them", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const code = uniqueCode("LAUNCH");
  await createPercentCoupon(page, { code, percent: "50" });
  await expect(toast(page, "Coupon created")).toBeVisible();

  const learner = await (await browser.newContext()).newPage();
  const email = await signInAsNewLearner(learner);
  await learner.goto(`/courses/${COURSE.slug}`);
  const buy = learner.getByRole("complementary", { name: "Enroll" }).getByRole("link", { name: "Buy This Course" });
  const courseId = new URL((await buy.getAttribute("href"))!, "http://x").searchParams.get("courseId");

  await learner.goto(`/checkout?courseId=${courseId}&coupon=nope-${code}`);
  await expect(learner.getByLabel("Coupon code")).toHaveAccessibleDescription("There is no coupon with this code");
  await expect(learner.getByLabel("Coupon code")).toHaveValue(`nope-${code}`);

  await learner.goto(`/checkout?courseId=${courseId}&coupon=${code.toLowerCase()}`);
  const summary = learner.getByRole("region", { name: "Order summary" });
  const list = (await summary.getByTestId("order-list-price").textContent())!;
  const cents = Math.round(Number(list.replace(/[^0-9.]/g, "")) * 100);
  const dollars = (value: number) => `$${(value / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
  const total = dollars(cents - Math.round(cents / 2));
  await expect(summary.getByTestId("order-discount")).toHaveText(`−${dollars(Math.round(cents / 2))}`);
  await expect(summary).toContainText(`Discount (${code})`);
  await expect(summary.getByTestId("order-total")).toHaveText(total);
  await expect(learner.getByText(`Code ${code} applied.`)).toBeVisible();
  await expectAxeClean(learner);

  await learner.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(learner.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();
  await expect(learner.getByText(`You bought ${COURSE.title} for ${total}.`)).toBeVisible();

  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  const row = page.getByRole("row").filter({ hasText: COURSE.title });
  await expect(row).toContainText(total);
  await expect(row).toContainText(`${code}: −${dollars(Math.round(cents / 2))} of ${list}`);

  // The learner's account lists the order with what was paid and the code's part.
  await learner.goto("/account");
  const mine = learner.getByRole("region", { name: "Orders" }).getByRole("row").filter({ hasText: COURSE.title });
  await expect(mine).toContainText(total);
  await expect(mine).toContainText(`${code}: −${dollars(Math.round(cents / 2))} of ${list}`);
});

test("ticking a course under “Every course” chooses “Chosen courses”, and a save with courses ticked under another target is refused with the reason", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await page.goto("/admin/coupons/new");
  const code = uniqueCode("ONE");
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Percent off").fill("25");
  await expect(page.getByLabel("Every course")).toBeChecked();

  await page.getByLabel(COURSE.title).check();
  await expect(page.getByLabel("Chosen courses")).toBeChecked();

  // Going back to "Every course" with the course still ticked: the server refuses and keeps both.
  await page.getByLabel("Every course").check();
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(toast(page, "Error")).toBeVisible();
  await expect(page.getByRole("group", { name: "Applies to" })).toContainText(
    "Courses are ticked: choose “Chosen courses” to limit the coupon to them, or untick them",
  );
  await expect(page.getByLabel(COURSE.title)).toBeChecked();
  await expect(page.getByLabel("Every course")).toBeChecked();

  await page.getByLabel("Chosen courses").check();
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(toast(page, "Coupon created")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("25% off");
  await expect(row).toContainText("1 course");
});
