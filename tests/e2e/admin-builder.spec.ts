import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs/promises";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { newLearner } from "./learning-support";

/**
 * The course builder, on demo courses that no other spec edits. Each test adds its own uniquely
 * named module and lessons to its own course and deletes them again, so the specs running
 * beside it on the same server see the demo school as it was.
 */

const CLIP = path.resolve(import.meta.dirname, "../fixtures/lesson-clip.webm");
/** A small PDF, as a lesson's download. */
const WORKBOOK = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

// Each test walks a whole flow (a dozen saves) on a machine shared with the rest of the suite.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

/** A published demo course's id, from the public data file. */
async function courseId(page: Page, slug: string) {
  const response = await page.request.get("/data/courses.json");
  const records = (await response.json()) as { id: string; slug: string }[];
  const record = records.find((course) => course.slug === slug);
  expect(record, `demo course ${slug}`).toBeTruthy();
  return record!.id;
}

async function openBuilder(page: Page, slug: string, tab: "details" | "curriculum") {
  const id = await courseId(page, slug);
  await page.goto(`/admin/courses/builder/${id}?tab=${tab}`);
  await waitForHydration(page);
  return id;
}

/** A module's card, found by its heading also while a dialog hides the page from assistive technology. */
const moduleCard = (page: Page, title: string) =>
  page.getByTestId("module-card").filter({ has: page.getByRole("heading", { name: title, includeHidden: true }) });
const lessonTitles = (card: Locator) => card.getByTestId("lesson-title");

