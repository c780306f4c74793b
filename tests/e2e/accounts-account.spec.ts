import { expect, test } from "@playwright/test";
import { signIn, signUpConfirmed, uniqueEmail } from "./accounts-helpers";

test("edit the name and change the password (the current one is required)", async ({ page }) => {
  test.setTimeout(60_000);
  const user = { name: "Old Name", email: uniqueEmail("profile"), password: "profile-password-1" };
  await signUpConfirmed(page, user);

  await page.getByRole("main").getByLabel("Name").fill("New Name");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Name updated")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("main").getByLabel("Name")).toHaveValue("New Name");

  await page.getByRole("main").getByLabel("Current password").fill("not-my-password");
  await page.getByRole("main").getByLabel("New password", { exact: true }).fill("profile-password-2");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("That password is not correct.")).toBeVisible();

  await page.getByRole("main").getByLabel("Current password").fill(user.password);
  await page.getByRole("main").getByLabel("New password", { exact: true }).fill("iloveyou1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("This password is one of the most common passwords")).toBeVisible();

  await page.getByRole("main").getByLabel("Current password").fill(user.password);
  await page.getByRole("main").getByLabel("New password", { exact: true }).fill("profile-password-2");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, { email: user.email, password: "profile-password-2" });
  await expect(page).toHaveURL(/\/account$/);
});

test("list active sessions and sign out the others", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const user = { name: "Many Devices", email: uniqueEmail("sessions"), password: "many-devices-pw" };
  await signUpConfirmed(page, user);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, user);
  await expect(other).toHaveURL(/\/account$/);

  await page.reload();
  const sessions = page.getByRole("region", { name: "Active sessions" });
  await expect(sessions.getByText("This device")).toBeVisible();
  await expect(sessions.getByRole("button", { name: /^Sign out .+ signed in/ })).toHaveCount(1);

  await page.getByRole("button", { name: "Sign out of all other sessions" }).click();
  await expect(page.getByText("Signed out of all other sessions")).toBeVisible();
  await expect(sessions.getByRole("button", { name: /^Sign out .+ signed in/ })).toHaveCount(0);

  await other.goto("/account");
  await expect(other).toHaveURL(/\/login\?next=%2Faccount$/);
  await otherContext.close();
});

test("the account page lists saved courses, linking to each course, and says when there are none", async ({ page }) => {
  await signUpConfirmed(page, { name: "Saver", email: uniqueEmail("courses"), password: "no-courses-yet-pw" });
  await expect(page.getByRole("region", { name: "My courses" })).toContainText("You are not enrolled in any course yet.");
  await expect(page.getByRole("region", { name: "Saved courses" })).toContainText("You have not saved any course yet.");

  await page.goto("/courses/shopify-101");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Saved", exact: true })).toBeVisible();
  await page.goto("/account");
  const saved = page.getByRole("region", { name: "Saved courses" }).getByRole("link", { name: /Shopify 101/ });
  await expect(saved).toHaveAttribute("href", "/courses/shopify-101");
});

test("the auth and account pages fit a 375px screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  for (const path of ["/login", "/signup", "/reset-password"]) {
    await page.goto(path);
    expect(await fits(), path).toBe(true);
  }
  await signUpConfirmed(page, { name: "Small Screen", email: uniqueEmail("narrow"), password: "small-screen-pw" });
  expect(await fits()).toBe(true);
});
