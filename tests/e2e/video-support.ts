import { expect, type Page } from "@playwright/test";

/** Waits in the builder (curriculum tab open) until the lesson's uploaded video is `state` ("Ready", "Failed"), as its row says. */
export async function expectVideoState(page: Page, lessonTitle: string, state: "Ready" | "Failed") {
  const row = page.getByTestId("lesson-row").filter({ hasText: lessonTitle });
  // The builder reloads its data every few seconds while a video is queued or processing.
  await expect(row.getByTestId("video-stream-state")).toContainText(state, { timeout: 90_000 });
  return row;
}

/** The lesson page's address, from its builder row's slug. */
export async function lessonPageFromBuilder(page: Page, courseSlug: string, lessonTitle: string) {
  const row = page.getByTestId("lesson-row").filter({ hasText: lessonTitle });
  const slug = (await row.getByText(/^\//).first().textContent())!.slice(1);
  return `/courses/${courseSlug}/lessons/${slug}`;
}