/** Adds a module and names it; returns its card. */
async function addModule(page: Page, title: string) {
  const before = await page.getByTestId("module-card").count();
  await page.getByRole("button", { name: "Add Module", exact: true }).click();
  await expect(page.getByTestId("module-card")).toHaveCount(before + 1);
  await page.getByRole("button", { name: "Edit module “New Module”" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Module" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description (optional)").fill("Made by the builder test.");
  await dialog.getByRole("button", { name: "Save Module" }).click();
  await expect(toast(page, "Module updated")).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = moduleCard(page, title);
  await expect(card.getByText("Made by the builder test.")).toBeVisible();
  return card;
}

/**
 * Adds a lesson to a module: its Edit Lesson dialog opens by itself, from the add's answer, with the
 * title 'New Lesson' focused and selected and the type beside it (issue 38).
 */
async function addLesson(page: Page, card: Locator, moduleTitle: string) {
  const before = await card.getByTestId("lesson-row").count();
  await page.getByRole("button", { name: `Add lesson to “${moduleTitle}”` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Lesson" });
  await expect(dialog).toBeVisible();
  const title = dialog.getByLabel("Title");
  await expect(title).toHaveValue("New Lesson");
  await expect(title).toBeFocused();
  expect(await title.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, "New Lesson".length]);
  await expect(dialog.getByLabel("Type")).toHaveValue("video");
  await expect(card.getByTestId("lesson-row")).toHaveCount(before + 1);
  return dialog;
}

async function deleteModule(page: Page, title: string) {
  await page.getByRole("button", { name: `Delete module “${title}”` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this module and all its lessons?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Module deleted")).toBeVisible();
  await expect(moduleCard(page, title)).toHaveCount(0);
}

test("an admin builds a module with an article preview lesson, reorders by keyboard and by drag, and deletes it all", async ({ page, browser }) => {
  await openBuilder(page, "custom-gpts-for-business", "curriculum");
  await expect(page.getByRole("navigation", { name: "Course builder" }).getByRole("link", { name: "Back to Courses" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Curriculum" })).toHaveAttribute("aria-selected", "true");

  const moduleTitle = uniqueTitle("Module");
  const card = await addModule(page, moduleTitle);

  // The module collapses and expands.
  const toggle = card.getByRole("button", { name: new RegExp(`^${moduleTitle}`) });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(card.getByText("Made by the builder test.")).toBeHidden();
  await toggle.click();
  await expect(card.getByText("Made by the builder test.")).toBeVisible();

  // A first lesson, saved as a free-preview article.
  const first = uniqueTitle("Reading");
  let dialog = await addLesson(page, card, moduleTitle);
  await dialog.getByLabel("Title").fill(first);
  await expect(dialog.getByLabel("Slug")).toHaveValue(first.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
  await dialog.getByLabel("Type").selectOption("article");
  await expect(dialog.getByLabel("Video Source")).toBeHidden();
  await dialog.getByLabel("Content (Markdown)").fill("## What to read\n\nStart **here**.");
  await dialog.getByRole("tab", { name: "Preview" }).click();
  await expect(dialog.getByTestId("markdown-preview").getByRole("heading", { name: "What to read" })).toBeVisible();
  // Left empty, an article's duration is its reading time (5 words: 1 min).
  await dialog.getByLabel("Duration (seconds)").fill("");
  await expect(dialog.getByText("Left empty, it is the reading time: 1 min (200 words a minute).")).toBeVisible();
  await dialog.getByLabel("Duration (seconds)").fill("120");
  await dialog.getByLabel("Free preview (accessible without enrollment)").check();
  // A downloadable file, kept at once; a text file is refused with the reason.
  const picker = dialog.getByLabel("Add a file");
  await picker.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a pdf") });
  await expect(dialog.getByRole("alert")).toHaveText("Please select a PDF, a ZIP or an image");
  await picker.setInputFiles({ name: "Reading list.pdf", mimeType: "application/pdf", buffer: WORKBOOK });
  await expect(toast(page, "File added")).toBeVisible();
  await expect(dialog.getByRole("list", { name: `Files of “New Lesson”` }).getByRole("link", { name: "Reading list.pdf" })).toBeVisible();
  await dialog.getByRole("button", { name: "Save Lesson" }).click();
  await expect(toast(page, "Lesson updated")).toBeVisible();
  await expect(dialog).toBeHidden();
  const firstRow = card.getByTestId("lesson-row").filter({ hasText: first });
  await expect(firstRow.getByText("Article")).toBeVisible();
  await expect(firstRow.getByText("Preview", { exact: true })).toBeVisible();

  // A second lesson: a bad YouTube link is refused with the spec's message, then a good one saves.
  const second = uniqueTitle("Walkthrough");
  dialog = await addLesson(page, card, moduleTitle);
  await dialog.getByLabel("Title").fill(second);
  await dialog.getByLabel("YouTube URL").fill("https://evil.example/watch?v=dQw4w9WgXcQ");
  await dialog.getByRole("button", { name: "Save Lesson" }).click();
  await expect(toast(page, "Failed to update lesson")).toBeVisible();
  await expect(toast(page, "Failed to update lesson")).toContainText("Error");
  await dialog.getByLabel("YouTube URL").fill("https://youtu.be/dQw4w9WgXcQ");
  await expect(dialog.getByText("Plays from https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toBeVisible();
  await dialog.getByRole("button", { name: "Save Lesson" }).click();
  await expect(toast(page, "Lesson updated")).toBeVisible();
  const secondRow = card.getByTestId("lesson-row").filter({ hasText: second });
  await expect(secondRow.getByText("Video")).toBeVisible();
  await expect(secondRow.getByText("Enrolled only")).toBeVisible();
  await expect(lessonTitles(card)).toHaveText([first, second]);

  // Keyboard: move the second lesson up; focus stays on its (now only enabled) move button.
  await page.getByRole("button", { name: `Move “${second}” up` }).focus();
  await page.keyboard.press("Enter");
  await expect(lessonTitles(card)).toHaveText([second, first]);
  await expect(page.getByRole("button", { name: `Move “${second}” up` })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Move “${second}” down` })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: `Moved “${second}” to position 1` })).toBeAttached();

  // Pointer: drag the first lesson back above the second.
  await card
    .getByTestId("lesson-row")
    .filter({ hasText: first })
    .dragTo(card.getByTestId("lesson-row").filter({ hasText: second }), {
      // Near the rows' left edge, clear of the toasts stacked bottom right.
      sourcePosition: { x: 40, y: 10 },
      targetPosition: { x: 40, y: 4 },
    });
  await expect(lessonTitles(card)).toHaveText([first, second]);

  // The public course page lists the module, with the free lesson open to visitors.
  const coursePage = await page.context().newPage();
  await coursePage.goto("/courses/custom-gpts-for-business");
  await expect(coursePage.getByText(moduleTitle)).toBeVisible();
  await coursePage.close();

  // A learner downloads the free lesson's file from its page.
  const learner = await newLearner(browser);
  const lessonPage = learner.page;
  await lessonPage.goto(`/courses/custom-gpts-for-business/lessons/${first.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`);
  const downloading = lessonPage.waitForEvent("download");
  await lessonPage.getByRole("link", { name: "Download “Reading list.pdf”" }).click();
  const downloaded = await downloading;
  expect(downloaded.suggestedFilename()).toBe("Reading list.pdf");
  expect(await fs.readFile((await downloaded.path())!)).toEqual(WORKBOOK);
  await learner.context.close();

  // Deleting a lesson asks first.
  await page.getByRole("button", { name: `Delete “${second}”` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this lesson?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Lesson deleted")).toBeVisible();
  await expect(lessonTitles(card)).toHaveText([first]);

  await deleteModule(page, moduleTitle);
});

test("lesson videos: the browser refuses non-videos and big files, uploads can be cancelled, and an uploaded video plays", async ({
  page,
  browser,
}) => {
  await openBuilder(page, "vibe-coding-with-lovable", "curriculum");
  const moduleTitle = uniqueTitle("Video module");
  const card = await addModule(page, moduleTitle);
  const lessonTitle = uniqueTitle("Clip lesson");
  const dialog = await addLesson(page, card, moduleTitle);
  await dialog.getByLabel("Title").fill(lessonTitle);
  await dialog.getByLabel("Video Source").selectOption("upload");
  const picker = dialog.getByLabel("Upload video");

  // Checked in the browser before anything is sent.
  await picker.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a video") });
  await expect(dialog.getByRole("alert")).toHaveText("Please select a video file");
  // One byte over 50*1024*1024, as a sparse file (Playwright takes buffers up to 50MB only).
  const huge = test.info().outputPath("huge.mp4");
  await fs.writeFile(huge, "");
  await fs.truncate(huge, 50 * 1024 * 1024 + 1);
  await picker.setInputFiles(huge);
  await expect(dialog.getByRole("alert")).toHaveText("File size must be less than 50MB");

  // Held back on its way, the upload can be cancelled.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/uploads/lesson-video*", async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await picker.setInputFiles(CLIP);
  await expect(dialog.getByRole("progressbar", { name: "Video upload progress" })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel upload" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Upload cancelled.");
  await expect(dialog.getByRole("progressbar")).toHaveCount(0);
  release();
  await page.unroute("**/api/uploads/lesson-video*");

  // A real upload.
  await picker.setInputFiles(CLIP);
  await expect(toast(page, "Video uploaded successfully")).toBeVisible();
  await expect(dialog.getByText("New video lesson-clip.webm uploaded")).toBeVisible();
  await dialog.getByRole("button", { name: "Save Lesson" }).click();
  await expect(toast(page, "Lesson updated")).toBeVisible();

  // Reopened, the lesson plays its video through the access-checked route.
  await card.getByRole("button", { name: `Edit “${lessonTitle}”` }).click();
  const player = page.getByRole("dialog", { name: "Edit Lesson" }).locator("video");
  await expect(player).toHaveAttribute("src", /^\/api\/lessons\/[0-9a-f-]{36}\/video$/);
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const src = (await player.getAttribute("src"))!;
  const ranged = await page.request.get(src, { headers: { Range: "bytes=0-99" } });
  expect(ranged.status()).toBe(206);
  expect(ranged.headers()["content-range"]).toBe(`bytes 0-99/${(await fs.stat(CLIP)).size}`);
  await page.getByRole("dialog", { name: "Edit Lesson" }).getByRole("button", { name: "Cancel" }).click();

  // Not for visitors (an enrolled-only lesson), and no public /media URL.
  const visitor = await browser.newContext();
  expect((await visitor.request.get(src)).status()).toBe(401);
  await visitor.close();

  // Sent straight to the server, a non-video is refused there too.
  const lessonId = src.split("/")[3];
  const bypass = await page.request.post(`/api/uploads/lesson-video?ownerId=${lessonId}`, {
    multipart: { file: { name: "clip.mp4", mimeType: "video/mp4", buffer: Buffer.from("plain text wearing a video costume") } },
    headers: { Origin: process.env.E2E_BASE_URL! },
  });
  expect(bypass.status()).toBe(415);
  expect(await bypass.json()).toEqual({ error: "Please select a video file" });

  await deleteModule(page, moduleTitle);
});

test("Details: a refused save keeps what was typed; a saved description shows on the course page", async ({ page }) => {
  await openBuilder(page, "shopify-growth-and-fulfillment", "details");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Shopify Growth & Fulfillment");
  await expect(page.getByRole("heading", { level: 1 }).getByText("Published")).toBeVisible();
  await expect(page.getByRole("button", { name: "Unpublish “Shopify Growth & Fulfillment”" })).toBeVisible();

  const title = page.getByLabel("Title");
  await title.fill("");
  await page.getByLabel("Price (cents)").fill("19900");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Failed to update course details")).toBeVisible();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByLabel("Price (cents)")).toHaveValue("19900");
  await expect(page.getByText("Shown as $199.00")).toBeVisible();

  // Reload: nothing was saved. Then save a description change and put it back.
  await page.reload();
  await waitForHydration(page);
  await expect(title).toHaveValue("Shopify Growth & Fulfillment");
  const description = page.getByLabel("Description (Markdown)");
  const original = await description.inputValue();
  const marker = uniqueTitle("Builder note");
  await description.fill(`${original}\n\n${marker}`);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Course details updated")).toBeVisible();
  const coursePage = await page.context().newPage();
  await coursePage.goto("/courses/shopify-growth-and-fulfillment");
  await expect(coursePage.getByText(marker)).toBeVisible();
  await coursePage.close();
  // Put it back: the second save's answer, then the course page without the note.
  await description.fill(original);
  const saved = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/admin/courses/builder/"),
  );
  await page.getByRole("button", { name: "Save Changes" }).click();
  await saved;
  await expect(toast(page, "Course details updated")).toBeVisible();
  const restored = await page.context().newPage();
  await restored.goto("/courses/shopify-growth-and-fulfillment");
  await expect(restored.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(restored.getByText(marker)).toHaveCount(0);
  await restored.close();

  // The side menu switches tabs.
  await page.getByRole("navigation", { name: "Course builder" }).getByRole("link", { name: "Curriculum" }).click();
  await expect(page).toHaveURL(/\?tab=curriculum$/);
  await expect(page.getByRole("heading", { name: "Curriculum", level: 2 })).toBeVisible();
});

test("Details: an admin names an instructor by e-mail and removes them again; the card is accessible", async ({ page }) => {
  await openBuilder(page, "shopify-growth-and-fulfillment", "details");
  const card = page.getByRole("region", { name: "Instructors" });
  const address = card.getByLabel("Instructor's e-mail address");

  await address.fill("nobody-at-all@example.com");
  await card.getByRole("button", { name: "Add instructor" }).click();
  await expect(card.getByText("No account has that e-mail address.")).toBeVisible();
  await expect(address).toHaveValue("nobody-at-all@example.com");

  await address.fill("priya.nair@example.com");
  await card.getByRole("button", { name: "Add instructor" }).click();
  await expect(toast(page, "Instructor added")).toBeVisible();
  const remove = card.getByRole("button", { name: /^Remove .+ as instructor$/ });
  await expect(remove).toHaveCount(1);
  await expect(card.getByText("priya.nair@example.com")).toBeVisible();

  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations).toEqual([]);

  await remove.click();
  await expect(toast(page, "Instructor removed")).toBeVisible();
  await expect(card.getByText("No instructors yet.")).toBeVisible();
});
