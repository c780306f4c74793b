import { expect, test, type Page } from "@playwright/test";
import { createCourse, signInAsAdmin, signInAsNewLearner, slugOf, toast, uniqueTitle, waitForHydration } from "./admin-support";

/**
 * A bundle's one-click upsell (docs/decisions/075) in test mode: the owner offers a course right
 * after the bundle is paid; a learner buys the bundle, sees the offer once, adds it with one click
 * and ends with the bundle's course and the offered one.
 */

async function expectAccess(learner: Page, title: string) {
  await learner.goto(`/courses/${slugOf(title)}`);
  await expect(learner.getByRole("complementary", { name: "Enroll" }).getByText("You have access to this course.")).toBeVisible();
}

test("the owner sets an upsell on a bundle; a buyer of the bundle adds it and holds both", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const inside = uniqueTitle("Bundled Course");
  const extra = uniqueTitle("Bundle Upsell Extra");
  const bundleTitle = uniqueTitle("Upsell Bundle");
  await signInAsAdmin(page);
  await createCourse(page, { title: inside, price: "30", lessons: ["Welcome"] });
  await createCourse(page, { title: extra, price: "40", lessons: ["Warm-up"] });

  await page.goto("/admin/bundles/new");
  await waitForHydration(page);
  await page.getByLabel("Title").fill(bundleTitle);
  await page.getByLabel("Price (USD)").fill("25");
  await page.getByLabel("Published").check();
  await page.getByRole("checkbox", { name: new RegExp(inside) }).check();
  await page.getByRole("button", { name: "Create bundle" }).click();
  await expect(toast(page, "Bundle created")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: bundleTitle });
  const slug = (await row.getByText(/^\/bundles\//).textContent())!.replace("/bundles/", "");
  await row.getByRole("link", { name: `Edit ${bundleTitle}` }).click();
  await waitForHydration(page);

  const card = page.getByRole("region", { name: "One-click upsell" });
  await expect(card).toContainText(`right after “${bundleTitle}” is paid`);
  // The bundle's own course is refused: its buyers have it already.
  await card.getByLabel("Course or bundle to offer").selectOption({ label: `${inside} (usually $30.00)` });
  await card.getByLabel("Upsell special price").fill("15");
  await card.getByRole("button", { name: "Save upsell" }).click();
  await expect(card.getByText("This course is in the bundle: its buyers have it already")).toBeVisible();
  await expect(card.getByLabel("Upsell special price")).toHaveValue("15");
  await card.getByLabel("Course or bundle to offer").selectOption({ label: `${extra} (usually $40.00)` });
  await card.getByLabel("Upsell pitch").fill("Warm up before the bundle.");
  await card.getByRole("button", { name: "Save upsell" }).click();
  await expect(toast(page, "Upsell saved")).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove upsell" })).toBeVisible();

  const context = await browser.newContext();
  const learner = await context.newPage();
  await signInAsNewLearner(learner);
  await learner.goto(`/bundles/${slug}`);
  await learner.getByRole("link", { name: `Buy “${bundleTitle}”` }).click();
  await waitForHydration(learner);
  await learner.getByRole("button", { name: "Pay $25.00" }).click();
  await expect(learner).toHaveURL(/\/checkout\/offer\?order=/);
  await expect(learner.getByRole("heading", { name: `Add “${extra}” for $15.00`, level: 1 })).toBeVisible();
  await expect(learner.getByText("Warm up before the bundle.")).toBeVisible();
  // What was bought is one link away, whatever the answer.
  await expect(learner.getByRole("link", { name: `Go to your courses: ${bundleTitle}` })).toHaveAttribute("href", "/account");
  const orderId = new URL(learner.url()).searchParams.get("order")!;

  await learner.getByRole("button", { name: "Add to my order" }).click();
  await expect(learner.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();
  await expect(toast(learner, `“${extra}” was added to your order`)).toBeVisible();
  await expect(learner.getByTestId("upsell-added")).toContainText(`Also added: ${extra} for $15.00`);
  // Never twice for one order.
  await learner.goto(`/checkout/offer?order=${orderId}`);
  await expect(learner).toHaveURL(/\/checkout\/success\?order=/);

  await learner.goto("/account");
  const myCourses = learner.getByRole("region", { name: "My courses" });
  await expect(myCourses).toContainText(inside);
  await expect(myCourses).toContainText(extra);
  await expectAccess(learner, inside);
  await expectAccess(learner, extra);
  await context.close();
});
