import fs from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { createCourse, deleteCourseFromList, signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { grantAccess, newLearner, publishedCourse } from "./learning-support";

/**
 * Certificates of completion (issue 24): the owner turns them on in the builder, a learner finishes
 * the course, finds the certificate on the course page and in the account, downloads the PDF, and
 * anyone with the link can check it. The course is this test's own and is deleted at the end.
 */

test.describe.configure({ timeout: 180_000 });

test("a learner who reads a lesson and passes the final quiz gets a certificate they can download and anyone can verify", async ({
  page,
  browser,
}) => {
  const courseTitle = uniqueTitle("Certified course");
  const lessonTitle = uniqueTitle("Part one");
  const quizTitle = uniqueTitle("Final quiz");
  await signInAsAdmin(page);
  await createCourse(page, { title: courseTitle, lessons: [lessonTitle, quizTitle] });
  const course = await publishedCourse(page, courseTitle);

  // The last lesson is a one-question quiz.
  await page.goto(`/admin/courses/builder/${course.id}?tab=curriculum`);
  await waitForHydration(page);
  await page.getByRole("button", { name: `Edit “${quizTitle}”` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Lesson" });
  await dialog.getByLabel("Type").selectOption("quiz");
  await dialog.getByLabel("Kind of question 1").selectOption("true_false");
  await dialog.getByLabel("Text of question 1").fill("A certificate needs every lesson completed.");
  await dialog.getByLabel("True is correct").check();
  await dialog.getByRole("button", { name: "Save Lesson" }).click();
  await expect(toast(page, "Lesson updated")).toBeVisible();

  await page.goto(`/admin/courses/builder/${course.id}`);
  await waitForHydration(page);
  await page.getByRole("checkbox", { name: "Issue certificates of completion" }).check();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Course details updated")).toBeVisible();

  const learner = await newLearner(browser);
  await grantAccess(page, learner.email, courseTitle);
  try {
    const lp = learner.page;
    await lp.goto(`/courses/${course.slug}`);
    await lp.getByRole("link", { name: "Continue learning" }).click();
    await expect(lp.getByRole("heading", { level: 1, name: lessonTitle })).toBeVisible();
    await waitForHydration(lp);
    await lp.getByRole("button", { name: "Mark as complete" }).click();
    await expect(toast(lp, "Lesson marked as complete")).toBeVisible();

    // Passing the quiz completes the course: the certificate is issued.
    await lp.goto(`/courses/${course.slug}`);
    await lp.getByRole("link", { name: "Continue learning" }).click();
    await expect(lp.getByRole("heading", { level: 1, name: quizTitle })).toBeVisible();
    await waitForHydration(lp);
    await lp.getByRole("group", { name: "1. A certificate needs every lesson completed." }).getByLabel("True").check();
    await lp.getByRole("button", { name: "Submit answers" }).click();
    await expect(toast(lp, "Course complete! Your certificate is ready")).toBeVisible();

    // The finished course's page offers the certificate and a review, not "Continue learning".
    await lp.goto(`/courses/${course.slug}`);
    const enroll = lp.getByRole("complementary", { name: "Enroll" });
    await expect(enroll.getByText("You completed this course.")).toBeVisible();
    await expect(enroll.getByRole("link", { name: "Continue learning" })).toHaveCount(0);
    await enroll.getByRole("link", { name: "Review this course" }).click();
    await expect(lp.getByRole("form", { name: "Review this course" })).toBeInViewport();
    await enroll.getByRole("link", { name: "Your certificate" }).click();
    await expect(lp.getByRole("heading", { level: 1, name: "Valid certificate" })).toBeVisible();
    await expect(lp.getByText("Lena Learner")).toBeVisible();
    await expect(lp.getByRole("link", { name: courseTitle })).toBeVisible();
    const certificateUrl = lp.url();

    const download = lp.waitForEvent("download");
    await lp.getByRole("link", { name: "Download PDF" }).click();
    const file = await (await download).path();
    expect((await fs.readFile(file)).subarray(0, 5).toString()).toBe("%PDF-");

    await lp.goto("/account");
    const certificates = lp.getByRole("heading", { level: 2, name: "Certificates" }).locator("xpath=ancestor::*[@data-slot='card'][1]");
    await expect(certificates.getByText(courseTitle)).toBeVisible();
    await expect(certificates.getByRole("link", { name: `Download certificate for “${courseTitle}” (PDF)` })).toBeVisible();

    // A visitor with the link sees who and what, and nothing else about the learner.
    const visitor = await browser.newContext();
    const vp = await visitor.newPage();
    await vp.goto(certificateUrl);
    await expect(vp.getByRole("heading", { level: 1, name: "Valid certificate" })).toBeVisible();
    await expect(vp.getByText(learner.email)).toHaveCount(0);

    // Revoked from the learner's admin page: the page says so and the PDF is gone.
    await page.goto(`/admin/users?q=${encodeURIComponent(learner.email)}`);
    await waitForHydration(page);
    await page.getByRole("row").filter({ hasText: learner.email }).getByRole("cell").nth(2).click();
    await waitForHydration(page);
    await page.getByRole("button", { name: `Revoke certificate for “${courseTitle}”` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke certificate" }).click();
    await expect(toast(page, "Certificate revoked")).toBeVisible();
    await vp.reload();
    await expect(vp.getByRole("heading", { level: 1, name: "Revoked certificate" })).toBeVisible();
    await expect(vp.getByRole("link", { name: "Download PDF" })).toHaveCount(0);
    await visitor.close();
  } finally {
    await learner.context.close();
    await deleteCourseFromList(page, courseTitle);
  }
});
