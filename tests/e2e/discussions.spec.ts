import { expect, test } from "@playwright/test";
import { createCourse, deleteCourseFromList, signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { wcagScan } from "./axe";
import { grantAccess, newLearner, publishedCourse } from "./learning-support";

/**
 * Discussions (issue 42): a learner asks under a lesson (with a preview), the admin answers from
 * Admin → Discussions, and the learner's bell shows the answer. The course is this test's own and
 * is deleted at the end.
 */

test.describe.configure({ timeout: 180_000 });

test("a learner asks under a lesson, staff answer from the inbox, and the bell shows it", async ({ page, browser }) => {
  const courseTitle = uniqueTitle("Discussed course");
  const lessonTitle = uniqueTitle("Ask here");
  const question = uniqueTitle("How do I price my first offer");
  await signInAsAdmin(page);
  await createCourse(page, { title: courseTitle, lessons: [lessonTitle] });
  const course = await publishedCourse(page, courseTitle);
  const learner = await newLearner(browser);
  await grantAccess(page, learner.email, courseTitle);

  try {
    const lp = learner.page;
    await lp.goto(`/courses/${course.slug}`);
    await lp.getByRole("link", { name: "Continue learning" }).click();
    await waitForHydration(lp);
    const discussion = lp.getByRole("region", { name: "Discussion" });
    await expect(discussion.getByText("No questions yet. Be the first to ask.")).toBeVisible();

    // Too long: refused with the reason, the text kept.
    const box = discussion.getByLabel("Ask a question or share a comment");
    await box.fill("x".repeat(5001));
    await discussion.getByRole("button", { name: "Post", exact: true }).click();
    await expect(discussion.getByRole("alert")).toHaveText("Posts can be at most 5,000 characters.");
    await expect(box).toHaveValue("x".repeat(5001));

    await box.fill(`${question} **today**?`);
    await discussion.getByRole("button", { name: "Preview your post" }).click();
    await expect(discussion.locator("strong", { hasText: "today" }).first()).toBeVisible();
    await discussion.getByRole("button", { name: "Post", exact: true }).click();
    await expect(toast(lp, "Question posted")).toBeVisible();
    await expect(discussion.getByRole("article", { name: /^Question by / })).toContainText(question);
    const scan = await wcagScan(lp);
    expect(scan.violations.map((violation) => violation.id)).toEqual([]);

    // The admin answers from the inbox.
    await page.goto(`/admin/discussions?q=${encodeURIComponent(question)}`);
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: question });
    await expect(row.getByText("Unanswered")).toBeVisible();
    await row.getByText(/^Moderate the post by /).click();
    await row.getByLabel(/^Your reply to /).fill("Start with what it saves your buyer.");
    await row.getByRole("button", { name: /^Reply to / }).click();
    await expect(toast(page, "Reply posted")).toBeVisible();
    const adminScan = await wcagScan(page);
    expect(adminScan.violations.map((violation) => violation.id)).toEqual([]);

    // The bell tells the learner; the answer is under the question with the staff badge.
    await lp.reload();
    await waitForHydration(lp);
    await lp.getByRole("link", { name: "Notifications, 1 unread" }).first().click();
    await expect(lp.getByRole("heading", { name: "Notifications" })).toBeVisible();
    await expect(lp.getByText("answered your question")).toBeVisible();
    await lp.getByRole("link", { name: "Open the post" }).first().click();
    const answered = lp.getByRole("article", { name: /^Question by / });
    await expect(answered.getByText("Start with what it saves your buyer.")).toBeVisible();
    await expect(answered.getByText("Staff", { exact: true })).toBeVisible();
  } finally {
    await learner.context.close();
    await deleteCourseFromList(page, courseTitle);
  }
});
