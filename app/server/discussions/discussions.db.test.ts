import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser, thrownResponse } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as discussionRoute from "~/routes/learn/lesson-discussion";
import * as lessonRoute from "~/routes/learn/lesson";
import type { SessionUser } from "~/server/auth/session.server";
import {
  courseModules,
  courses,
  discussionFollows,
  discussionHelpfulMarks,
  discussionNotifications,
  discussionPosts,
  enrollments,
  lessons,
  rateLimits,
  users,
} from "~/server/db/schema";
import { countUnreadNotifications, markNotificationsRead } from "./discussion-notifications.server";
import { mailsTo } from "../../../tests/support/payments";
import * as unsubscribeRoute from "~/routes/marketing/unsubscribe";
import { isValidUnsubscribeToken, listOptedOut, unsubscribeUrl } from "~/server/mail/unsubscribe.server";
import { listCourseDiscussions } from "./course-discussions.server";
import { findDiscussionMailEnabled, sendDiscussionMails } from "./discussion-mail.server";
import { findLessonDiscussion } from "./discussions.server";

/**
 * Discussions (issue 42) through the discussion route, as a browser's forms reach it: who reads and
 * writes (the lesson's access rule, drip and revoke included), what is refused and why (nothing
 * stored), the posting limits, and the notifications a reply makes.
 */

const database = useTestDatabase();
const DAY = 86_400_000;
const old = (fields: Partial<SessionUser> = {}) => sessionUser({ createdAt: new Date(Date.now() - 30 * DAY), ...fields });

const admin = old({ role: "admin", name: "Ada Admin" });
const learner = old({ name: "Lena Learner" });
const classmate = old({ name: "Carl Classmate" });
const stranger = old({ name: "Sam Stranger" });
const revoked = old({ name: "Rex Revoked" });
const dripLearner = old({ name: "Dora Drip" });
const unconfirmed = old({ name: "Una Unconfirmed", emailVerified: false });
const slug = unique("talk");
const lesson = { open: "open", preview: "peek", later: "later" };
let courseId = "";
const lessonIds: Record<string, string> = {};

beforeAll(async () => {
  const db = database().db;
  await db.insert(users).values(
    [admin, learner, classmate, stranger, revoked, dripLearner, unconfirmed].map(({ id, email, name, role, emailVerified, createdAt }) => ({
      id,
      email,
      name,
      role,
      emailVerified,
      createdAt,
    })),
  );
  const [course] = await db.insert(courses).values({ title: "Talk course", slug, status: "published" }).returning({ id: courses.id });
  courseId = course.id;
  const [now, later] = await db
    .insert(courseModules)
    .values([
      { courseId, title: "Now", position: 1 },
      { courseId, title: "Later", position: 2, dripDays: 7 },
    ])
    .returning({ id: courseModules.id });
  const rows = await db
    .insert(lessons)
    .values([
      { courseId, moduleId: now.id, title: "Open lesson", slug: lesson.open, type: "article", contentMd: "Hello", orderIndex: 1 },
      { courseId, moduleId: now.id, title: "Preview", slug: lesson.preview, type: "video", orderIndex: 2, isPreview: true },
      { courseId, moduleId: later.id, title: "Later lesson", slug: lesson.later, type: "quiz", orderIndex: 1 },
    ])
    .returning({ id: lessons.id, slug: lessons.slug });
  for (const row of rows) lessonIds[row.slug] = row.id;
  const longAgo = new Date(Date.now() - 30 * DAY);
  await db.insert(enrollments).values([
    { userId: learner.id, courseId, source: "purchase", grantedAt: longAgo },
    { userId: classmate.id, courseId, source: "purchase", grantedAt: longAgo },
    { userId: revoked.id, courseId, source: "purchase", status: "revoked", grantedAt: longAgo },
    { userId: dripLearner.id, courseId, source: "purchase" },
  ]);
});

const path = (lessonSlug: string) => `/courses/${slug}/lessons/${lessonSlug}/discussion`;
const params = (lessonSlug: string) => ({ courseSlug: slug, lessonSlug });

type Answer = { data: Record<string, unknown> & { error?: string; errors?: Record<string, string[]>; postId?: string }; init: ResponseInit | null };

const post = (user: SessionUser | null, form: Record<string, string>, lessonSlug = lesson.open, clientIp?: string) =>
  callAction(discussionRoute, { path: path(lessonSlug), params: params(lessonSlug), user, form, clientIp }) as unknown as Promise<Answer>;

