import { expect, test } from "@playwright/test";
import { createCourse, deleteCourseFromList, signInAsAdmin, toast, uniqueTitle, waitForHydration } from "./admin-support";
import { grantAccess, newLearner, publishedCourse } from "./learning-support";
import { newestMailTo } from "./site-mail";

/**
 * Discussion e-mail (issue 42): staff answer a learner's question from the inbox; the discussion
 * mail job (every minute in these tests, DISCUSSION_MAIL_EVERY_MINUTES) queues one message, the
 * mail queue writes it to the outbox, and it lists the answer with a link to it. The link opens
 * the post; the one-click unsubscribe (RFC 8058) turns discussion mail off, which the account
 * page then says. The course is this test's own and is deleted at the end.
 */

test.describe.configure({ timeout: 240_000 });

test("an answer is e-mailed with a link to it, and the one-click link stops discussion mail", async ({ page, browser }) => {
  const courseTitle = uniqueTitle("Mailed discussion");
  const lessonTitle = uniqueTitle("Ask by mail");
  const question = uniqueTitle("Which price do I start at");
  const answer = uniqueTitle("Start where it still feels a little high");
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
    await discussion.getByLabel("Ask a question or share a comment").fill(question);
    await discussion.getByRole("button", { name: "Post", exact: true }).click();
    await expect(toast(lp, "Question posted")).toBeVisible();

    // Staff answer from the inbox.
    await page.goto(`/admin/discussions?q=${encodeURIComponent(question)}`);
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: question });
    await row.getByText(/^Moderate the post by /).click();
    await row.getByLabel(/^Your reply to /).fill(answer);
    await row.getByRole("button", { name: /^Reply to / }).click();
    await expect(toast(page, "Reply posted")).toBeVisible();

    // The scheduled job queues the message; the mail queue writes it to the outbox.
    const mail = await newestMailTo(learner.email, { containing: answer, timeout: 150_000 });
    expect(mail).toMatch(/^Subject: New in a discussion you follow\s*$/m);
    expect(mail).toContain(`answered your question on “${lessonTitle}”: ${answer}`);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\s*$/m);
    const link = mail.match(/https?:\/\/\S+?\/courses\/[^\s)"<>]+#post-[0-9a-f-]{36}/)?.[0];
    expect(link, "the link to the answer").toBeTruthy();
    const stop = mail.match(/Stop discussion e-mails: (\S+)/)?.[1];
    expect(stop, "the unsubscribe link").toMatch(/\/unsubscribe\?/);

    // The link, opened from the mail in a new tab, shows the lesson at the answer.
    const postId = link!.split("#post-")[1];
    const opened = await learner.context.newPage();
    await opened.goto(new URL(link!).pathname + new URL(link!).hash);
    const post = opened.locator(`[id="post-${postId}"]`);
    await expect(post).toContainText(answer);
    await expect(post.getByText("Staff", { exact: true })).toBeVisible();
    await opened.close();

    // One click (RFC 8058): the mail client's POST alone, no page, turns discussion mail off.
    const stopUrl = new URL(stop!);
    const oneClick = await lp.request.post(stopUrl.pathname + stopUrl.search, { form: { "List-Unsubscribe": "One-Click" } });
    expect(oneClick.status()).toBe(200);
    await lp.goto(stopUrl.pathname + stopUrl.search);
    await expect(lp.getByRole("heading", { name: "You've been unsubscribed" })).toBeVisible();
    await expect(lp.getByText("won't send discussion e-mails to")).toBeVisible();
    await lp.goto("/account#discussion-mail");
    await expect(lp.getByText("You get no e-mail about discussions.")).toBeVisible();
    await expect(lp.getByRole("button", { name: "Turn on discussion e-mails" })).toBeVisible();
  } finally {
    await learner.context.close();
    await deleteCourseFromList(page, courseTitle);
  }
});
