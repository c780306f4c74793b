import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createCourse, deleteCourseFromList, signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { grantAccess, newLearner, publishedCourse } from "./learning-support";
import { expectVideoState } from "./video-support";

/**
 * Lesson pages (issue 14). The first test makes its own course (a 20-second uploaded video, played
 * as its adaptive stream once transcoded, and an article), grants a new learner access from the
 * users screen, and deletes the course at the end; the second only reads the demo school.
 */

const CLIP = path.resolve(import.meta.dirname, "../fixtures/lesson-clip-20s.webm");

test.describe.configure({ timeout: 180_000 });

/** Edits one flat lesson in the builder: its dialog, filled by `fill`, then saved. */
async function editLesson(page: Page, title: string, fill: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>) {
  // The previous save's toast has gone, so the next one is this save's.
  await expect(toast(page, "Lesson updated")).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole("button", { name: `Edit “${title}”` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Lesson" });
  await fill(dialog);
  await dialog.getByRole("button", { name: "Save Lesson" }).click();
  await expect(toast(page, "Lesson updated")).toBeVisible();
  await expect(dialog).toBeHidden();
}

const currentTime = (page: Page) => page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime);
/** The next position save the player sends (optionally: of this position). */
const progressSave = (page: Page, position?: number) =>
  page.waitForRequest(
    (request) =>
      request.method() === "POST" &&
      /\/api\/lessons\/[0-9a-f-]{36}\/progress$/.test(new URL(request.url()).pathname) &&
      (position === undefined || (request.postData() ?? "").includes(`position=${position}`)),
  );

test("a learner granted access watches an uploaded video, resumes where they left, completes lessons and sees progress", async ({
  page,
  browser,
}) => {
  const courseTitle = uniqueTitle("Learning course");
  const videoLesson = uniqueTitle("Watch this");
  const articleLesson = uniqueTitle("Read this");
  await signInAsAdmin(page);
  await createCourse(page, { title: courseTitle, lessons: [videoLesson, articleLesson] });
  const course = await publishedCourse(page, courseTitle);

  // The admin uploads the video to the first lesson and writes the second as an article.
  await page.goto(`/admin/courses/builder/${course.id}?tab=curriculum`);
  await waitForHydration(page);
  await editLesson(page, videoLesson, async (dialog) => {
    await dialog.getByLabel("Type").selectOption("video");
    await dialog.getByLabel("Video Source").selectOption("upload");
    await dialog.getByLabel("Upload video").setInputFiles(CLIP);
    await expect(toast(page, "Video uploaded successfully")).toBeVisible();
  });
  // The upload is transcoded into an adaptive stream in the background; the learner watches that.
  await expectVideoState(page, videoLesson, "Ready");
  await editLesson(page, articleLesson, async (dialog) => {
    await dialog.getByLabel("Type").selectOption("article");
    await dialog.getByLabel("Content (Markdown)").fill("## Take notes\n\nWrite down **three** ideas.");
  });

  const learner = await newLearner(browser);
  await grantAccess(page, learner.email, courseTitle);

  try {
    // From the course page, "Continue learning" opens the first lesson.
    const lp = learner.page;
    await lp.goto(`/courses/${course.slug}`);
    await lp.getByRole("link", { name: "Continue learning" }).click();
    await expect(lp).toHaveURL(new RegExp(`/courses/${course.slug}/lessons/`));
    await expect(lp.getByRole("heading", { level: 1, name: videoLesson })).toBeVisible();
    await waitForHydration(lp);
    const panel = lp.getByRole("navigation", { name: "Course curriculum" });
    await expect(panel.getByRole("link", { name: new RegExp(videoLesson) })).toHaveAttribute("aria-current", "page");
    const bar = lp.getByRole("progressbar", { name: `Progress in ${courseTitle}` });
    await expect(bar).toHaveAttribute("aria-valuenow", "0");

    // Watching: the position is saved a few seconds apart while it plays.
    const video = lp.locator("video");
    // The stream, through hls.js (a Media Source blob:), with its poster.
    await expect(video).toHaveAttribute("poster", /^\/api\/lessons\/[0-9a-f-]{36}\/stream\/poster\.jpg$/);
    await expect(video).toHaveAttribute("src", /^blob:/);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    const whilePlaying = progressSave(lp);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      void element.play();
    });
    expect((await whilePlaying).postData()).toMatch(/intent=position&position=\d+/);

    // Paused at 12 seconds, then the learner leaves.
    const onPause = progressSave(lp, 12);
    await video.evaluate((element: HTMLVideoElement) => {
      element.currentTime = 12;
      element.pause();
    });
    expect((await onPause).postData()).toBe("intent=position&position=12");

    // The account lists the course with its progress and where to carry on.
    await lp.goto("/account");
    const mine = lp.getByRole("region", { name: "My courses" });
    await expect(mine.getByText(courseTitle, { exact: true })).toBeVisible();
    await expect(mine.getByText("0 of 2 lessons complete")).toBeVisible();
    await mine.getByRole("link", { name: `Continue learning “${courseTitle}”` }).click();

    // Back on the lesson, the player resumes where it stopped.
    await expect(lp.getByRole("heading", { level: 1, name: videoLesson })).toBeVisible();
    await expect.poll(() => currentTime(lp), { timeout: 15_000 }).toBeGreaterThanOrEqual(11.5);

    // Played to the end, the lesson completes by itself.
    await waitForHydration(lp);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      element.currentTime = 19;
      void element.play();
    });
    await expect(toast(lp, "Lesson marked as complete")).toBeVisible({ timeout: 15_000 });
    await expect(bar).toHaveAttribute("aria-valuenow", "50");
    await expect(panel.getByRole("link", { name: new RegExp(`${videoLesson}.*Completed`) })).toBeVisible();

    // The next lesson, an article, completed with the button.
    await lp.getByRole("link", { name: `Next lesson: ${articleLesson}` }).click();
    await expect(lp.getByRole("heading", { level: 1, name: articleLesson })).toBeVisible();
    await expect(lp.getByRole("heading", { level: 2, name: "Take notes" })).toBeVisible();
    await expect(toast(lp, "Lesson marked as complete")).toHaveCount(0, { timeout: 15_000 });
    await lp.getByRole("button", { name: "Mark as complete" }).click();
    await expect(toast(lp, "Lesson marked as complete")).toBeVisible();
    await expect(bar).toHaveAttribute("aria-valuenow", "100");
    await expect(lp.getByText("2 of 2 lessons complete")).toBeVisible();
    await expect(lp.getByRole("button", { name: `Mark “${articleLesson}” as not complete` })).toBeVisible();
  } finally {
    await learner.context.close();
    await deleteCourseFromList(page, courseTitle);
  }
});

