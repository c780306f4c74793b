import { expect, test } from "@playwright/test";
import {
  coverPng,
  createCourse,
  deleteCourseFromList,
  findInList,
  openNewCourse,
  signInAsAdmin,
  toast,
  uniqueTitle,
  waitForHydration,
} from "./admin-support";

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

const slugOf = (title: string) => title.toLowerCase().replace(/ /g, "-");

test("an admin creates a course with two lessons, a topic and a cover, publishes it, and finds it in the catalog", async ({
  page,
  browser,
}) => {
  const title = uniqueTitle("Order Automation");
  await openNewCourse(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  // The slug follows the title.
  await expect(page.getByLabel("Slug")).toHaveValue(slugOf(title));
  await page.getByLabel("Short Description").fill("Automate the boring parts of fulfilment.");
  await page.getByLabel("Long Description (Markdown)").fill("## Who it is for\n\nStore owners with **too many** orders.");
  await page.getByLabel("Price in USD").fill("149.5");
  await page.getByLabel("Level").selectOption("Intermediate");
  await page.getByRole("checkbox", { name: "Automation" }).check();
  await page.getByLabel("Track").fill("Automation Track");
  await page.getByLabel("Outcomes").fill("Route orders automatically\nAlert on failures");
  await page.getByRole("checkbox", { name: "Feature on the home page" }).check();

  await page.getByLabel("Upload cover image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await coverPng() });
  await expect(toast(page, "Cover image uploaded successfully")).toBeVisible();
  await expect(page.getByRole("img", { name: "Cover preview" })).toHaveAttribute("src", /^\/media\/media\/courses\/temp\/cover-\d+\.png$/);

  await page.getByRole("button", { name: "Add Lesson" }).click();
  await expect(page.getByLabel("Lesson 1 title")).toBeFocused();
  await page.getByLabel("Lesson 1 title").fill("Map your order flow");
  await page.getByRole("button", { name: "Add Lesson" }).click();
  await page.getByLabel("Lesson 2 title").fill("Your first automation");
  await page.getByLabel("Lesson 2 content (Markdown, optional)").fill("Open the editor and **start**.");

  // The preview card shows the course as visitors will see it.
  await page.getByRole("button", { name: "Show Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: title })).toBeVisible();
  await expect(preview.getByText("$149.50")).toBeVisible();
  await expect(preview.getByRole("heading", { level: 2, name: "Who it is for" })).toBeVisible();
  await expect(preview.getByText("Your first automation")).toBeVisible();
  await page.getByRole("button", { name: "Hide Preview" }).click();
  await expect(preview).toHaveCount(0);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(toast(page, "Course published successfully")).toBeVisible();
  const row = await findInList(page, title);
  await expect(row.getByText("Published", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(row.getByText(`/${slugOf(title)}`)).toBeVisible();

  // A visitor finds it in the catalog under its topic, with its price, and its two lessons on its page.
  const visitor = await browser.newPage();
  await visitor.goto(`/courses?topic=automation&q=${encodeURIComponent(title)}`);
  const card = visitor.getByRole("article").filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("$149.50")).toBeVisible();
  await expect(card.getByText("2 lessons")).toBeVisible();
  // The cover moved from the temporary folder to the course's own when it was saved.
  await expect(card.locator("img")).toHaveAttribute("src", /^\/media\/media\/courses\/[0-9a-f-]{36}\/cover-\d+\.png$/);
  await visitor.goto(`/courses?topic=shopify&q=${encodeURIComponent(title)}`);
  await expect(visitor.getByText("No courses match your filters.")).toBeVisible();

  expect((await visitor.goto(`/courses/${slugOf(title)}`))?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText("Map your order flow")).toBeVisible();
  await expect(visitor.getByText("Your first automation")).toBeVisible();
  await expect(visitor.getByText("Route orders automatically")).toBeVisible();

  // Featured: the home page shows it.
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
  await visitor.close();
  // A featured course displaces a demo one on the shared server's home page: remove it again.
  await deleteCourseFromList(page, title);
});

test("editing a course keeps its lessons: a renamed lesson is the same lesson, with its new name on the course page", async ({ page }) => {
  const title = uniqueTitle("Editable Course");
  await createCourse(page, { title, lessons: ["Getting started", "Going further"] });

  const row = await findInList(page, title);
  await row.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { name: /Edit Course/ })).toBeVisible();
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  const lessonRows = page.getByRole("list", { name: "Lessons" }).getByRole("listitem");
  await expect(lessonRows).toHaveCount(2);
  const firstId = await lessonRows.nth(0).getAttribute("data-lesson-id");
  const secondId = await lessonRows.nth(1).getAttribute("data-lesson-id");
  expect(firstId).toMatch(/^[0-9a-f-]{36}$/);

  // Leaving with unsaved changes asks first.
  await page.getByLabel("Lesson 1 title").fill("Getting started, renamed");
  await page.getByRole("link", { name: "Back to Courses" }).click();
  const leave = page.getByRole("alertdialog");
  await expect(leave).toContainText("Leave without saving?");
  await leave.getByRole("button", { name: "Stay on this page" }).click();

  // Removing the second lesson and adding a third renumbers the list from 1.
  await page.getByRole("button", { name: "Remove lesson 2: Going further" }).click();
  await page.getByRole("button", { name: "Add Lesson" }).click();
  await page.getByLabel("Lesson 2 title").fill("A brand new lesson");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Course published successfully")).toBeVisible();

  await row.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await expect(lessonRows).toHaveCount(2);
  await expect(lessonRows.nth(0)).toHaveAttribute("data-lesson-id", firstId!);
  await expect(page.getByLabel("Lesson 1 title")).toHaveValue("Getting started, renamed");
  await expect(page.getByLabel("Lesson 2 title")).toHaveValue("A brand new lesson");
  const thirdId = await lessonRows.nth(1).getAttribute("data-lesson-id");
  expect(thirdId).not.toBe(secondId);

  await page.goto(`/courses/${slugOf(title)}`);
  await expect(page.getByText("Getting started, renamed")).toBeVisible();
  await expect(page.getByText("Going further")).toHaveCount(0);
});

test("the list searches, unpublishes and deletes a course after 'This will also delete all lessons.'", async ({ page, browser }) => {
  const title = uniqueTitle("Short Lived Course");
  await createCourse(page, { title, lessons: ["Only lesson"] });

  await page.goto("/admin/courses");
  await waitForHydration(page);
  await page.getByRole("searchbox", { name: "Search courses by title, slug or description" }).fill(title);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(title).replace(/%20/g, "\\+")}`));
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(page.getByText("1 course matching")).toBeVisible();

  const visitor = await browser.newPage();
  expect((await visitor.goto(`/courses/${slugOf(title)}`))?.status()).toBe(200);
  await row.getByRole("button", { name: `Unpublish ${title}` }).click();
  await expect(toast(page, "Course unpublished successfully")).toBeVisible();
  await expect(row.getByText("Draft", { exact: true }).filter({ visible: true })).toBeVisible();
  expect((await visitor.goto(`/courses/${slugOf(title)}`))?.status()).toBe(404);
  await visitor.close();

  await row.getByRole("button", { name: `Delete ${title}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("This will also delete all lessons.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Course deleted successfully")).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("No courses found matching your search.")).toBeVisible();
});

