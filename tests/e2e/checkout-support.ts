import { expect, type Page } from "@playwright/test";

/**
 * Buys a published demo course in test mode as the signed-in learner, from its page through the
 * checkout's Pay button, and answers the price as the page showed it ("$129.00").
 */
export async function buyCourseInTestMode(page: Page, { slug }: { slug: string }) {
  await page.goto(`/courses/${slug}`);
  const enroll = page.getByRole("complementary", { name: "Enroll" });
  const price = (await enroll.locator("p").filter({ hasText: "one-time payment" }).locator("span").first().textContent())!;
  await enroll.getByRole("link", { name: "Buy This Course" }).click();
  await expect(page.getByRole("note", { name: "Test mode" })).toContainText("Test mode — no real payment");
  await page.getByRole("button", { name: `Pay ${price}` }).click();
  await expect(page.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();
  return { price };
}