const ask = (user: SessionUser, body: string, lessonSlug = lesson.open) => post(user, { intent: "ask", kind: "question", body }, lessonSlug);

const read = (user: SessionUser | null, lessonSlug = lesson.open) =>
  callLoader(discussionRoute, { path: path(lessonSlug), params: params(lessonSlug), user }) as unknown as Promise<{
    data: { discussion: { canWrite: boolean; threads: { id: string; html: string; replies: { authorName: string; byStaff: boolean }[] }[] } | null };
    init: ResponseInit | null;
  }>;

const postCount = async () => (await database().db.select({ n: sql<number>`count(*)::int` }).from(discussionPosts))[0].n;

describe("who reads and writes a lesson's discussion", () => {
  it("follows the lesson's access rule: enrolled and admins read and write, revoked, strangers and drip get nothing", async () => {
    const secret = unique("SECRET-QUESTION");
    const asked = await ask(learner, secret);
    expect(asked.init?.status ?? 200).toBe(200);

    for (const who of [learner, classmate, admin]) {
      const answer = await read(who);
      expect(answer.data.discussion?.canWrite).toBe(true);
      expect(JSON.stringify(answer.data)).toContain(secret);
    }
    for (const who of [stranger, revoked]) {
      const answer = await read(who);
      expect(answer.init?.status).toBe(403);
      expect(JSON.stringify(answer.data)).not.toContain(secret);
      expect((await ask(who, "Let me in")).init?.status).toBe(403);
    }
    // The lesson page itself carries the discussion only for those who may open the lesson.
    const lessonPage = (user: SessionUser) =>
      callLoader(lessonRoute, { path: `/courses/${slug}/lessons/${lesson.open}`, params: params(lesson.open), user }) as unknown as Promise<{ data: unknown }>;
    expect(JSON.stringify((await lessonPage(classmate)).data)).toContain(secret);
    expect(JSON.stringify((await lessonPage(revoked)).data)).not.toContain(secret);

    const visitor = await thrownResponse(read(null));
    expect(visitor).toMatchObject({ status: 302 });
    expect(visitor.location).toMatch(/^\/login\?next=/);
  });

  it("keeps a drip lesson's discussion closed until its module opens", async () => {
    const found = await findLessonDiscussion({ user: dripLearner, courseSlug: slug, lessonSlug: lesson.later });
    expect(found?.access).toMatchObject({ read: false, reason: "drip" });
    expect((await read(dripLearner, lesson.later)).init?.status).toBe(403);
    const before = await postCount();
    expect((await ask(dripLearner, "Early bird", lesson.later)).init?.status).toBe(403);
    expect(await postCount()).toBe(before);
    // The learner who started a month ago reads it: the module opened after 7 days.
    expect((await read(learner, lesson.later)).data.discussion).not.toBeNull();
  });

  it("lets everyone read a free preview's discussion and only confirmed, signed-in people write", async () => {
    const body = unique("preview-question");
    expect((await ask(stranger, body, lesson.preview)).init?.status ?? 200).toBe(200);
    const visitor = await read(null, lesson.preview);
    expect(visitor.data.discussion?.canWrite).toBe(false);
    expect(JSON.stringify(visitor.data)).toContain(body);
    expect(new Headers(visitor.init?.headers).get("Cache-Control")).toBe("private, no-store");

    const before = await postCount();
    const refused = await ask(unconfirmed, "Hello there", lesson.preview);
    expect(refused.init?.status).toBe(403);
    expect(refused.data.error).toBe("Confirm your e-mail address to post in free preview discussions.");
    expect(await postCount()).toBe(before);
  });

  it("never puts a discussion in the page a visitor gets for a lesson (the page cache's)", async () => {
    const page = (await callLoader(lessonRoute, {
      path: `/courses/${slug}/lessons/${lesson.preview}`,
      params: params(lesson.preview),
      user: null,
    })) as unknown as { data: { discussion: unknown } };
    expect(page.data.discussion).toBeNull();
  });
});

