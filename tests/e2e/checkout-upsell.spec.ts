import { expect, test, type Browser, type Page } from "@playwright/test";
import { createCourse, findInList, signInAsAdmin, signInAsNewLearner, slugOf, toast, uniqueTitle, waitForHydration } from "./admin-support";

/**
 * One-click upsells (docs/decisions/070) in test mode: the admin offers a course right after
 * another is paid; one learner adds it with one click, another says no thanks; both reach their
 * course, and the offer never shows twice for one order.
 */

/** A new learner buys the course and lands on the offer page; answers the page and its order id. */
async function buyAndSeeOffer(browser: Browser, { main, extra }: { main: string; extra: string }) {
  const context = await browser.newContext();
  const learner = await context.newPage();
  await signInAsNewLearner(learner);
  await learner.goto(`/courses/${slugOf(main)}`);
  await learner.getByRole("complementary", { name: "Enroll" }).getByRole("link", { name: "Buy This Course" }).click();
  await waitForHydration(learner);
  await learner.getByRole("button", { name: "Pay $50.00" }).click();
  await expect(learner).toHaveURL(/\/checkout\/offer\?order=/);
  await expect(learner.getByRole("heading", { name: `Add “${extra}” for $15.00`, level: 1 })).toBeVisible();
  await expect(learner.getByText("Everything you need to practise.")).toBeVisible();
  await expect(learner.getByTestId("upsell-usual-price")).toContainText("$40.00");
  // The bought course is one link away, whatever the answer.
  await expect(learner.getByRole("link", { name: `Go to your course: ${main}` })).toBeVisible();
  const orderId = new URL(learner.url()).searchParams.get("order")!;
  return { context, learner, orderId };
}

async function expectAccess(learner: Page, title: string, has: boolean) {
  await learner.goto(`/courses/${slugOf(title)}`);
  const enroll = learner.getByRole("complementary", { name: "Enroll" });
  if (has) await expect(enroll.getByText("You have access to this course.")).toBeVisible();
  else await expect(enroll.getByRole("link", { name: "Buy This Course" })).toBeVisible();
}

test("a learner adds the upsell with one click, another says no thanks, and the offer never shows twice", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const main = uniqueTitle("Upsell Main");
  const extra = uniqueTitle("Upsell Extra");
  await signInAsAdmin(page);
  await createCourse(page, { title: main, price: "50" });
  await createCourse(page, { title: extra, price: "40" });

  const row = await findInList(page, main);
  await row.getByRole("link", { name: `Edit ${main}` }).click();
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  const card = page.getByRole("region", { name: "One-click upsell" });
  await card.getByLabel("Course or bundle to offer").selectOption({ label: `${extra} (usually $40.00)` });
  // A negative price is refused on its field, nothing stored.
  await card.getByLabel("Upsell special price").fill("-1");
  await card.getByRole("button", { name: "Save upsell" }).click();
  await expect(card.getByText("The special price cannot be negative")).toBeVisible();
  await card.getByLabel("Upsell special price").fill("15");
  await card.getByLabel("Upsell pitch").fill("Everything you need to practise.");
  await card.getByRole("button", { name: "Save upsell" }).click();
  await expect(toast(page, "Upsell saved")).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove upsell" })).toBeVisible();

  // Add to my order: charged (test mode), its own receipt, the course opens.
  const first = await buyAndSeeOffer(browser, { main, extra });
  await first.learner.getByRole("button", { name: "Add to my order" }).click();
  await expect(first.learner.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();
  await expect(toast(first.learner, `“${extra}” was added to your order`)).toBeVisible();
  await expect(first.learner.getByTestId("upsell-added")).toContainText(`Also added: ${extra} for $15.00`);
  await first.learner.getByRole("link", { name: /Start the first lesson|Go to the course/ }).click();
  await expect(first.learner).toHaveURL(new RegExp(`/courses/${slugOf(main)}`));
  await expectAccess(first.learner, extra, true);
  // The offer page again for the same order: straight to the confirmation.
  await first.learner.goto(`/checkout/offer?order=${first.orderId}`);
  await expect(first.learner).toHaveURL(/\/checkout\/success\?order=/);
  await expect(first.learner.getByRole("button", { name: "Add to my order" })).toHaveCount(0);
  await first.context.close();

  // No thanks: nothing more sold, the course reached, the offer gone for good.
  const second = await buyAndSeeOffer(browser, { main, extra });
  await second.learner.getByRole("button", { name: "No thanks" }).click();
  await expect(second.learner.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();
  await expect(second.learner.getByTestId("upsell-added")).toHaveCount(0);
  await second.learner.getByRole("link", { name: /Start the first lesson|Go to the course/ }).click();
  await expect(second.learner).toHaveURL(new RegExp(`/courses/${slugOf(main)}`));
  await expectAccess(second.learner, main, true);
  await expectAccess(second.learner, extra, false);
  await second.learner.goto(`/checkout/offer?order=${second.orderId}`);
  await expect(second.learner).toHaveURL(/\/checkout\/success\?order=/);
  await expect(second.learner.getByRole("heading", { name: /Add “/ })).toHaveCount(0);
  await second.context.close();
});
