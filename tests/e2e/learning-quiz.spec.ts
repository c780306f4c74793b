import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createCourse, deleteCourseFromList, signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { grantAccess, newLearner, publishedCourse } from "./learning-support";

/**
 * Quizzes (issue 24, docs/decisions/024): the admin makes a lesson a quiz in the builder (a
 * question without a correct answer is refused under it), a learner fails it, retries while
 * attempts remain, passes, and the lesson shows completed. The test makes and deletes its own course.
 */

test.describe.configure({ timeout: 180_000 });

const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const axeViolations = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page }).withTags(wcag);
  return (await (include ? builder.include(include) : builder).analyze()).violations;
};

test("a learner fails a quiz, retries, passes it, and the lesson is completed", async ({ page, browser }) => {
  const courseTitle = uniqueTitle("Quiz course");
  const quizTitle = uniqueTitle("Check yourself");
  await signInAsAdmin(page);
  await createCourse(page, { title: courseTitle, lessons: [quizTitle] });
  const course = await publishedCourse(page, courseTitle);

  await page.goto(`/admin/courses/builder/${course.id}?tab=curriculum`);
  await waitForHydration(page);
  await page.getByRole("button", { name: `Edit “${quizTitle}”` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Lesson" });
  await dialog.getByLabel("Type").selectOption("quiz");
  await dialog.getByLabel("Pass mark (%)").fill("100");
  await dialog.getByLabel("Attempts allowed").fill("3");
  await dialog.getByLabel("Text of question 1").fill("What is the capital of France?");
  await dialog.getByLabel("Option 1 of question 1", { exact: true }).fill("Lyon");
  await dialog.getByLabel("Option 2 of question 1", { exact: true }).fill("Paris");
  await dialog.getByRole("button", { name: "Add question" }).click();
  await dialog.getByLabel("Kind of question 2").selectOption("true_false");
  await dialog.getByLabel("Text of question 2").fill("The Seine flows through Paris.");
  await dialog.getByLabel("Explanation of question 2 (optional)").fill("It runs right through the city.");

  // Questions move and go: the second moves up and back down; a third is added and deleted.
  await dialog.getByRole("button", { name: "Move question 2 up" }).click();
  await expect(dialog.getByLabel("Text of question 1")).toHaveValue("The Seine flows through Paris.");
  await dialog.getByRole("button", { name: "Move question 1 down" }).click();
  await expect(dialog.getByLabel("Text of question 1")).toHaveValue("What is the capital of France?");
  await dialog.getByRole("button", { name: "Add question" }).click();
  await dialog.getByLabel("Text of question 3").fill("Thrown away");
  await dialog.getByRole("button", { name: "Delete question 3" }).click();
  await expect(dialog.getByLabel("Text of question 3")).toHaveCount(0);

  // No correct answer marked for question 1: refused, with the message under it.
  await dialog.getByLabel("True is correct").check();
  await dialog.getByRole("button", { name: "Save Lesson" }).click();
  await expect(toast(page, "Failed to update lesson")).toBeVisible();
  await expect(dialog.getByText("Mark the correct answer")).toBeVisible();

  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByLabel("Option 2 of question 1 is correct").check();
  await dialog.getByRole("button", { name: "Save Lesson" }).click();
  await expect(toast(page, "Lesson updated")).toBeVisible();
  await expect(dialog).toBeHidden();

  const learner = await newLearner(browser);
  await grantAccess(page, learner.email, courseTitle);
  try {
    const lp = learner.page;
    await lp.goto(`/courses/${course.slug}`);
    await lp.getByRole("link", { name: "Continue learning" }).click();
    await expect(lp.getByRole("heading", { level: 1, name: quizTitle })).toBeVisible();
    await waitForHydration(lp);
    await expect(lp.getByText("3 of 3 attempts left")).toBeVisible();
    const capital = lp.getByRole("group", { name: "1. What is the capital of France?" });
    const seine = lp.getByRole("group", { name: "2. The Seine flows through Paris." });

    // First try: one wrong answer, below the 100% pass mark.
    await capital.getByLabel("Lyon").check();
    await seine.getByLabel("True").check();
    await lp.getByRole("button", { name: "Submit answers" }).click();
    await expect(toast(lp, "Quiz not passed")).toBeVisible();
    const result = lp.getByRole("region", { name: "Your result: 50%" });
    await expect(result).toBeVisible();
    await expect(result.getByText("Not passed")).toBeVisible();
    await expect(result.getByText("It runs right through the city.")).toBeVisible();
    await expect(lp.getByText("2 of 3 attempts left")).toBeVisible();
    await expect(lp.getByText("Completed", { exact: true })).toHaveCount(0);
    expect(await axeViolations(lp)).toEqual([]);

    // Second try: passed, and the lesson is completed.
    await capital.getByLabel("Paris").check();
    await lp.getByRole("button", { name: "Submit answers" }).click();
    await expect(toast(lp, "Quiz passed")).toBeVisible();
    await expect(lp.getByRole("region", { name: "Your result: 100%" }).getByText("Passed", { exact: true })).toBeVisible();
    await expect(lp.getByRole("button", { name: "Submit answers" })).toHaveCount(0);
    await expect(lp.getByRole("article").getByText("Completed", { exact: true })).toBeVisible();
    const panel = lp.getByRole("navigation", { name: "Course curriculum" });
    await expect(panel.getByRole("link", { name: new RegExp(`${quizTitle}.*Completed`) })).toBeVisible();

    // The admin sees both attempts on the learner's page and the quiz's figures.
    await page.goto("/admin/quizzes");
    await page.getByRole("link", { name: quizTitle }).click();
    await expect(page.getByRole("heading", { level: 1, name: quizTitle })).toBeVisible();
    await expect(page.getByRole("table", { name: `Questions of ${quizTitle}` }).getByRole("row")).toHaveCount(3);
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await learner.context.close();
    await deleteCourseFromList(page, courseTitle);
  }
});