describe("what is refused, with the reason and nothing stored", () => {
  it("refuses empty and 6,000-character posts", async () => {
    const before = await postCount();
    const empty = await ask(learner, "   ");
    expect(empty.init?.status).toBe(400);
    expect(empty.data.errors?.body).toEqual(["Write something before posting."]);
    const long = await ask(learner, "x".repeat(6000));
    expect(long.init?.status).toBe(400);
    expect(long.data.errors?.body).toEqual(["Posts can be at most 5,000 characters."]);
    expect(await postCount()).toBe(before);
  });

  it("strips HTML and gives links rel=nofollow ugc noopener; more than 5 links waits for review", async () => {
    const asked = await ask(learner, 'Hi <script>alert(1)</script> **bold** [site](https://example.com) <img src=x onerror=alert(1)>');
    const [row] = await database().db.select().from(discussionPosts).where(eq(discussionPosts.id, asked.data.postId!));
    expect(row.bodyHtml).not.toMatch(/<script|<img|onerror/);
    expect(row.bodyHtml).toContain("<strong>bold</strong>");
    expect(row.bodyHtml).toContain('<a href="https://example.com" rel="nofollow ugc noopener">site</a>');

    const links = Array.from({ length: 6 }, (_, i) => `[l${i}](https://example.com/${i})`).join(" ");
    const held = await ask(learner, links);
    const [heldRow] = await database().db.select().from(discussionPosts).where(eq(discussionPosts.id, held.data.postId!));
    expect(heldRow.status).toBe("held");
    expect(JSON.stringify((await read(classmate)).data)).not.toContain("https://example.com/5");
  });

  it("refuses a reply to a deleted thread, to another lesson's thread, and a helpful mark on one's own post", async () => {
    const thread = (await ask(learner, "Will be deleted")).data.postId!;
    await post(learner, { intent: "delete", postId: thread });
    const before = await postCount();
    const toDeleted = await post(classmate, { intent: "reply", threadId: thread, body: "Too late" });
    expect(toDeleted.data.error).toBe("That post no longer exists.");

    const elsewhere = (await ask(learner, "On the preview", lesson.preview)).data.postId!;
    const afterAsk = await postCount();
    expect(afterAsk).toBe(before + 1);
    const crossed = await post(classmate, { intent: "reply", threadId: elsewhere, body: "Wrong lesson" });
    expect(crossed.data.error).toBe("That thread belongs to another lesson.");

    const own = await post(learner, { intent: "helpful", postId: (await ask(learner, "Mine")).data.postId! });
    expect(own.data.error).toBe("You can't mark your own post as helpful.");
    expect(await postCount()).toBe(afterAsk + 1);
    expect((await database().db.select().from(discussionHelpfulMarks).where(eq(discussionHelpfulMarks.userId, learner.id))).length).toBe(0);
  });

  it("refuses a reply under a reply (one level)", async () => {
    const thread = (await ask(learner, "Parent")).data.postId!;
    const reply = (await post(classmate, { intent: "reply", threadId: thread, body: "Child" })).data.postId!;
    const nested = await post(learner, { intent: "reply", threadId: reply, body: "Grandchild" });
    expect(nested.data.error).toBe("You can't reply to a post that was deleted or hidden.");
  });
});

describe("posts, replies, marks", () => {
  it("counts helpful once per person, puts staff answers first, and keeps a deleted thread with replies as a placeholder", async () => {
    const thread = (await ask(learner, unique("Q"))).data.postId!;
    const reply = (await post(classmate, { intent: "reply", threadId: thread, body: "Try this" })).data.postId!;
    await post(admin, { intent: "reply", threadId: thread, body: "Official answer" });
    await post(learner, { intent: "helpful", postId: reply });
    await post(learner, { intent: "helpful", postId: reply });
    const [row] = await database().db.select().from(discussionPosts).where(eq(discussionPosts.id, reply));
    expect(row.helpfulCount).toBe(1);

    const listed = (await read(learner)).data.discussion!.threads.find((t) => t.id === thread)!;
    expect(listed.replies.map((r) => [r.authorName, r.byStaff])).toEqual([
      ["Ada Admin", true],
      ["Carl Classmate", false],
    ]);

    expect((await post(classmate, { intent: "answered", threadId: thread, answered: "true" })).init?.status).toBe(403);
    await post(learner, { intent: "answered", threadId: thread, answered: "true" });
    const [answered] = await database().db.select().from(discussionPosts).where(eq(discussionPosts.id, thread));
    expect(answered.answeredAt).not.toBeNull();

    await post(learner, { intent: "delete", postId: thread });
    const [kept] = await database().db.select().from(discussionPosts).where(eq(discussionPosts.id, thread));
    expect(kept).toMatchObject({ bodyMd: "", bodyHtml: "" });
    expect(kept.deletedAt).not.toBeNull();
  });

  it("lets the author edit within 30 minutes only, marked edited", async () => {
    const thread = (await ask(learner, "Typo here")).data.postId!;
    expect((await post(classmate, { intent: "edit", postId: thread, body: "Hijack" })).init?.status).toBe(403);
    await post(learner, { intent: "edit", postId: thread, body: "No typo" });
    const [edited] = await database().db.select().from(discussionPosts).where(eq(discussionPosts.id, thread));
    expect(edited.bodyMd).toBe("No typo");
    expect(edited.editedAt).not.toBeNull();

    await database()
      .db.update(discussionPosts)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(discussionPosts.id, thread));
    const late = await post(learner, { intent: "edit", postId: thread, body: "Too late" });
    expect(late.data.error).toBe("Posts can only be edited within 30 minutes of posting.");
  });
});