test("a visitor sees free previews, is sent to sign in for the rest, and a learner without access gets the locked page", async ({
  page,
  browser,
}) => {
  const preview = "/courses/shopify-101/lessons/welcome-and-roadmap";
  const paid = "/courses/shopify-101/lessons/choose-a-niche-you-can-serve";

  // A free preview: the privacy-friendly embed, no progress for a visitor.
  await page.goto(preview);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome: How This Course Works" })).toBeVisible();
  await expect(page.locator("iframe")).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  await expect(page.getByText("to keep track of your progress.")).toBeVisible();
  const panel = page.getByRole("navigation", { name: "Course curriculum" });
  const locked = panel.getByRole("link", { name: /Choosing a Niche You Can Actually Serve.*Locked/ });
  await expect(locked).toBeVisible();
  // The embed's own page is the video host's, not ours (and unreachable here).
  const axe = await new AxeBuilder({ page }).exclude("iframe").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations).toEqual([]);

  // The rest is behind sign-in.
  await locked.click();
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === paid);

  // Signed in without access: the locked page, with the ways in and none of the lesson.
  const learner = await newLearner(browser);
  try {
    const response = await learner.page.goto(paid);
    expect(response?.status()).toBe(403);
    await expect(learner.page.getByRole("heading", { name: "This lesson is locked" })).toBeVisible();
    await expect(learner.page.getByRole("link", { name: /^Buy This Course/ })).toHaveAttribute(
      "href",
      /^\/checkout\?courseId=[0-9a-f-]{36}$/,
    );
    await expect(learner.page.getByRole("link", { name: /^Get All Courses/ })).toHaveAttribute("href", "/checkout?plan=monthly");
    await expect(learner.page.getByText("A niche is not a product category.")).toHaveCount(0);

    // On a phone the curriculum folds behind a button.
    await learner.page.setViewportSize({ width: 390, height: 800 });
    await waitForHydration(learner.page);
    const toggle = learner.page.getByRole("button", { name: "Show lessons" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const list = learner.page
      .getByRole("navigation", { name: "Course curriculum" })
      .getByRole("link", { name: /Welcome: How This Course Works/ });
    await expect(list).toBeHidden();
    await toggle.click();
    await expect(learner.page.getByRole("button", { name: "Hide lessons" })).toHaveAttribute("aria-expanded", "true");
    await expect(list).toBeVisible();
  } finally {
    await learner.context.close();
  }
});
