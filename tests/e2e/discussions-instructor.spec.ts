import { expect, test } from "@playwright/test";
import { createCourse, deleteCourseFromList, signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { wcagScan } from "./axe";
import { grantAccess, newLearner, publishedCourse } from "./learning-support";

/**
 * The instructor's inbox (issue 42, docs/decisions/059): the owner names a person instructor of a
 * course; that person, who is no admin, opens Admin → Discussions with that course's questions
 * only, answers one and marks it answered; the rest of the back office stays closed to them.
 * The course is this test's own and is deleted at the end.
 */

test.describe.configure({ timeout: 180_000 });

test("a course's instructor answers from their own inbox, and reaches nothing else of the admin", async ({ page, browser }) => {
  const courseTitle = uniqueTitle("Taught course");
  const question = uniqueTitle("Where do I find my first buyers");
  const answer = uniqueTitle("Ask the people who already read your posts");
  await signInAsAdmin(page);
  await createCourse(page, { title: courseTitle, lessons: [uniqueTitle("Ask the instructor")] });
  const course = await publishedCourse(page, courseTitle);
  const learner = await newLearner(browser);
  const instructor = await newLearner(browser);
  await grantAccess(page, learner.email, courseTitle);

  try {
    // The owner names the instructor in the course builder.
    await page.goto(`/admin/courses/builder/${course.id}?tab=details`);
    await waitForHydration(page);
    const card = page.getByRole("region", { name: "Instructors" });
    await card.getByLabel("Instructor's e-mail address").fill(instructor.email);
    await card.getByRole("button", { name: "Add instructor" }).click();
    await expect(toast(page, "Instructor added")).toBeVisible();

    const lp = learner.page;
    await lp.goto(`/courses/${course.slug}`);
    await lp.getByRole("link", { name: "Continue learning" }).click();
    await waitForHydration(lp);
    const discussion = lp.getByRole("region", { name: "Discussion" });
    await discussion.getByLabel("Ask a question or share a comment").fill(question);
    await discussion.getByRole("button", { name: "Post", exact: true }).click();
    await expect(toast(lp, "Question posted")).toBeVisible();

    // The instructor's inbox: Discussions alone in the menu, their course's question in the list.
    const ip = instructor.page;
    await ip.goto("/admin/discussions");
    await waitForHydration(ip);
    await expect(ip.getByRole("heading", { name: "Discussions", level: 1 })).toBeVisible();
    await expect(ip.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText(["Discussions"]);
    const row = ip.getByRole("row").filter({ hasText: question });
    await expect(row.getByText("Unanswered")).toBeVisible();
    await row.getByText(/^Moderate the post by /).click();
    await expect(row.getByRole("button", { name: /^Stop .+ from posting$/ })).toHaveCount(0);
    await row.getByLabel(/^Your reply to /).fill(answer);
    await row.getByRole("button", { name: /^Reply to / }).click();
    await expect(toast(ip, "Reply posted")).toBeVisible();
    await row.getByRole("button", { name: /^Mark the question by .+ answered$/ }).click();
    await expect(toast(ip, "Marked answered")).toBeVisible();
    await expect(ip.getByRole("row").filter({ hasText: question }).getByText("Answered", { exact: true })).toBeVisible();
    const scan = await wcagScan(ip);
    expect(scan.violations.map((violation) => violation.id)).toEqual([]);

    // Nothing else of the back office.
    for (const path of ["/admin", "/admin/users", "/admin/courses"]) {
      const response = await ip.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(ip.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    }

    // The learner reads the answer with the staff badge.
    await lp.reload();
    const thread = lp.getByRole("article", { name: /^Question by / });
    await expect(thread.getByText(answer)).toBeVisible();
    await expect(thread.getByText("Staff", { exact: true })).toBeVisible();
  } finally {
    await learner.context.close();
    await instructor.context.close();
    await deleteCourseFromList(page, courseTitle);
  }
});
