import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { makeClip } from "../support/video-clips";
import { createCourse, signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { expectVideoState, lessonPageFromBuilder } from "./video-support";

/**
 * Streaming video (issue 26): a clip made by ffmpeg here is uploaded in the builder, transcoded by
 * the server's worker into HLS (the builder shows its state), and plays on the lesson page through
 * hls.js in Chromium, with the poster first, a quality menu and the owner's captions. A file ffmpeg cannot read fails
 * with its reason, and Retry queues it again.
 */

test.describe.configure({ timeout: 180_000 });

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-stream-"));
test.afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

async function publishedCourse(page: Page, title: string) {
  const records = (await (await page.request.get("/data/courses.json")).json()) as { id: string; slug: string; title: string }[];
  return records.find((course) => course.title === title)!;
}

async function uploadVideo(page: Page, lessonTitle: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByRole("button", { name: `Edit “${lessonTitle}”` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Lesson" });
  await dialog.getByLabel("Type").selectOption("video");
  await dialog.getByLabel("Video Source").selectOption("upload");
  await dialog.getByLabel("Upload video").setInputFiles(file);
  await expect(toast(page, "Video uploaded successfully")).toBeVisible();
  await dialog.getByRole("button", { name: "Save Lesson" }).click();
  await expect(toast(page, "Lesson updated")).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("an uploaded clip is transcoded in the background and plays through hls.js with its poster and a quality choice", async ({ page }) => {
  // Ten seconds at 640×480: two renditions (360p and the source's 480 lines) in 4-second segments.
  const clip = fs.readFileSync(await makeClip(path.join(workDir, "clip.mp4"), { width: 640, height: 480, seconds: 10 }));
  const courseTitle = uniqueTitle("Streaming course");
  const lessonTitle = uniqueTitle("Streamed lesson");
  await signInAsAdmin(page);
  await createCourse(page, { title: courseTitle, lessons: [lessonTitle] });
  const course = await publishedCourse(page, courseTitle);
  await page.goto(`/admin/courses/builder/${course.id}?tab=curriculum`);
  await waitForHydration(page);
  await uploadVideo(page, lessonTitle, { name: "clip.mp4", mimeType: "video/mp4", buffer: clip });
  const row = await expectVideoState(page, lessonTitle, "Ready");

  // Captions: a file that is not WebVTT is refused with the reason; a WebVTT one is kept.
  const captionsFile = row.getByLabel(`Captions file (WebVTT) for “${lessonTitle}”`);
  const sendCaptions = async (name: string, text: string) => {
    await captionsFile.setInputFiles({ name, mimeType: "text/vtt", buffer: Buffer.from(text) });
    await row.getByRole("button", { name: `Upload captions for “${lessonTitle}”` }).click();
  };
  await sendCaptions("captions.srt", "1\n00:00:01,000 --> 00:00:04,000\nHello\n");
  await expect(row.getByRole("alert")).toHaveText("This is not a WebVTT file: its first line must be WEBVTT");
  await sendCaptions("captions.vtt", "WEBVTT\n\n00:00:00.500 --> 00:00:09.000\nWelcome to the lesson\n");
  await expect(toast(page, "Captions uploaded")).toBeVisible();
  await expect(row.getByTestId("video-captions")).toContainText("Captions added");

  const segments: string[] = [];
  page.on("request", (request) => {
    if (/\/stream\/\d+p\/seg-\d+\.ts$/.test(request.url())) segments.push(new URL(request.url()).pathname);
  });
  // hls.js must run within the site's Content-Security-Policy (no worker from a blob:).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  // hls.js turns the segments into what Media Source takes in a worker, loaded from the site's own file.
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(new URL(worker.url()).pathname));
  await page.goto(await lessonPageFromBuilder(page, course.slug, lessonTitle));
  const video = page.locator("video");
  // The poster is there before anything plays.
  await expect(video).toHaveAttribute("poster", /^\/api\/lessons\/[0-9a-f-]{36}\/stream\/poster\.jpg$/);
  await waitForHydration(page);

  // hls.js plays it through Media Source Extensions (a blob: source), not the browser's own HLS.
  const quality = page.getByLabel("Quality");
  await expect(quality).toBeVisible({ timeout: 20_000 });
  await expect(quality.locator("option")).toHaveText([/^Auto/, "360p", "480p"]);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations).toEqual([]);
  await expect(video).toHaveAttribute("src", /^blob:/);
  // The player offers the captions; shown, their cue is loaded.
  await expect(video.locator("track")).toHaveAttribute("label", "Captions");
  await video.evaluate((element: HTMLVideoElement) => {
    element.textTracks[0]!.mode = "showing";
  });
  await expect
    .poll(() =>
      video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.cues?.[0] && (element.textTracks[0].cues[0] as VTTCue).text),
    )
    .toBe("Welcome to the lesson");
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    void element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
  expect(segments.length).toBeGreaterThan(0);
  expect(workers).toEqual([expect.stringMatching(/^\/assets\/hls\.worker-[\w-]+\.js$/)]);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);

  // The learner picks a quality with the keyboard-operable menu; the next segments come from it.
  await quality.selectOption("360p");
  await video.evaluate((element: HTMLVideoElement) => {
    element.currentTime = 8.5;
    void element.play();
  });
  await expect.poll(() => segments.some((url) => url.includes("/360p/seg-0002.ts")), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(8.6);
});

test("a video ffmpeg cannot read fails with its reason, and Retry queues it again", async ({ page }) => {
  const courseTitle = uniqueTitle("Broken video course");
  const lessonTitle = uniqueTitle("Broken lesson");
  await signInAsAdmin(page);
  await createCourse(page, { title: courseTitle, lessons: [lessonTitle], publish: false });
  await page.goto("/admin/courses?q=" + encodeURIComponent(courseTitle));
  await waitForHydration(page);
  const builder = await page.getByRole("link", { name: `Edit curriculum of ${courseTitle}` }).getAttribute("href");
  await page.goto(`${builder}?tab=curriculum`);
  await waitForHydration(page);
  // An MP4 header (so the upload accepts it) with nothing playable behind it.
  const broken = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(12), Buffer.alloc(2048, 7)]);
  await uploadVideo(page, lessonTitle, { name: "broken.mp4", mimeType: "video/mp4", buffer: broken });

  const row = await expectVideoState(page, lessonTitle, "Failed");
  await expect(row).toContainText("The file has no video ffmpeg can read");
  await row.getByRole("button", { name: `Retry processing “${lessonTitle}”` }).click();
  await expect(toast(page, "Video queued for processing")).toBeVisible();
  await expectVideoState(page, lessonTitle, "Failed");
});
