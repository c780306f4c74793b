import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAsAdmin, toast } from "./admin-support";
import { newestMailTo, uniqueEmail } from "./site-mail";

/**
 * The buyer's path (issue 39): a coupon link followed by a visitor survives sign-up and the e-mail
 * confirmation, in the same browser or another, and paying ends on the course's first lesson.
 */

const COURSE = { slug: "shopify-101", title: "Shopify 101: Launch Your First Store" };
const PASSWORD = "buyer-path-passphrase";
const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** An admin makes a 50% coupon for every course; answers the checkout link a seller would share. */
async function couponLink(browser: Browser) {
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  const code = uniqueCode("LAUNCH");
  await admin.goto("/admin/coupons/new");
  await admin.getByLabel("Code", { exact: true }).fill(code);
  await admin.getByLabel("A percentage").check();
  await admin.getByLabel("Percent off").fill("50");
  await admin.getByLabel("Every course").check();
  await admin.getByLabel("Total redemptions").fill("5");
  await admin.getByRole("button", { name: "Create coupon" }).click();
  await expect(toast(admin, "Coupon created")).toBeVisible();
  await admin.context().close();
  // The course's Buy link as a visitor sees it.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/courses/${COURSE.slug}`);
  const buy = visitor.getByRole("complementary", { name: "Enroll" }).getByRole("link", { name: "Buy This Course" });
  const courseId = new URL((await buy.getAttribute("href"))!, "http://x").searchParams.get("courseId");
  await visitor.context().close();
  return { code, link: `/checkout?courseId=${courseId}&coupon=${code}` };
}

/** From the checkout link, signed out: its Sign in link, on to "Create one", and the sign-up form sent. */
async function signUpFromLink(page: Page, link: string) {
  await page.goto(link);
  // Signed out, the checkout offers the guest form and a sign-in that comes back with the code.
  await expect(page.getByRole("group", { name: "Your details" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByRole("link", { name: "Create one" }).click();
  await expect(page.getByRole("heading", { name: "Create account" })).toBeVisible();
  const email = uniqueEmail("buyer-path");
  await page.getByLabel("Full name").fill("Bea Buyer");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Open the link in it to confirm your address and sign in.")).toBeVisible();
  const mail = await newestMailTo(email, { containing: "/api/auth/verify-email" });
  const confirmation = mail.match(/https?:\/\/\S+\/api\/auth\/verify-email\?[^\s"<]+/)![0].replace(/&amp;/g, "&");
  return { email, confirmation };
}

/** On the checkout with the code applied: pay half the price in test mode, then the first lesson. */
async function payWithCouponAndStart(page: Page, code: string) {
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(page.getByText(`Code ${code} applied.`)).toBeVisible();
  const summary = page.getByRole("region", { name: "Order summary" });
  const list = Math.round(Number((await summary.getByTestId("order-list-price").textContent())!.replace(/[^0-9.]/g, "")) * 100);
  const total = `$${((list - Math.round(list / 2)) / 100).toFixed(2)}`;
  await expect(summary.getByTestId("order-total")).toHaveText(total);
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();
  await expect(page.getByText(`You bought ${COURSE.title} for ${total}.`)).toBeVisible();
  // One way on: the course's first lesson.
  const main = page.getByRole("main");
  await expect(main.getByRole("link")).toHaveCount(1);
  await main.getByRole("link", { name: /^Start the first lesson: / }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${COURSE.slug}/lessons/[a-z0-9-]+$`));
  await expect(page.getByRole("navigation", { name: "Course curriculum" }).getByRole("link", { name: /Locked/ })).toHaveCount(0);
}

test("a coupon link survives sign-up and the confirmation in the same browser, and paying opens the first lesson", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { code, link } = await couponLink(browser);
  const { confirmation } = await signUpFromLink(page, link);
  await page.goto(confirmation);
  await expect(page).toHaveURL(new RegExp(`/checkout\\?courseId=[0-9a-f-]{36}&coupon=${code}$`));
  await payWithCouponAndStart(page, code);

  // The account's Orders offer the invoice; the PDF is the buyer's to download, and no one else's.
  await page.goto("/account");
  const invoice = page.getByRole("region", { name: "Orders" }).getByRole("link", { name: /^Download invoice INV-\d{4}-\d{6} \(PDF\)$/ });
  const href = (await invoice.getAttribute("href"))!;
  const pdf = await page.request.get(href);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const stranger = await (await browser.newContext()).newPage();
  expect((await stranger.request.get(href, { maxRedirects: 0 })).status()).toBe(302);
});

test("a coupon link survives a confirmation opened in another browser: sign in there, and the checkout follows", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { code, link } = await couponLink(browser);
  const { email, confirmation } = await signUpFromLink(page, link);

  const phone = await (await browser.newContext()).newPage();
  await phone.goto(confirmation);
  await expect(phone).toHaveURL(/\/login\?notice=email-confirmed&next=/);
  await expect(phone.getByText("Your email address is confirmed.")).toBeVisible();
  await phone.getByLabel("Email", { exact: true }).fill(email);
  await phone.getByLabel("Password").fill(PASSWORD);
  await phone.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(phone).toHaveURL(new RegExp(`/checkout\\?courseId=[0-9a-f-]{36}&coupon=${code}$`));
  await payWithCouponAndStart(phone, code);
});
