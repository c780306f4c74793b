import { expect, test } from "@playwright/test";
import { signIn, signUpConfirmed, uniqueEmail } from "./accounts-helpers";

test("delete my own account: a wrong password is refused, the right one deletes it and signs out everywhere", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = { name: "Leaving Learner", email: uniqueEmail("delete"), password: "leaving-password-1" };
  await signUpConfirmed(page, user);
  // A second device, signed in too.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, user);
  await expect(other).toHaveURL(/\/account$/);

  await page.goto("/account");
  await expect(page.getByText("What the school keeps, because the law requires it:")).toBeVisible();
  const form = page.getByRole("main");
  await form.getByLabel("Your password", { exact: true }).fill("not-my-password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("That password is not right")).toBeVisible();

  await form.getByLabel("Your password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account was deleted")).toBeVisible();

  // Every session ended: the other device is a visitor now, and the password opens nothing.
  await other.goto("/account");
  await expect(other).toHaveURL(/\/login/);
  await signIn(other, user);
  await expect(other.getByRole("alert").first()).toBeVisible();
  await expect(other).toHaveURL(/\/login/);
  await otherContext.close();
});