describe("limits", () => {
  it("allows an account younger than a day three posts per ten minutes, an older one ten", async () => {
    const young = sessionUser({ name: "Young" });
    const older = old({ name: "Older" });
    await database().db.insert(users).values([young, older].map(({ id, email, name, createdAt }) => ({ id, email, name, createdAt })));
    await database().db.insert(enrollments).values([young, older].map((who) => ({ userId: who.id, courseId, source: "purchase" as const })));
    for (let i = 0; i < 3; i++) expect((await ask(young, `Young ${i}`)).init?.status ?? 200).toBe(200);
    const before = await postCount();
    const refused = await ask(young, "One too many");
    expect(refused.init?.status).toBe(429);
    expect(refused.data.error).toBe("You're posting too quickly. Please wait a few minutes and try again.");
    expect(await postCount()).toBe(before);
    for (let i = 0; i < 10; i++) expect((await post(older, { intent: "ask", kind: "comment", body: `Older ${i}` }, lesson.open, "198.51.100.9")).init?.status ?? 200).toBe(200);
    expect((await post(older, { intent: "ask", kind: "comment", body: "Eleven" }, lesson.open, "198.51.100.9")).init?.status).toBe(429);
    await database().db.delete(rateLimits);
  });

  it("limits posts per IP across accounts", async () => {
    const ip = "198.51.100.77";
    await database().db.delete(rateLimits);
    for (let i = 0; i < 30; i++) {
      const who = [learner, classmate, admin][i % 3];
      expect((await post(who, { intent: "ask", kind: "comment", body: `ip ${i}` }, lesson.open, ip)).init?.status ?? 200).toBe(200);
      if (i % 3 === 2 && i < 27) await database().db.delete(rateLimits).where(sql`${rateLimits.key} like 'account|%'`);
    }
    await database().db.delete(rateLimits).where(sql`${rateLimits.key} like 'account|%'`);
    expect((await post(learner, { intent: "ask", kind: "comment", body: "ip 31" }, lesson.open, ip)).init?.status).toBe(429);
    await database().db.delete(rateLimits);
  });
});

describe("notifications", () => {
  it("tells the asker of an answer, followers of a reply, and no one who unfollowed", async () => {
    await database().db.delete(discussionNotifications);
    const thread = (await ask(learner, unique("Follow me"))).data.postId!;
    await post(classmate, { intent: "reply", threadId: thread, body: "Me too" });
    expect(await countUnreadNotifications({ userId: learner.id })).toBe(1);

    await post(admin, { intent: "reply", threadId: thread, body: "Staff answer" });
    const rows = await database()
      .db.select({ userId: discussionNotifications.userId, kind: discussionNotifications.kind })
      .from(discussionNotifications)
      .orderBy(discussionNotifications.createdAt);
    expect(rows).toEqual(
      expect.arrayContaining([
        { userId: learner.id, kind: "reply" },
        { userId: learner.id, kind: "answer" },
        { userId: classmate.id, kind: "follow" },
      ]),
    );
    expect(rows).toHaveLength(3);

    await post(classmate, { intent: "follow", threadId: thread, following: "false" });
    const [follow] = await database()
      .db.select()
      .from(discussionFollows)
      .where(and(eq(discussionFollows.threadId, thread), eq(discussionFollows.userId, classmate.id)));
    expect(follow.following).toBe(false);
    await post(learner, { intent: "reply", threadId: thread, body: "Thanks" });
    expect(await countUnreadNotifications({ userId: classmate.id })).toBe(1);

    await markNotificationsRead({ userId: learner.id });
    expect(await countUnreadNotifications({ userId: learner.id })).toBe(0);
  });
});

