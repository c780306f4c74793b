import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_SITE_SETTINGS } from "../../app/lib/site-settings";
import { signInAsAdmin, signInAsNewLearner, toast, waitForHydration } from "./admin-support";
import { newestMailTo, uniqueEmail } from "./site-mail";

/**
 * The only spec that changes the site settings. Every other spec runs against the same server at
 * the same time, so they match the name and membership prices loosely (site-settings-support.ts);
 * this one checks the defaults exactly first, and puts them back whatever happens.
 */
test.describe.configure({ mode: "serial" });

const DEFAULT = DEFAULT_SITE_SETTINGS;
const NEW_NAME = `Harbour Lane School ${Date.now().toString(36)}`;

/** Puts every setting back to the defaults with a plain form post (no page state needed). */
async function restoreDefaults(page: Page) {
  const response = await page.request.post("/admin/settings", {
    form: {
      intent: "save",
      schoolName: DEFAULT.schoolName,
      tagline: DEFAULT.tagline,
      supportEmail: DEFAULT.supportEmail,
      logoUrl: DEFAULT.logoUrl ?? "",
      membershipMonthly: String(DEFAULT.membershipMonthlyCents / 100),
      membershipYearly: String(DEFAULT.membershipYearlyCents / 100),
      courseFallbackPrice: String(DEFAULT.courseFallbackPriceCents / 100),
      membershipTrialDays: String(DEFAULT.membershipTrialDays),
      planGraceDays: String(DEFAULT.planGraceDays),
      senderName: DEFAULT.senderName,
      senderEmail: DEFAULT.senderEmail,
      replyTo: DEFAULT.replyTo,
      brandColor: DEFAULT.brandColor,
      faviconUrl: DEFAULT.faviconUrl ?? "",
      currency: DEFAULT.currency,
      timeZone: DEFAULT.timeZone,
      dateFormat: DEFAULT.dateFormat,
    },
    headers: { Origin: process.env.E2E_BASE_URL! },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

async function openSettings(page: Page) {
  await page.goto("/admin/settings");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

test("the defaults read as the spec words them", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page).toHaveTitle(`Pricing | ${DEFAULT.schoolName}`);
  const membership = page.locator("#membership");
  await expect(membership.getByText("$97", { exact: true })).toBeVisible();
  await expect(membership.getByText("$970", { exact: true })).toBeVisible();
  await expect(membership.getByText("2 months free", { exact: true })).toBeVisible();
  await page.goto("/courses/shopify-101");
  await expect(page.getByRole("link", { name: "Get All Courses — $97/mth" })).toHaveAttribute("href", "/pricing#membership");
  await expect(page.getByRole("banner").getByRole("img", { name: DEFAULT.schoolName })).toBeVisible();
});

test("a super admin renames the school and changes the membership price, and every page shows it on the next request", async ({ page, browser }) => {
  await signInAsAdmin(page);
  try {
    await openSettings(page);
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByLabel("School name")).toHaveValue(DEFAULT.schoolName);
    await expect(page.getByLabel("Monthly membership price (USD)")).toHaveValue("97");

    await page.getByLabel("School name").fill(NEW_NAME);
    // The yearly price moves with it, so the yearly deal stays "2 months free" for the specs running meanwhile.
    await page.getByLabel("Monthly membership price (USD)").fill("49.50");
    await page.getByLabel("Yearly membership price (USD)").fill("495");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(page, "Settings saved")).toBeVisible();
    await expect(page.getByLabel("Monthly membership price (USD)")).toHaveValue("49.50");
    await expect(page).toHaveTitle(`Settings | Admin | ${NEW_NAME}`);

    await page.goto("/about");
    await expect(page).toHaveTitle(`About | ${NEW_NAME}`);
    await expect(page.getByRole("banner").getByRole("img", { name: NEW_NAME })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(NEW_NAME, { exact: true })).toBeVisible();
    await expect(footer.getByText(`${NEW_NAME}. All rights reserved.`)).toBeVisible();

    await page.goto("/pricing");
    await expect(page).toHaveTitle(`Pricing | ${NEW_NAME}`);
    const membership = page.locator("#membership");
    await expect(membership.getByText("$49.50", { exact: true })).toBeVisible();
    await expect(membership.getByText("$495", { exact: true })).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\$49\.50 per month/);

    // A visitor's course page (an admin has every course, so theirs offers none).
    const visitor = await browser.newPage();
    try {
      await visitor.goto("/courses/shopify-101");
      await expect(visitor.getByRole("link", { name: "Get All Courses — $49.50/mth" })).toBeVisible();
    } finally {
      await visitor.close();
    }
  } finally {
    await restoreDefaults(page);
  }
  await page.goto("/pricing");
  await expect(page).toHaveTitle(`Pricing | ${DEFAULT.schoolName}`);
});

