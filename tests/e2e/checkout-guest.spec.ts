import { expect, test } from "@playwright/test";
import { signIn } from "./accounts-helpers";
import { newestMailTo, uniqueEmail } from "./site-mail";

/**
 * Buying without an account first (issue 39, decision 048): a visitor gives an e-mail and a name,
 * pays in test mode, is signed in by nothing, and the receipt's set-password link leads to the course.
 */

const COURSE = { slug: "n8n-automation-for-ecommerce", title: "n8n Automation for E-commerce" };
const PASSWORD = "guest-buyer-passphrase";

test("a visitor buys as a guest, sets a password from the receipt and reaches the first lesson", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/courses/${COURSE.slug}`);
  await page.getByRole("complementary", { name: "Enroll" }).getByRole("link", { name: "Buy This Course" }).click();
  const details = page.getByRole("group", { name: "Your details" });
  const email = uniqueEmail("guest-buyer");

  // A bad address is refused with the reason, and what was typed stays.
  await details.getByLabel("Email").fill("not-an-address@");
  await details.getByLabel("Full name").fill("Gus Guest");
  await details.getByLabel("Email").evaluate((input: HTMLInputElement) => (input.type = "text"));
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByText("Enter a valid email address, like you@example.com")).toBeVisible();
  await expect(details.getByLabel("Full name")).toHaveValue("Gus Guest");

  await details.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();
  await expect(page.getByText(`The receipt is on its way to ${email}.`)).toBeVisible();
  // Nobody was signed in by paying.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login/);

  const receipt = await newestMailTo(email, { containing: "/reset-password/new" });
  expect(receipt).toContain(COURSE.title);
  const link = receipt.match(/https?:\/\/\S+\/reset-password\/new\?[^\s"<]+/)![0].replace(/&amp;/g, "&");
  await page.goto(link);
  await page.getByRole("main").getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByRole("main").getByLabel("Repeat new password").fill(PASSWORD);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/login\?notice=password-reset/);

  const next = new URL(page.url()).searchParams.get("next") ?? "/account";
  await signIn(page, { email, password: PASSWORD }, `/login?next=${encodeURIComponent(next)}`);
  await expect(page).toHaveURL(new RegExp(`/courses/${COURSE.slug}/lessons/[a-z0-9-]+$`));
  await expect(page.getByRole("navigation", { name: "Course curriculum" }).getByRole("link", { name: /Locked/ })).toHaveCount(0);

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole("main").getByLabel("New password", { exact: true }).fill("another-guest-passphrase");
  await page.getByRole("main").getByLabel("Repeat new password").fill("another-guest-passphrase");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("alert")).toContainText("This reset link is invalid or has expired.");
});
