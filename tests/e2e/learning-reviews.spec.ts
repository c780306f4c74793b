import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createCourse, deleteCourseFromList, signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { grantAccess, newLearner, publishedCourse } from "./learning-support";

/**
 * Reviews written by learners (issue 24): a learner who finished a lesson rates and reviews the
 * course on its page, edits it, and an admin hides it from Admin → Reviews. The course is this
 * test's own and is deleted at the end.
 */

test.describe.configure({ timeout: 180_000 });

test("a learner who finished a lesson reviews the course; an admin hides the review", async ({ page, browser }) => {
  const courseTitle = uniqueTitle("Reviewed course");
  const lessonTitle = uniqueTitle("First steps");
  await signInAsAdmin(page);
  await createCourse(page, { title: courseTitle, lessons: [lessonTitle] });
  const course = await publishedCourse(page, courseTitle);
  const learner = await newLearner(browser);
  await grantAccess(page, learner.email, courseTitle);

  try {
    const lp = learner.page;
    await lp.goto(`/courses/${course.slug}`);
    const reviews = lp.getByRole("region", { name: "Reviews" });
    await expect(reviews.getByText("Finish a lesson to review this course.")).toBeVisible();

    // Finishing the lesson opens the review form.
    await lp.getByRole("link", { name: "Continue learning" }).click();
    await waitForHydration(lp);
    await lp.getByRole("button", { name: "Mark as complete" }).click();
    await expect(toast(lp, "Lesson marked as complete")).toBeVisible();
    await lp.goto(`/courses/${course.slug}`);
    await waitForHydration(lp);
    const form = reviews.getByRole("form", { name: "Review this course" });

    // No rating: refused by the field, the text kept.
    await form.getByLabel("Your review (optional)").fill("Short lessons, <b>real</b> examples.");
    await form.getByRole("button", { name: "Post review" }).click();
    await expect(form.getByText("Choose a rating from 1 to 5 stars")).toBeVisible();
    await expect(form.getByLabel("Your review (optional)")).toHaveValue("Short lessons, <b>real</b> examples.");
    const axe = await new AxeBuilder({ page: lp }).include('section[aria-labelledby="reviews-heading"]').withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    await form.getByRole("radio", { name: "4 stars" }).check({ force: true });
    await form.getByRole("button", { name: "Post review" }).click();
    await expect(toast(lp, "Thanks! Your review is posted")).toBeVisible();
    const listed = reviews.getByRole("listitem").filter({ hasText: "Lena Learner" });
    await expect(listed.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
    // Plain text: the markup shows as typed, never as HTML.
    await expect(listed.getByText("Short lessons, <b>real</b> examples.")).toBeVisible();
    await expect(lp.getByText("4.0 rating (1 review)")).toBeVisible();

    // The one review is edited in place.
    const own = reviews.getByRole("form", { name: "Your review" });
    await own.getByRole("radio", { name: "5 stars" }).check({ force: true });
    await own.getByRole("button", { name: "Update review" }).click();
    await expect(toast(lp, "Your review is updated")).toBeVisible();
    await expect(lp.getByText("5.0 rating (1 review)")).toBeVisible();

    // The admin hides it: it leaves the page and the rating for everyone.
    await page.goto(`/admin/reviews?q=${encodeURIComponent(courseTitle)}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: `Hide review by “Lena Learner” of ${courseTitle}` }).click();
    await expect(toast(page, "Review hidden")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Lena Learner" }).getByText("Hidden")).toBeVisible();

    const visitor = await browser.newContext();
    const vp = await visitor.newPage();
    await vp.goto(`/courses/${course.slug}`);
    await expect(vp.getByText("No ratings yet")).toBeVisible();
    await expect(vp.getByRole("region", { name: "Reviews" }).getByText("No reviews yet.")).toBeVisible();
    await visitor.close();
  } finally {
    await learner.context.close();
    await deleteCourseFromList(page, courseTitle);
  }
});
