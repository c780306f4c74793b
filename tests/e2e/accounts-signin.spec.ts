import { expect, test } from "@playwright/test";
import { ADMIN, linkIn, newestMail, signIn, signUp, signUpConfirmed, uniqueEmail } from "./accounts-helpers";
import { withAnySchool } from "./site-settings-support";

test("a wrong password shows the service's message in a red box and the form stays usable", async ({ page }) => {
  const user = { name: "Wrong Pass", email: uniqueEmail("wrong"), password: "the-right-password" };
  await signUpConfirmed(page, user);
  await page.context().clearCookies();

  await signIn(page, { email: user.email, password: "not-the-password" });
  const alert = page.getByRole("alert").filter({ hasText: "Invalid email or password." });
  await expect(alert).toBeVisible();
  await expect(page.getByRole("main").getByLabel("Email", { exact: true })).toHaveValue(user.email);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();

  await page.getByRole("main").getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByText("You have been signed in successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
});

test("an unconfirmed address gets a clear message and can ask for a new link", async ({ page }) => {
  const user = { name: "Unconfirmed", email: uniqueEmail("unconfirmed"), password: "waiting-for-mail" };
  await signUp(page, user);
  await signIn(page, user);
  await expect(page.getByRole("alert")).toContainText("Please confirm your email address before signing in.");

  const resentAt = Date.now();
  await page.getByRole("button", { name: "Resend confirmation email" }).click();
  await expect(page.getByText("If that address has an unconfirmed account, we sent a new confirmation link.")).toBeVisible();
  const mail = await newestMail(user.email, withAnySchool("Subject: Confirm your {school} account"), { after: resentAt - 50 });
  await page.goto(linkIn(mail, /\/api\/auth\/verify-email$/));
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(user.email)).toBeVisible();
});

test("email and password are required", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("main").getByLabel("Email", { exact: true })).toHaveAttribute("required", "");
  await expect(page.getByRole("main").getByLabel("Password", { exact: true })).toHaveAttribute("required", "");
});

test("sign-in goes on to a same-site `next`, and anything else to the account page", async ({ page }) => {
  const user = { name: "Next Tester", email: uniqueEmail("next"), password: "next-tester-password" };
  await signUpConfirmed(page, user);

  await page.context().clearCookies();
  await signIn(page, user, "/login?next=%2Fcourses%3Flevel%3DBeginner");
  await expect(page).toHaveURL(/\/courses\?level=Beginner$/);

  await page.context().clearCookies();
  await signIn(page, user, "/login?next=%2F%2Fevil.example%2Faccount");
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/account$/);
});

test("a protected page sends a visitor to sign in and back", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("the admin sees the gold role badge and a link to the admin dashboard", async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/account$/);
  const badge = page.getByRole("main").getByText("super_admin", { exact: true });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute("data-variant", "gold");
  await expect(page.getByRole("main").getByRole("link", { name: "Admin dashboard" })).toHaveAttribute("href", "/admin");
});

test("?denied shows an access-denied notice on the account page", async ({ page }) => {
  await signUpConfirmed(page, { name: "Denied", email: uniqueEmail("denied"), password: "denied-user-password" });
  await page.goto("/account?denied");
  await expect(page.getByRole("alert")).toContainText("Access denied");
  await expect(page.getByRole("alert")).toContainText("You need admin privileges");
});

test("sign-in works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, ADMIN, "/login?next=%2Faccount%3Fdenied");
  await expect(page).toHaveURL(/\/account\?denied$/);
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await context.close();
});
