import { expect, test } from "@playwright/test";
import { signIn } from "./accounts-helpers";
import { signInAsNewLearner } from "./admin-support";

/** Test-mode checkout of a single course (the default of the embedded start: no Stripe keys). */

const COURSE = { slug: "shopify-101", title: "Shopify 101: Launch Your First Store", paidLesson: "choose-a-niche-you-can-serve" };

test("a new learner buys a demo course in test mode: it is theirs, listed in their orders, and never charged twice", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsNewLearner(page);

  await page.goto(`/courses/${COURSE.slug}`);
  const enroll = page.getByRole("complementary", { name: "Enroll" });
  const price = (await enroll.locator("p").filter({ hasText: "one-time payment" }).locator("span").first().textContent())!;
  await enroll.getByRole("link", { name: "Buy This Course" }).click();

  await expect(page).toHaveURL(/\/checkout\?courseId=[0-9a-f-]{36}$/);
  const checkoutUrl = page.url();
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(page.getByRole("note", { name: "Test mode" })).toContainText("Test mode — no real payment");
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText(COURSE.title);
  await expect(summary.getByTestId("order-total")).toHaveText(price);

  await page.getByRole("button", { name: `Pay ${price}` }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();
  await expect(page.getByText(`You bought ${COURSE.title} for ${price}.`)).toBeVisible();

  // Straight into the course: its first lesson, and a lesson that was locked before now opens.
  await page.getByRole("link", { name: /^Start the first lesson: / }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${COURSE.slug}/lessons/[a-z0-9-]+$`));
  await expect(page.getByRole("navigation", { name: "Course curriculum" }).getByRole("link", { name: /Locked/ })).toHaveCount(0);
  const paidLesson = await page.goto(`/courses/${COURSE.slug}/lessons/${COURSE.paidLesson}`);
  expect(paidLesson?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Choosing a Niche You Can Actually Serve" })).toBeVisible();
  await expect(page.getByText("A niche is not a product category.")).toBeVisible();

  await page.goto(`/courses/${COURSE.slug}`);
  await expect(enroll.getByText("You have access to this course.")).toBeVisible();
  await expect(enroll.getByRole("link", { name: "Continue learning" })).toHaveAttribute("href", new RegExp(`^/courses/${COURSE.slug}/lessons/`));
  await expect(enroll.getByRole("link", { name: "Buy This Course" })).toHaveCount(0);

  await page.goto("/account");
  const orders = page.getByRole("region", { name: "Orders" });
  const row = orders.getByRole("row").filter({ hasText: COURSE.title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(price);
  await expect(row).toContainText("Paid");
  await expect(page.getByRole("region", { name: "My courses" })).toContainText(COURSE.title);

  // The checkout link again: nothing to pay, no second order.
  await page.goto(checkoutUrl);
  await expect(page.getByRole("heading", { name: "You already own this course" })).toBeVisible();
  await expect(page.getByText("Nothing was charged.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  await page.goto("/account");
  await expect(orders.getByRole("row").filter({ hasText: COURSE.title })).toHaveCount(1);
});

test("checkout offers a visitor the guest form, and its Sign in brings them back to the same order", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`/courses/${COURSE.slug}`);
  await page.getByRole("complementary", { name: "Enroll" }).getByRole("link", { name: "Buy This Course" }).click();
  const guest = page.getByRole("group", { name: "Your details" });
  await expect(guest.getByLabel("Email")).toBeVisible();
  await expect(guest.getByLabel("Full name")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcheckout%3FcourseId%3D[0-9a-f-]{36}$/);
  const checkoutPath = decodeURIComponent(new URL(page.url()).searchParams.get("next")!);

  const email = await signInAsNewLearner(page);
  await page.context().clearCookies();
  await signIn(page, { email, password: "learner-password-123" }, `/login?next=${encodeURIComponent(checkoutPath)}`);
  await expect(page).toHaveURL(checkoutPath);
  await expect(page.getByRole("region", { name: "Order summary" })).toContainText(COURSE.title);
  await expect(page.getByRole("button", { name: /^Pay \$/ })).toBeVisible();
});

test("a checkout link for a course that does not exist says so", async ({ page }) => {
  await signInAsNewLearner(page);
  const response = await page.goto("/checkout?courseId=00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Course not found", level: 1 })).toBeVisible();
  await expect(page.getByText("The course you're looking for doesn't exist.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Courses" })).toBeVisible();
});