test("the edit screen deletes a course after the spec's confirmation", async ({ page }) => {
  const title = uniqueTitle("Deleted From Editor");
  await createCourse(page, { title, publish: false });
  const row = await findInList(page, title);
  await row.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this course? This will also delete all lessons.");
  await confirm.getByRole("button", { name: "Delete course" }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(toast(page, "Course deleted successfully")).toBeVisible();
  await findInList(page, title);
  await expect(page.getByText("No courses found matching your search.")).toBeVisible();
});

test("a course without a title or short description is refused with the spec's message, keeping what was typed", async ({ page }) => {
  const title = uniqueTitle("Half Done");
  await openNewCourse(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Add Lesson" }).click();
  await page.getByLabel("Lesson 1 title").fill("A lesson to keep");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Title and short description are required")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/courses\/new$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Lesson 1 title")).toHaveValue("A lesson to keep");
  await expect(page.getByLabel("Short Description")).toHaveAttribute("aria-invalid", "true");

  await findInList(page, title);
  await expect(page.getByText("No courses found matching your search.")).toBeVisible();
});

test("an unknown course id shows 'Course not found'", async ({ page }) => {
  const response = await page.goto("/admin/courses/00000000-0000-4000-8000-000000000000/edit");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Course not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Courses" })).toBeVisible();
});

test("the sidebar leads to the course list, and pressing n there opens the New Course screen, but not while typing", async ({ page }) => {
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Courses" }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Courses" })).toBeVisible();
  await waitForHydration(page);

  const search = page.getByRole("searchbox", { name: "Search courses by title, slug or description" });
  await search.fill("n");
  await search.press("n");
  await expect(search).toHaveValue("nn");
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await search.blur();
  await page.keyboard.press("Shift+N");
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.keyboard.press("n");
  await expect(page).toHaveURL(/\/admin\/courses\/new$/);
  await expect(page.getByRole("heading", { name: "New Course" })).toBeVisible();
});