describe("a course's Discussions page", () => {
  it("lists the threads of the lessons each person may open, searchable and filtered", async () => {
    const later = unique("LATER-THREAD");
    const opened = unique("OPEN-THREAD");
    const preview = unique("PREVIEW-THREAD");
    await ask(learner, later, lesson.later);
    const openId = (await ask(classmate, opened)).data.postId!;
    await ask(classmate, preview, lesson.preview);
    await post(learner, { intent: "reply", threadId: openId, body: "needle in a reply" });

    const texts = async (user: SessionUser | null, options: { query?: string; filter?: "unanswered" | "mine" } = {}) =>
      (await listCourseDiscussions({ user, courseSlug: slug, ...options }))!.threads.map((thread) => thread.excerpt);
    expect(await texts(learner)).toEqual(expect.arrayContaining([later, opened, preview]));
    // Drip: the later module is not open to a learner who started today; revoked and visitors see previews only.
    expect(await texts(dripLearner)).not.toContain(later);
    expect(await texts(dripLearner)).toContain(opened);
    for (const who of [revoked, null]) {
      const seen = await texts(who);
      expect(seen).toContain(preview);
      expect(seen).not.toContain(opened);
    }
    expect(await texts(learner, { query: "needle in a" })).toEqual([opened]);
    expect(await texts(learner, { filter: "mine" })).toEqual(expect.arrayContaining([later, opened]));
    expect(await texts(learner, { filter: "mine" })).not.toContain(preview);
    expect(await listCourseDiscussions({ user: learner, courseSlug: "no-such-course" })).toBeNull();
  });
});

describe("discussion e-mail", () => {
  it("sends one message per person per hour listing what is new, with a one-click link that stops discussion mail only", async () => {
    const reader = old({ name: "Mia Mail" });
    await database().db.insert(users).values({ id: reader.id, email: reader.email, name: reader.name, createdAt: reader.createdAt });
    await database().db.insert(enrollments).values({ userId: reader.id, courseId, source: "purchase" });
    await database().db.delete(rateLimits);
    const thread = (await ask(reader, unique("Mail me"))).data.postId!;
    const first = unique("FIRST-REPLY");
    await post(classmate, { intent: "reply", threadId: thread, body: first });

    const now = new Date();
    await sendDiscussionMails({ now });
    let mails = await mailsTo(reader.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(first);
    expect(mails[0]).toContain(`/courses/${slug}/lessons/${lesson.open}#post-`);
    expect(mails[0]).toMatch(/List-Unsubscribe:\s*<[^>]*list=discussions/);

    // A second reply within the hour waits; after it, it goes in a message of its own.
    const second = unique("SECOND-REPLY");
    await post(classmate, { intent: "reply", threadId: thread, body: second });
    await sendDiscussionMails({ now: new Date(now.getTime() + 20 * 60_000) });
    expect(await mailsTo(reader.email)).toHaveLength(1);
    await sendDiscussionMails({ now: new Date(now.getTime() + 61 * 60_000) });
    mails = await mailsTo(reader.email);
    expect(mails).toHaveLength(2);
    expect(mails.some((text) => text.includes(second))).toBe(true);

    // The one-click POST turns discussion mail off, and only that.
    const link = new URL(unsubscribeUrl(reader.email, "discussions"));
    expect(isValidUnsubscribeToken(reader.email, link.searchParams.get("token")!, "marketing")).toBe(false);
    await callAction(unsubscribeRoute, { path: `${link.pathname}${link.search}`, form: { "List-Unsubscribe": "One-Click" } });
    expect(await findDiscussionMailEnabled({ userId: reader.id })).toBe(false);
    expect((await listOptedOut([reader.email])).size).toBe(0);
    await post(classmate, { intent: "reply", threadId: thread, body: "Third" });
    await sendDiscussionMails({ now: new Date(now.getTime() + 3 * 60 * 60_000) });
    expect(await mailsTo(reader.email)).toHaveLength(2);
  });

  it("mails nothing about a lesson the person can no longer open", async () => {
    const leaver = old({ name: "Leo Leaver" });
    await database().db.insert(users).values({ id: leaver.id, email: leaver.email, name: leaver.name, createdAt: leaver.createdAt });
    await database().db.insert(enrollments).values({ userId: leaver.id, courseId, source: "purchase" });
    await database().db.delete(rateLimits);
    const thread = (await ask(leaver, unique("Before I go"))).data.postId!;
    await post(classmate, { intent: "reply", threadId: thread, body: unique("AFTER-REVOKE") });
    await database()
      .db.update(enrollments)
      .set({ status: "revoked", revokedAt: new Date() })
      .where(eq(enrollments.userId, leaver.id));
    await sendDiscussionMails();
    expect(await mailsTo(leaver.email)).toHaveLength(0);
  });
});
