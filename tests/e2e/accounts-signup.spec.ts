import { expect, test } from "@playwright/test";
import { format } from "date-fns";
import { linkIn, newestMail, signUp, signUpConfirmed, uniqueEmail } from "./accounts-helpers";
import { withAnySchool } from "./site-settings-support";

test("sign up, confirm through the emailed link, and land signed in on the account page", async ({ page }) => {
  const email = uniqueEmail("signup");
  const startedAt = Date.now();
  await signUp(page, { name: "Ada Lovelace", email, password: "analytical-engine-1843" });
  await expect(page.getByText("Account created!")).toBeVisible();
  await expect(page.getByText("Please check your email to confirm your account.")).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Not confirmed yet: signing in is refused with a way to get a new link.
  const mail = await newestMail(email, withAnySchool("Subject: Confirm your {school} account"), { after: startedAt - 1000 });
  expect(mail).toContain("Content-Type: text/plain");
  expect(mail).toContain("Content-Type: text/html");
  const link = linkIn(mail, /\/api\/auth\/verify-email$/);
  expect(new URL(link).searchParams.get("callbackURL")).toBe("/account");

  await page.goto(link);
  await expect(page).toHaveURL(/\/account$/);
  const profile = page.getByRole("main");
  await expect(profile.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(profile.getByText(email)).toBeVisible();
  await expect(profile.getByLabel("Name")).toHaveValue("Ada Lovelace");
  await expect(profile.getByText("user", { exact: true })).toBeVisible();
  await expect(profile.getByText(format(new Date(), "MMM d, yyyy")).first()).toBeVisible();
  await expect(profile.getByRole("link", { name: "Admin dashboard" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Account" })).toBeVisible();
});

test("a sign-up without a name uses the email as the name", async ({ page }) => {
  const email = uniqueEmail("noname");
  await signUpConfirmed(page, { name: "", email, password: "no-name-but-long-enough" });
  await expect(page.getByRole("main").getByLabel("Name")).toHaveValue(email);
});

test("sign-up refuses a common password and a short one with clear messages", async ({ page }) => {
  await page.goto("/signup");
  await expect(page.getByRole("main").getByLabel("Password", { exact: true })).toHaveAttribute(
    "placeholder",
    "Choose a password (min. 6 characters)",
  );
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(uniqueEmail("common"));
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill("Password123");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(
    page.getByText("This password is one of the most common passwords and is easy to guess. Please choose a less common one."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your email" })).toHaveCount(0);

  // Without the browser's own check, the server still enforces the minimum.
  await page
    .getByRole("main")
    .getByLabel("Password", { exact: true })
    .evaluate((input: HTMLInputElement) => input.removeAttribute("minlength"));
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill("abc");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
});

test("signing up again with a registered address answers the same and creates nothing new", async ({ page }) => {
  const email = uniqueEmail("twice");
  await signUpConfirmed(page, { name: "First", email, password: "first-password-ok" });
  await page.context().clearCookies();
  const startedAt = Date.now();
  await signUp(page, { name: "Second", email, password: "second-password-ok" });
  const mail = await newestMail(email, withAnySchool("Subject: Your {school} account"), { after: startedAt - 1000 });
  expect(mail).toContain("already has one");
});

test("signed-in visitors are sent from sign-in, sign-up and reset to their account; sign-out goes home", async ({ page }) => {
  const email = uniqueEmail("redirects");
  await signUpConfirmed(page, { name: "Redirect Tester", email, password: "redirect-tester-pw" });
  for (const path of ["/login", "/signup", "/reset-password", "/login?next=/courses"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/account$/);
  }

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => cookie.name.includes("session_token"))).toBe(false);

  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
});
