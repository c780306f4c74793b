import { expect, test } from "@playwright/test";
import { countMailsTo, newestMailTo, uniqueEmail } from "./site-mail";
import { withAnySchool } from "./site-settings-support";

const SENT = "Almost there! Check your inbox for a link to confirm your subscription.";

test("footer newsletter: subscribe, confirm from the email, then unsubscribe from it", async ({ page }) => {
  const email = uniqueEmail("news");
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox", { name: "Email address" }).fill(email);
  await footer.getByRole("button", { name: "Get Playbooks" }).click();
  await expect(footer.getByRole("status").filter({ hasText: SENT })).toBeVisible();
  // A fetcher did the work: the visitor is still on the same page.
  await expect(page).toHaveURL(/\/about$/);

  const mail = await newestMailTo(email);
  // A long school name (another spec renames it for a moment) folds the header onto a second line: unfold it.
  expect(mail.replace(/\r?\n[ \t]+/g, " ")).toMatch(withAnySchool("Subject: Confirm your subscription to {school} playbooks"));
  const confirm = mail.match(/https?:\/\/[^\s"<]+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/)![0];
  const unsubscribe = mail.match(/https?:\/\/[^\s"<]+\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+/)![0];

  await page.goto(confirm);
  await expect(page.getByRole("heading", { name: "You're subscribed!" })).toBeVisible();

  await page.goto(unsubscribe);
  await expect(page.getByRole("heading", { name: "Unsubscribe from playbooks?" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You've been unsubscribed" })).toBeVisible();
  // The link keeps answering truthfully when opened again.
  await page.goto(unsubscribe);
  await expect(page.getByRole("heading", { name: "You've been unsubscribed" })).toBeVisible();
});

test("a repeated address gets the same answer, and a bad confirm link is explained", async ({ page }) => {
  const email = uniqueEmail("twice");
  await page.goto("/pricing");
  const footer = page.getByRole("contentinfo");
  for (let attempt = 0; attempt < 2; attempt++) {
    await footer.getByRole("textbox", { name: "Email address" }).fill(email);
    await footer.getByRole("button", { name: "Get Playbooks" }).click();
    await expect(footer.getByRole("status").filter({ hasText: SENT })).toBeVisible();
    // The second submission answers the same but mails nothing new (resends are throttled).
    await expect.poll(() => countMailsTo(email)).toBe(1);
    await page.reload();
  }
  await page.goto("/newsletter/confirm?token=not-a-real-token");
  await expect(page.getByRole("heading", { name: "This link doesn't work" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Subscribe again" })).toHaveAttribute("href", "/newsletter");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the footer form posts, redirects back and shows the status", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/playbooks?category=shopify");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox", { name: "Email address" }).fill(email);
    await footer.getByRole("button", { name: "Get Playbooks" }).click();
    await expect(page).toHaveURL(/\/playbooks\?category=shopify&newsletter=footer\.sent#newsletter-footer$/);
    await expect(page.getByRole("contentinfo").getByText(SENT)).toBeVisible();
    // The page's own filter survived the round trip.
    await expect(page.getByRole("link", { name: "Shopify", exact: true })).toHaveAttribute("aria-current", "page");
    expect(await newestMailTo(email)).toContain("/newsletter/confirm?token=");
  });
});
