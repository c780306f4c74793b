import { expect, test } from "@playwright/test";
import {
  coverPng,
  createCourse,
  findInList,
  signInAsAdmin,
  signInAsNewLearner,
  slugOf,
  toast,
  uniqueTitle,
  waitForHydration,
} from "./admin-support";

/**
 * Order bumps (docs/decisions/067) across the back office and checkout, in test mode: the admin
 * offers one course at a special price at another's checkout; a learner ticks the box, sees the
 * total change, pays once and gets both; the admin refunds the added course's line alone.
 */

test("a learner ticks the order bump, pays once for both courses, and the admin refunds the bump's line alone", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const main = uniqueTitle("Bump Main");
  const extra = uniqueTitle("Bump Extra");
  await signInAsAdmin(page);
  await createCourse(page, { title: main, price: "50" });
  await createCourse(page, { title: extra, price: "40" });

  const row = await findInList(page, main);
  await row.getByRole("link", { name: `Edit ${main}` }).click();
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  const card = page.getByRole("region", { name: "Order bump" });
  // A negative price is refused on its field, nothing stored.
  await card.getByLabel("Course or bundle to offer").selectOption({ label: `${extra} (usually $40.00)` });
  await card.getByLabel("Special price").fill("-5");
  await card.getByRole("button", { name: "Save order bump" }).click();
  await expect(card.getByText("The special price cannot be negative")).toBeVisible();
  await card.getByLabel("Special price").fill("15");
  await card.getByLabel("Pitch").fill("The exercises that go with it.");
  await card.getByRole("button", { name: "Save order bump" }).click();
  await expect(toast(page, "Order bump saved")).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove order bump" })).toBeVisible();

  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  const email = await signInAsNewLearner(learner);
  await learner.goto(`/courses/${slugOf(main)}`);
  await learner.getByRole("complementary", { name: "Enroll" }).getByRole("link", { name: "Buy This Course" }).click();
  await waitForHydration(learner);
  await expect(learner.getByTestId("order-total")).toHaveText("$50.00");
  const box = learner.getByRole("form", { name: "Add to your order" });
  await expect(box).toContainText("The exercises that go with it.");
  await box.getByRole("checkbox", { name: `Yes, add “${extra}” for $15.00` }).check();
  await expect(learner.getByTestId("order-total")).toHaveText("$65.00");
  await learner.getByRole("button", { name: "Pay $65.00" }).click();
  await expect(learner.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();
  for (const title of [main, extra]) {
    await learner.goto(`/courses/${slugOf(title)}`);
    await expect(learner.getByRole("complementary", { name: "Enroll" }).getByText("You have access to this course.")).toBeVisible();
  }

  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  const order = page.getByRole("table", { name: "Orders" }).getByRole("row").filter({ hasText: email });
  await expect(order).toHaveCount(1);
  await expect(order).toContainText("$65.00");
  await order.getByRole("button", { name: `Refund “${extra}” alone for ${email}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Refund “${extra}” alone?` });
  await expect(dialog).toContainText("Test mode: no real money moves.");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(toast(page, `Refunded “${extra}”.`)).toBeVisible();
  await expect(order).toContainText("Paid");
  await expect(order).toContainText("Refunded on");
  await expect(order.getByRole("button", { name: `Refund “${extra}” alone for ${email}` })).toHaveCount(0);

  await learner.goto(`/courses/${slugOf(extra)}`);
  await expect(learner.getByRole("complementary", { name: "Enroll" }).getByRole("link", { name: "Buy This Course" })).toBeVisible();
  await learner.goto(`/courses/${slugOf(main)}`);
  await expect(learner.getByRole("complementary", { name: "Enroll" }).getByText("You have access to this course.")).toBeVisible();
  await learnerContext.close();
});