test("the owner changes the brand colour and the sender: pages wear the colour, mail leaves from the new sender", async ({ page, browser }) => {
  await signInAsAdmin(page);
  try {
    await openSettings(page);
    // A colour white text cannot sit on is refused with the ratio.
    await page.getByLabel("Brand colour").fill("#facc15");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText(/#facc15 has a contrast of 1\.\d\d:1 against white/).first()).toBeVisible();

    await openSettings(page);
    await page.getByLabel("Brand colour").fill("#0f766e");
    await page.getByLabel("Sender name").fill("Harbour Lane Team");
    await page.getByLabel("Sender address").fill("team@harbour-lane.e2e.test");
    await page.getByLabel("Reply-To address").fill("help@harbour-lane.e2e.test");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(page, "Settings saved")).toBeVisible();

    const visitor = await browser.newPage();
    try {
      await visitor.goto("/about");
      const primary = await visitor.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim());
      expect(primary).toBe("#0f766e");

      // Any mail now: the newsletter's confirmation to a fresh address.
      const email = uniqueEmail("sender");
      const footer = visitor.getByRole("contentinfo");
      await footer.getByRole("textbox", { name: "Email address" }).fill(email);
      await footer.getByRole("button", { name: "Get Playbooks" }).click();
      const mail = (await newestMailTo(email)).replace(/\r?\n[ \t]+/g, " ");
      expect(mail).toMatch(/^From: "?Harbour Lane Team"? <team@harbour-lane\.e2e\.test>\s*$/m);
      expect(mail).toMatch(/^Reply-To: help@harbour-lane\.e2e\.test\s*$/m);
    } finally {
      await visitor.close();
    }
  } finally {
    await restoreDefaults(page);
  }
  await page.goto("/about");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim())).toBe(DEFAULT.brandColor);
});

test("a form with mistakes keeps what was typed, says what is wrong and saves nothing", async ({ page }) => {
  await signInAsAdmin(page);
  await openSettings(page);
  await page.getByLabel("School name").fill("");
  await page.getByLabel("Support email").fill("not-an-email");
  await page.getByLabel("Monthly membership price (USD)").fill("-5");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toast(page, "Error")).toContainText("Please correct the highlighted fields");
  await expect(page.getByText("Enter the school's name")).toBeVisible();
  await expect(page.getByText("Enter a valid email address, like help@your-school.com")).toBeVisible();
  await expect(page.getByText("A price cannot be negative")).toBeVisible();
  await expect(page.getByLabel("Support email")).toHaveValue("not-an-email");
  await expect(page.getByLabel("Monthly membership price (USD)")).toHaveValue("-5");
  await expect(page.getByLabel("Monthly membership price (USD)")).toHaveAttribute("aria-invalid", "true");

  await page.goto("/admin/settings");
  await expect(page.getByLabel("School name")).toHaveValue(DEFAULT.schoolName);
  await expect(page.getByLabel("Monthly membership price (USD)")).toHaveValue("97");
});

test("a learner gets Access Denied on the settings screen and cannot post to it", async ({ page }) => {
  await signInAsNewLearner(page);
  const response = await page.goto("/admin/settings");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  const post = await page.request.post("/admin/settings", {
    form: { intent: "save", schoolName: "Hijacked" },
    headers: { Origin: process.env.E2E_BASE_URL! },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);
});
