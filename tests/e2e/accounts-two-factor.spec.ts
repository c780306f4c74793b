import { expect, test, type Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { signIn, signOut, signUpConfirmed, uniqueEmail } from "./accounts-helpers";

function authenticator(manualKey: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualKey.replace(/\s+/g, "")), digits: 6, period: 30, algorithm: "SHA1" });
}

/** Turns on two-factor sign-in from the account page; returns the authenticator and the backup codes. */
async function enrolTotp(page: Page, password: string) {
  await page.goto("/account");
  await page.getByRole("main").getByLabel("Confirm your password").fill(password);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = await page.locator("code").first().innerText();
  const totp = authenticator(key);

  await page
    .getByRole("main")
    .getByLabel("Code from the app")
    .fill("000000" === totp.generate() ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByText("That code is not correct.")).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();

  await page.getByRole("main").getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByRole("heading", { name: "Save your backup codes" })).toBeVisible();
  const backupCodes = await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allInnerTexts();
  expect(backupCodes).toHaveLength(10);
  await expect(page.getByText("Status:")).toContainText("On");

  // Shown once: a fresh visit no longer lists them.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Save your backup codes" })).toHaveCount(0);
  return { totp, backupCodes };
}

test("enrol an authenticator, then sign in with a code and with a backup code", async ({ page }) => {
  // Several full sign-ins in one story.
  test.setTimeout(90_000);
  const user = { name: "Two Factor", email: uniqueEmail("totp"), password: "two-factor-password" };
  await signUpConfirmed(page, user);
  const { totp, backupCodes } = await enrolTotp(page, user.password);
  await signOut(page);

  // The password alone does not create a session.
  await signIn(page, user, "/login?next=%2Faccount");
  await expect(page).toHaveURL(/\/login\/two-factor\?next=%2Faccount$/);
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => cookie.name.includes("session_token"))).toBe(false);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);

  await signIn(page, user);
  await page
    .getByRole("main")
    .getByLabel("Authentication code")
    .fill("123456" === totp.generate() ? "654321" : "123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not correct.");
  await page.getByRole("main").getByLabel("Authentication code").fill(totp.generate());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  await signOut(page);
  await signIn(page, user);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByRole("main").getByLabel("Backup code").fill(backupCodes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/account$/);

  // Turning it off brings back password-only sign-in.
  await page.getByRole("main").getByLabel("Confirm your password to turn it off").fill(user.password);
  await page.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await expect(page.getByText("Status:")).toContainText("Off");
  await signOut(page);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/account$/);
});

test("the two-factor step needs a pending sign-in", async ({ page }) => {
  await page.goto("/login/two-factor");
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
});
