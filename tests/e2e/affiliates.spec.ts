import { expect, test } from "@playwright/test";
import { signInAsAdmin, signInAsNewLearner } from "./admin-support";
import { buyCourseInTestMode } from "./checkout-support";

/** The affiliate program end to end: the owner turns it on, a learner joins, is approved, shares a link, a buyer pays through it, the owner sees the commission. */

const COURSE = { slug: "shopify-101", title: "Shopify 101: Launch Your First Store" };

test("a learner joins the affiliate program, is approved, shares a course link, and earns a commission on a test-mode purchase through it", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const code = `e2e-${Date.now().toString(36)}`;
  const owner = await (await browser.newContext()).newPage();
  const partner = await (await browser.newContext()).newPage();
  const buyer = await (await browser.newContext()).newPage();

  await signInAsAdmin(owner);
  await owner.goto("/admin/affiliates");
  const program = owner.locator("form").filter({ hasText: "Who may join" });
  await program.getByLabel("The affiliate program is on").check();
  await program.getByLabel("Who may join").selectOption("approval");
  await program.getByLabel("Commission type").selectOption("percent");
  await program.getByLabel("Percentage").fill("20");
  // A refused period keeps what was typed and says why.
  await program.getByLabel("Cookie period (days)").fill("1000");
  await program.getByRole("button", { name: "Save the affiliate program" }).click();
  await expect(owner.getByText("Enter a number of days from 1 to 365")).toBeVisible();
  await program.getByLabel("Cookie period (days)").fill("30");
  await program.getByRole("button", { name: "Save the affiliate program" }).click();
  await expect(owner.getByText("Affiliate program saved")).toBeVisible();

  await signInAsNewLearner(partner);
  await partner.goto("/account");
  await partner.getByRole("link", { name: "Join the affiliate program" }).click();
  await partner.getByLabel("Your code (optional)").fill("has spaces");
  await partner.getByRole("button", { name: "Join the affiliate program" }).click();
  await expect(partner.getByText("Use only letters, digits and hyphens (no spaces)")).toBeVisible();
  await partner.getByLabel("Your code (optional)").fill(code);
  await partner.getByRole("button", { name: "Join the affiliate program" }).click();
  await expect(partner.getByText("Pending approval", { exact: true })).toBeVisible();

  await owner.goto(`/admin/affiliates?q=${code}`);
  await owner.getByRole("button", { name: "Approve Lena Learner" }).click();
  await expect(owner.getByText("Affiliate approved")).toBeVisible();

  await partner.goto("/account/affiliate");
  await partner.getByLabel("Link to a course").selectOption({ label: COURSE.title });
  const link = await partner.getByLabel("Your course link").inputValue();
  expect(link).toMatch(new RegExp(`/courses/${COURSE.slug}\\?ref=${code}$`));

  // The buyer follows the link first, then makes an account: a sign-up through the link.
  await buyer.goto(new URL(link).pathname + new URL(link).search);
  await expect(buyer).toHaveURL(new RegExp(`/courses/${COURSE.slug}$`));
  await signInAsNewLearner(buyer);
  const { price } = await buyCourseInTestMode(buyer, { slug: COURSE.slug });
  const cents = Math.round(Number(price.replace(/[^0-9.]/g, "")) * 100);
  const commission = `$${(Math.floor((cents * 20) / 100) / 100).toFixed(2)}`;

  await owner.goto(`/admin/affiliates?q=${code}`);
  const row = owner.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText(commission);
  await row.getByRole("link", { name: "Open Lena Learner" }).click();
  const commissions = owner.getByRole("table").filter({ hasText: "Commission" }).first();
  await expect(commissions.getByRole("row").filter({ hasText: COURSE.title })).toContainText(commission);
  await expect(commissions.getByRole("row").filter({ hasText: COURSE.title })).toContainText("Pending until");

  // The partner sees the sale's date, product and commission, never who bought.
  await partner.goto("/account/affiliate");
  await expect(partner.getByRole("row").filter({ hasText: COURSE.title })).toContainText(commission);
  await expect(partner.getByRole("main")).not.toContainText("@e2e.test");
  const figure = (label: string) =>
    partner
      .getByLabel("Affiliate figures")
      .locator("div")
      .filter({ has: partner.getByText(label, { exact: true }) })
      .locator("dd");
  await expect(figure("Sign-ups")).toHaveText("1");
  await expect(figure("Sales")).toHaveText("1");

  // The owner's analytics: the sale and the commission under the affiliate's code.
  await owner.goto("/admin/analytics");
  const byAffiliate = owner.getByRole("table", { name: "Revenue by affiliate" });
  await expect(byAffiliate.getByRole("row").filter({ hasText: code })).toContainText(commission);
});
