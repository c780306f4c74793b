import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as lessonDiscussion from "~/routes/learn/lesson-discussion";
import type { SessionUser } from "~/server/auth/session.server";
import { accessEvents, courses, discussionNotifications, discussionPosts, enrollments, lessons, users } from "~/server/db/schema";
import { countUnansweredQuestions } from "~/server/discussions/discussion-moderation.server";
import * as inbox from "./discussions";

/**
 * Admin → Discussions (issue 42): unanswered questions first, an answer from the inbox reaches the
 * asker, a hidden post shows its reason to its author only, a ban stops posting and is audited,
 * and the dashboard counts questions waiting more than a day.
 */

const database = useTestDatabase();
const old = (fields: Partial<SessionUser>) => sessionUser({ createdAt: new Date(Date.now() - 30 * 86_400_000), ...fields });
const admin = old({ role: "admin", name: "Ada Admin" });
const learner = old({ name: "Lena Learner" });
const other = old({ name: "Otto Other" });
const slug = unique("inbox");
let courseId = "";

beforeAll(async () => {
  const db = database().db;
  await db.insert(users).values([admin, learner, other].map(({ id, email, name, role, createdAt }) => ({ id, email, name, role, createdAt })));
  const [course] = await db.insert(courses).values({ title: "Inbox course", slug, status: "published" }).returning({ id: courses.id });
  courseId = course.id;
  await db.insert(lessons).values({ courseId, title: "Lesson one", slug: "one", type: "article", orderIndex: 1 });
  await db.insert(enrollments).values([learner, other].map((who) => ({ userId: who.id, courseId, source: "purchase" as const })));
});

type Answer = { data: Record<string, unknown> & { postId?: string; error?: string; errors?: Record<string, string[]> }; init: ResponseInit | null };
const onLesson = (user: SessionUser, form: Record<string, string>) =>
  callAction(lessonDiscussion, {
    path: `/courses/${slug}/lessons/one/discussion`,
    params: { courseSlug: slug, lessonSlug: "one" },
    user,
    form,
  }) as unknown as Promise<Answer>;
const moderate = (form: Record<string, string>) => callAction(inbox, { path: "/admin/discussions", user: admin, form }) as unknown as Promise<Answer>;
const list = (query = "") =>
  callLoader(inbox, { path: `/admin/discussions${query}`, user: admin }) as unknown as Promise<{
    rows: { id: string; bodyMd: string; answered: boolean; kind: string | null; parentId: string | null }[];
  }>;

describe("Admin → Discussions", () => {
  it("lists unanswered questions first and answers one inline, which notifies the asker", async () => {
    const comment = (await onLesson(learner, { intent: "ask", kind: "comment", body: "Nice lesson" })).data.postId!;
    const question = (await onLesson(learner, { intent: "ask", kind: "question", body: "How does it work?" })).data.postId!;
    const rows = (await list()).rows;
    expect(rows[0].id).toBe(question);
    expect(rows.map((row) => row.id)).toContain(comment);
    expect((await list("?state=unanswered")).rows.map((row) => row.id)).toEqual([question]);

    const empty = await moderate({ intent: "reply", id: question, body: " " });
    expect(empty.init?.status).toBe(400);
    expect(empty.data.errors?.body).toEqual(["Write something before posting."]);

    expect((await moderate({ intent: "reply", id: question, body: "Like this." })).data.done).toBe(true);
    const notes = await database().db.select().from(discussionNotifications).where(eq(discussionNotifications.userId, learner.id));
    expect(notes.map((note) => note.kind)).toEqual(["answer"]);
    const [reply] = await database().db.select().from(discussionPosts).where(eq(discussionPosts.parentId, question));
    expect(reply).toMatchObject({ byStaff: true, authorName: "Ada Admin" });
  });

  it("hides a post with a reason only its author reads, and restores it", async () => {
    const question = (await onLesson(other, { intent: "ask", kind: "question", body: "Spam spam" })).data.postId!;
    const noReason = await moderate({ intent: "hide", id: question, reason: "" });
    expect(noReason.data.errors?.reason).toEqual(["Give the reason the person will read."]);
    await moderate({ intent: "hide", id: question, reason: "Off topic" });

    const read = (user: SessionUser) =>
      callLoader(lessonDiscussion, { path: `/courses/${slug}/lessons/one/discussion`, params: { courseSlug: slug, lessonSlug: "one" }, user }) as unknown as Promise<{
        data: { discussion: { threads: { id: string; status: string; hiddenReason: string | null }[] } };
      }>;
    expect((await read(learner)).data.discussion.threads.map((thread) => thread.id)).not.toContain(question);
    expect((await read(other)).data.discussion.threads.find((thread) => thread.id === question)).toMatchObject({ status: "hidden", hiddenReason: "Off topic" });
    const refused = await onLesson(learner, { intent: "reply", threadId: question, body: "Hello?" });
    expect(refused.data.error).toBe("You can't reply to a post that was deleted or hidden.");

    await moderate({ intent: "restore", id: question });
    expect((await read(learner)).data.discussion.threads.map((thread) => thread.id)).toContain(question);
  });

  it("stops a person from posting, audited and told why, until allowed again", async () => {
    await moderate({ intent: "ban", userId: other.id, period: "7", reason: "Repeated spam" });
    const refused = await onLesson(other, { intent: "ask", kind: "comment", body: "Still here" });
    expect(refused.init?.status).toBe(403);
    expect(refused.data.error).toBe("You have been stopped from posting in discussions.");
    const [event] = await database().db.select().from(accessEvents).where(eq(accessEvents.type, "posting_banned"));
    expect(event).toMatchObject({ userId: other.id, actorId: admin.id });
    expect(event.note).toMatch(/^until \d{4}-\d{2}-\d{2}: Repeated spam$/);
    const [told] = await database().db.select().from(discussionNotifications).where(eq(discussionNotifications.kind, "banned"));
    expect(told).toMatchObject({ userId: other.id });

    await moderate({ intent: "unban", userId: other.id });
    expect((await onLesson(other, { intent: "ask", kind: "comment", body: "Back again" })).data.postId).toBeTruthy();
    expect(await database().db.select().from(accessEvents).where(eq(accessEvents.type, "posting_unbanned"))).toHaveLength(1);
  });

  it("counts questions unanswered for more than a day for the dashboard", async () => {
    const before = await countUnansweredQuestions();
    const question = (await onLesson(learner, { intent: "ask", kind: "question", body: "Anyone?" })).data.postId!;
    expect(await countUnansweredQuestions()).toBe(before);
    await database()
      .db.update(discussionPosts)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(discussionPosts.id, question));
    expect(await countUnansweredQuestions()).toBe(before + 1);
    await onLesson(learner, { intent: "answered", threadId: question, answered: "true" });
    expect(await countUnansweredQuestions()).toBe(before);
  });
});