test("the owner gives a bundle an uploaded cover and an order bump; a learner ticks it at the bundle's checkout and a line refund gets its own credit note", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const extra = uniqueTitle("Bundle Extra");
  await signInAsAdmin(page);
  await createCourse(page, { title: extra, price: "40" });

  await page.goto("/admin/bundles/new");
  await waitForHydration(page);
  const title = uniqueTitle("Bumped Bundle");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Price (USD)").fill("30");
  await page.getByLabel("Published").check();
  await page.getByRole("checkbox", { name: /ChatGPT for Store Owners/ }).check();
  await page.getByLabel("Upload cover image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await coverPng() });
  await expect(toast(page, "Cover image uploaded successfully")).toBeVisible();
  await expect(page.getByRole("img", { name: "Cover preview" })).toHaveAttribute("src", /^\/media\/media\/bundles\/temp\/cover-\d+\.png$/);
  await expect(page.getByLabel("Cover image URL")).toHaveValue(/^\/media\/media\/bundles\/temp\/cover-\d+\.png$/);
  await page.getByRole("button", { name: "Create bundle" }).click();
  await expect(toast(page, "Bundle created")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  const slug = (await row.getByText(/^\/bundles\//).textContent())!.replace("/bundles/", "");
  await row.getByRole("link", { name: `Edit ${title}` }).click();
  await waitForHydration(page);
  const card = page.getByRole("region", { name: "Order bump" });
  await card.getByLabel("Course or bundle to offer").selectOption({ label: `${extra} (usually $40.00)` });
  await card.getByLabel("Special price").fill("10");
  await card.getByLabel("Pitch").fill("Take the next step too.");
  await card.getByRole("button", { name: "Save order bump" }).click();
  await expect(toast(page, "Order bump saved")).toBeVisible();

  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  const email = await signInAsNewLearner(learner);
  // The bundle's page shows its cover in its widths.
  await learner.goto(`/bundles/${slug}`);
  await expect(learner.locator(`img[srcset*="/media/media/bundles/"][srcset*=".w480.webp 480w"]`).first()).toBeVisible();
  await learner.getByRole("link", { name: `Buy “${title}”` }).click();
  await waitForHydration(learner);
  await expect(learner.getByTestId("order-total")).toHaveText("$30.00");
  const box = learner.getByRole("form", { name: "Add to your order" });
  await expect(box).toContainText("Take the next step too.");
  await box.getByRole("checkbox", { name: `Yes, add “${extra}” for $10.00` }).check();
  await expect(learner.getByTestId("order-total")).toHaveText("$40.00");
  await expect(learner).toHaveURL(/bundleId=.*withBump=1|withBump=1.*bundleId=/);
  await learner.getByRole("button", { name: "Pay $40.00" }).click();
  await expect(learner.getByRole("heading", { name: "Payment received", level: 1 })).toBeVisible();
  for (const courseSlug of ["chatgpt-for-store-owners", slugOf(extra)]) {
    await learner.goto(`/courses/${courseSlug}`);
    await expect(learner.getByRole("complementary", { name: "Enroll" }).getByText("You have access to this course.")).toBeVisible();
  }

  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  const order = page.getByRole("table", { name: "Orders" }).getByRole("row").filter({ hasText: email });
  await expect(order).toContainText("$40.00");
  await order.getByRole("button", { name: `Refund “${extra}” alone for ${email}` }).click();
  await page
    .getByRole("alertdialog", { name: `Refund “${extra}” alone?` })
    .getByRole("button", { name: "Refund", exact: true })
    .click();
  await expect(toast(page, `Refunded “${extra}”.`)).toBeVisible();

  // The learner's account links the invoice and the line's credit note.
  await learner.goto("/account");
  const orders = learner.getByRole("region", { name: "Orders" });
  await expect(orders.getByRole("link", { name: /^Download invoice INV-\d{4}-\d+ \(PDF\)$/ })).toHaveCount(1);
  await expect(orders.getByRole("link", { name: /^Download credit note INV-\d{4}-\d+ \(PDF\)$/ })).toHaveCount(1);
  await learner.goto(`/courses/chatgpt-for-store-owners`);
  await expect(learner.getByRole("complementary", { name: "Enroll" }).getByText("You have access to this course.")).toBeVisible();
  await learnerContext.close();
});
