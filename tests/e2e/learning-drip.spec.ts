import { expect, test } from "@playwright/test";
import { createCourse, deleteCourseFromList, signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { grantAccess, newLearner, publishedCourse } from "./learning-support";

/**
 * Drip schedules (issue 24): the owner makes a module open a week after a learner's access
 * begins; the learner sees "Opens on …" on the course page and a locked lesson page; the owner
 * opens everything now from the learner's page. The course is this test's own and is deleted.
 */

test.describe.configure({ timeout: 180_000 });

test("a module released a week after access shows its date to the learner until an admin opens it", async ({ page, browser }) => {
  const courseTitle = uniqueTitle("Drip course");
  const moduleTitle = uniqueTitle("Week two");
  await signInAsAdmin(page);
  await createCourse(page, { title: courseTitle, lessons: [uniqueTitle("Day one")] });
  const course = await publishedCourse(page, courseTitle);

  // The builder: a module released seven days after access begins, with one lesson.
  await page.goto(`/admin/courses/builder/${course.id}?tab=curriculum`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Your First Module" }).click();
  await page.getByRole("button", { name: "Edit module “New Module”" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Module" });
  await dialog.getByLabel("Title").fill(moduleTitle);
  await dialog.getByLabel("Release").selectOption({ label: "Days after the learner's access begins" });
  await dialog.getByLabel("Days after access begins").fill("0");
  await dialog.getByRole("button", { name: "Save Module" }).click();
  await expect(dialog.getByText("Enter a whole number of days from 1 to 3650")).toBeVisible();
  await dialog.getByLabel("Days after access begins").fill("7");
  await dialog.getByRole("button", { name: "Save Module" }).click();
  await expect(toast(page, "Module updated")).toBeVisible();
  const card = page.getByTestId("module-card").filter({ has: page.getByRole("heading", { name: moduleTitle, includeHidden: true }) });
  await expect(card.getByText("Opens 7 days after access begins")).toBeVisible();
  await page.getByRole("button", { name: `Add lesson to “${moduleTitle}”` }).click();
  await expect(card.getByTestId("lesson-row")).toHaveCount(1);

  const learner = await newLearner(browser);
  await grantAccess(page, learner.email, courseTitle);
  try {
    const lp = learner.page;
    await lp.goto(`/courses/${course.slug}`);
    const curriculum = lp.getByRole("region", { name: "Curriculum" });
    await curriculum.getByText(moduleTitle).click();
    const opensOn = curriculum.getByText(/^Opens on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(opensOn).toBeVisible();
    const date = (await opensOn.textContent())!.replace("Opens on ", "");

    // The lesson page answers 403 with the date and none of the lesson.
    await lp.getByRole("link", { name: "Continue learning" }).click();
    const lessonHref = await lp.getByRole("navigation", { name: "Course curriculum" }).getByRole("link", { name: /New Lesson/ }).getAttribute("href");
    const response = await lp.goto(lessonHref!);
    expect(response?.status()).toBe(403);
    await expect(lp.getByRole("heading", { level: 2, name: `Opens on ${date}` })).toBeVisible();
    await expect(lp.getByRole("navigation", { name: "Course curriculum" }).getByText(`Opens on ${date}`)).toBeVisible();

    // The admin opens every lesson now for this learner; the lesson opens.
    await page.getByRole("button", { name: `Open all lessons of “${courseTitle}” now` }).click();
    await expect(toast(page, "Every lesson is open now for this learner")).toBeVisible();
    const opened = await lp.goto(lessonHref!);
    expect(opened?.status()).toBe(200);
    await expect(lp.getByRole("heading", { level: 2, name: /^Opens on/ })).toHaveCount(0);
  } finally {
    await learner.context.close();
    await deleteCourseFromList(page, courseTitle);
  }
});
