import { expect, test } from "@playwright/test";
import { linkIn, newestMail, signIn, signUpConfirmed, uniqueEmail } from "./accounts-helpers";
import { withAnySchool } from "./site-settings-support";

test("reset the password through the emailed link; other sessions end and the new password works", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const user = { name: "Reset Me", email: uniqueEmail("reset"), password: "the-old-password" };
  await signUpConfirmed(page, user);

  // A second browser signed in as the same user.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, user);
  await expect(other).toHaveURL(/\/account$/);

  await page.context().clearCookies();
  await page.goto("/reset-password");
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(user.email);
  const requestedAt = Date.now();
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Password reset email sent")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const mail = await newestMail(user.email, withAnySchool("Subject: Reset your {school} password"), { after: requestedAt - 1000 });
  await page.goto(linkIn(mail, /\/api\/auth\/reset-password\//));
  await expect(page).toHaveURL(/\/reset-password\/new\?token=/);
  await page.getByRole("main").getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await page.getByRole("main").getByLabel("Repeat new password").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/login\?notice=password-reset$/);
  await expect(page.getByText("Your password has been changed. Sign in with your new password.")).toBeVisible();

  await other.goto("/account");
  await expect(other).toHaveURL(/\/login\?next=%2Faccount$/);
  await otherContext.close();

  await signIn(page, user);
  await expect(page.getByRole("alert")).toContainText("Invalid email or password.");
  await signIn(page, { email: user.email, password: "a-brand-new-password" });
  await expect(page).toHaveURL(/\/account$/);
});

test("the reset answer is the same for an address without an account", async ({ page }) => {
  await page.goto("/reset-password");
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Password reset email sent")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
});

test("a used or made-up reset link asks for a new one", async ({ page }) => {
  await page.goto("/reset-password/new?error=INVALID_TOKEN");
  await expect(page.getByRole("alert")).toContainText("This reset link is invalid or has expired.");
  await page.goto("/reset-password/new?token=made-up-token");
  await page.getByRole("main").getByLabel("New password", { exact: true }).fill("another-new-password");
  await page.getByRole("main").getByLabel("Repeat new password").fill("another-new-password");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("alert")).toContainText("This reset link is invalid or has expired.");
});
