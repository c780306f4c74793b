import { expect, test } from "@playwright/test";
import { signInAsAdmin, signInAsNewLearner, toast, uniqueTitle } from "./admin-support";

/** Bundles (docs/decisions/062): the owner makes one in Admin → Bundles, a learner buys it in test mode and reaches both courses. */

const FIRST = { slug: "chatgpt-for-store-owners", title: "ChatGPT for Store Owners" };
const SECOND = { slug: "the-perfect-prompt", title: "The Perfect Prompt" };

test("the owner creates a bundle of two courses; a learner buys it in test mode and can open both", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Bundles" }).click();
  await expect(page.getByRole("heading", { name: "Bundles", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "New bundle" }).first().click();
  await expect(page.getByRole("heading", { name: "New bundle", level: 1 })).toBeVisible();

  const title = uniqueTitle("AI Starter Bundle");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Price (USD)").fill("-5");
  await page.getByLabel("Published").check();
  await page.getByRole("button", { name: "Create bundle" }).click();
  // Refused with the reasons, what was typed kept.
  await expect(page.getByLabel("Price (USD)")).toHaveAccessibleDescription(/Enter a price of 0 or more/);
  await expect(page.getByLabel("Title")).toHaveValue(title);

  await page.getByLabel("Price (USD)").fill("25");
  await page.getByRole("checkbox", { name: new RegExp(FIRST.title) }).check();
  await page.getByRole("checkbox", { name: new RegExp(SECOND.title) }).check();
  await page.getByLabel(`Position of ${SECOND.title}`).fill("1");
  await page.getByLabel(`Position of ${FIRST.title}`).fill("2");
  await page.getByRole("button", { name: "Create bundle" }).click();
  await expect(page).toHaveURL(/\/admin\/bundles$/);
  await expect(toast(page, "Bundle created")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("2 courses");
  await expect(row).toContainText("Published");
  const slug = (await row.getByText(/^\/bundles\//).textContent())!.replace("/bundles/", "");

  // The learner, in a browser of their own.
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await signInAsNewLearner(learner);
  await learner.goto(`/courses/${FIRST.slug}`);
  await expect(learner.getByRole("link", { name: title })).toBeVisible();
  await learner.getByRole("link", { name: title }).click();
  await expect(learner.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const listed = learner.getByRole("region", { name: "What you get" }).getByRole("listitem");
  await expect(listed.nth(0)).toContainText(SECOND.title);
  await expect(listed.nth(1)).toContainText(FIRST.title);
  await expect(listed.nth(0)).toContainText(/\d+ lessons/);
  await expect(learner.getByText(/^Save \$/)).toBeVisible();
  await expect(learner).toHaveURL(new RegExp(`/bundles/${slug}$`));

  await learner.getByRole("link", { name: `Buy “${title}”` }).click();
  await expect(learner.getByRole("note", { name: "Test mode" })).toContainText("Test mode — no real payment");
  await learner.getByRole("button", { name: "Pay $25.00" }).click();
  await expect(learner.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();

  for (const course of [FIRST, SECOND]) {
    await learner.goto(`/courses/${course.slug}`);
    await expect(learner.getByRole("complementary", { name: "Enroll" })).toContainText("You have access to this course.");
  }
  await learnerContext.close();
});
