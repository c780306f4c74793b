import { expect, type Browser, type Page } from "@playwright/test";
import { signInAsNewLearner, toast, waitForHydration } from "./admin-support";

/** Learners and their access, for the tests of lesson pages, reviews and quizzes. */

/** A published course's id and slug, from the public data file. */
export async function publishedCourse(page: Page, title: string) {
  const records = (await (await page.request.get("/data/courses.json")).json()) as { id: string; slug: string; title: string }[];
  const record = records.find((course) => course.title === title);
  expect(record, `course ${title} in courses.json`).toBeTruthy();
  return record!;
}

/** Grants a learner access to a course from the admin's user page (the page is signed in as the admin). */
export async function grantAccess(page: Page, email: string, courseTitle: string) {
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  await page.getByRole("row").filter({ hasText: email }).getByRole("cell").nth(2).click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/?]+$/);
  await waitForHydration(page);
  const courseRow = page.getByRole("table", { name: "Course access" }).getByRole("row").filter({ hasText: courseTitle });
  await courseRow.getByRole("button", { name: `Grant Access to “${courseTitle}”` }).click();
  await expect(toast(page, "Course access granted")).toBeVisible();
}

/** A new learner signed in in a browser context of their own. */
export async function newLearner(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signInAsNewLearner(page);
  return { context, page, email };
}
