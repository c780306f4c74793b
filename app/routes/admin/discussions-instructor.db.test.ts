import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser, thrownResponse } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import type { SessionUser } from "~/server/auth/session.server";
import {
  courseInstructors,
  courses,
  discussionBans,
  discussionFollows,
  discussionNotifications,
  discussionPosts,
  enrollments,
  lessons,
  users,
} from "~/server/db/schema";
import * as inbox from "./discussions";
import * as layout from "./layout";

/**
 * The instructor's inbox (issue 42, docs/decisions/059): a person named instructor of course A, who
 * is no admin, opens Admin → Discussions with A's threads only, answers, marks answered, hides
 * with a reason, restores and deletes there; every read and write of course B's threads finds
 * nothing, the rest of the back office stays closed, and stopping someone from posting stays the
 * admins'. And the inbox pages past a hundred posts.
 */

const database = useTestDatabase();
const old = (fields: Partial<SessionUser>) => sessionUser({ createdAt: new Date(Date.now() - 30 * 86_400_000), ...fields });
const admin = old({ role: "admin", name: "Ada Admin" });
const teacher = old({ name: "Tess Teacher" });
const draftTeacher = old({ name: "Dora Draft" });
const learner = old({ name: "Lena Learner" });
const otherLearner = old({ name: "Bob Bystander" });
let courseA = { id: "", lessonId: "" };
let courseB = { id: "", lessonId: "" };
let questionA = "";
let questionB = "";

async function addCourse(title: string, status: "published" | "draft") {
  const db = database().db;
  const [course] = await db
    .insert(courses)
    .values({ title, slug: unique("inbox-course"), status })
    .returning({ id: courses.id });
  const [lesson] = await db
    .insert(lessons)
    .values({ courseId: course.id, title: `${title} lesson`, slug: "one", type: "article", orderIndex: 1 })
    .returning({ id: lessons.id });
  return { id: course.id, lessonId: lesson.id };
}

async function addQuestion(course: { id: string; lessonId: string }, author: SessionUser, body: string) {
  const [post] = await database()
    .db.insert(discussionPosts)
    .values({
      courseId: course.id,
      lessonId: course.lessonId,
      kind: "question",
      authorId: author.id,
      authorName: author.name,
      bodyMd: body,
      bodyHtml: `<p>${body}</p>`,
    })
    .returning({ id: discussionPosts.id });
  return post.id;
}

beforeAll(async () => {
  const db = database().db;
  const people = [admin, teacher, draftTeacher, learner, otherLearner];
  await db
    .insert(users)
    .values(people.map(({ id, email, name, role, createdAt }) => ({ id, email, name, role, createdAt, emailVerified: true })));
  courseA = await addCourse("Course A", "published");
  courseB = await addCourse("Course B", "published");
  const draft = await addCourse("Draft course", "draft");
  await db.insert(enrollments).values([
    { userId: learner.id, courseId: courseA.id, source: "purchase" },
    { userId: otherLearner.id, courseId: courseB.id, source: "purchase" },
  ]);
  await db.insert(courseInstructors).values([
    { courseId: courseA.id, userId: teacher.id, createdBy: admin.id },
    { courseId: draft.id, userId: draftTeacher.id, createdBy: admin.id },
  ]);
  questionA = await addQuestion(courseA, learner, "A question about course A");
  questionB = await addQuestion(courseB, otherLearner, "A question about course B");
});

type Answer = { data: Record<string, unknown> & { done?: boolean; error?: string }; init: ResponseInit | null };
type Listing = {
  rows: { id: string; bodyMd: string; canBan: boolean }[];
  courses: { value: string; label: string }[];
  total: number;
  pageCount: number;
  filters: { page: number };
};
const list = (user: SessionUser, query = "") =>
  callLoader(inbox, { path: `/admin/discussions${query}`, user }) as unknown as Promise<Listing>;
const moderate = (user: SessionUser, form: Record<string, string>) =>
  callAction(inbox, { path: "/admin/discussions", user, form }) as unknown as Promise<Answer>;
const postById = async (id: string) => (await database().db.select().from(discussionPosts).where(eq(discussionPosts.id, id)))[0];

describe("an instructor's discussions inbox", () => {
  it("opens the inbox in the admin layout, with Discussions alone, and nothing else of the back office", async () => {
    expect(await callLoader(layout, { path: "/admin/discussions", user: teacher })).toEqual({
      admin: { name: teacher.name, email: teacher.email, role: "user" },
      inboxOnly: true,
    });
    for (const path of ["/admin", "/admin/users", "/admin/courses", "/admin/discussions-export"]) {
      const refused = await thrownResponse(callLoader(layout, { path, user: teacher }));
      expect({ path, status: refused.status, data: refused.data }).toEqual({
        path,
        status: 403,
        data: { accessDenied: true, user: teacher.email, role: "user", isAdmin: false },
      });
    }
    expect(await callLoader(layout, { path: "/admin/discussions", user: admin })).toEqual({
      admin: { name: admin.name, email: admin.email, role: "admin" },
      inboxOnly: false,
    });
  });

  it("refuses a learner, and the instructor of a draft course only, with the admin's 403", async () => {
    for (const user of [learner, draftTeacher]) {
      for (const run of [
        () => callLoader(layout, { path: "/admin/discussions", user }),
        () => list(user),
        () => moderate(user, { intent: "hide", id: questionA, reason: "Sneaky" }),
      ]) {
        expect(await thrownResponse(run())).toMatchObject({ status: 403, data: { accessDenied: true, user: user.email } });
      }
    }
    expect(await postById(questionA)).toMatchObject({ status: "visible", hiddenReason: null });
  });

  it("lists the threads of the courses they teach only, even when asked for another course", async () => {
    const mine = await list(teacher);
    expect(mine.rows.map((row) => row.id)).toEqual([questionA]);
    expect(mine.courses).toEqual([{ value: courseA.id, label: "Course A" }]);
    expect(mine.rows.every((row) => !row.canBan)).toBe(true);
    expect((await list(teacher, `?course=${courseB.id}`)).rows).toEqual([]);
    expect((await list(teacher, "?q=course%20B")).rows).toEqual([]);
    // The admin's inbox holds both, with the ban control.
    const all = await list(admin);
    expect(all.rows.map((row) => row.id).toSorted()).toEqual([questionA, questionB].toSorted());
    expect(all.rows.every((row) => row.canBan)).toBe(true);
  });

  it("finds nothing of another course's thread: no reply, no answered mark, no hide, restore or delete", async () => {
    const forms: Record<string, string>[] = [
      { intent: "reply", id: questionB, body: "Sneaky answer" },
      { intent: "answered", id: questionB },
      { intent: "hide", id: questionB, reason: "Sneaky" },
      { intent: "restore", id: questionB },
      { intent: "delete", id: questionB },
    ];
    for (const form of forms) {
      const answer = await moderate(teacher, form);
      expect({ intent: form.intent, status: answer.init?.status, done: answer.data.done }).toEqual({
        intent: form.intent,
        status: 404,
        done: undefined,
      });
    }
    expect(await postById(questionB)).toMatchObject({ status: "visible", answeredAt: null, deletedAt: null, replyCount: 0 });
    expect(await database().db.select().from(discussionPosts).where(eq(discussionPosts.parentId, questionB))).toEqual([]);
  });

  it("answers inline as staff and marks the question answered, and the asker is told", async () => {
    // The asker follows what they asked (as the lesson page's "Ask" does).
    await database().db.insert(discussionFollows).values({ userId: learner.id, threadId: questionA });
    expect((await moderate(teacher, { intent: "reply", id: questionA, body: "Here is how." })).data.done).toBe(true);
    const [reply] = await database().db.select().from(discussionPosts).where(eq(discussionPosts.parentId, questionA));
    expect(reply).toMatchObject({ byStaff: true, authorId: teacher.id, authorName: "Tess Teacher", courseId: courseA.id });
    const told = await database().db.select().from(discussionNotifications).where(eq(discussionNotifications.userId, learner.id));
    expect(told.map((note) => note.kind)).toContain("answer");

    expect((await moderate(teacher, { intent: "answered", id: questionA })).data.done).toBe(true);
    expect((await postById(questionA)).answeredAt).not.toBeNull();
    expect((await moderate(teacher, { intent: "unanswered", id: questionA })).data.done).toBe(true);
    expect((await postById(questionA)).answeredAt).toBeNull();
  });

  it("hides a post with the reason its author is told, restores it and deletes it", async () => {
    const post = await addQuestion(courseA, learner, "Buy cheap watches");
    expect((await moderate(teacher, { intent: "hide", id: post, reason: "Advertising" })).data.done).toBe(true);
    expect(await postById(post)).toMatchObject({ status: "hidden", hiddenReason: "Advertising" });
    const told = await database().db.select().from(discussionNotifications).where(eq(discussionNotifications.kind, "hidden"));
    expect(told).toEqual([expect.objectContaining({ userId: learner.id, postId: post, note: "Advertising" })]);

    expect((await moderate(teacher, { intent: "restore", id: post })).data.done).toBe(true);
    expect(await postById(post)).toMatchObject({ status: "visible", hiddenReason: null });
    expect((await moderate(teacher, { intent: "delete", id: post })).data.done).toBe(true);
    expect(await postById(post)).toBeUndefined();
  });

  it("may not stop a person from posting: that is school-wide, an admin's", async () => {
    const answer = await moderate(teacher, { intent: "ban", userId: learner.id, period: "forever", reason: "Sneaky" });
    expect(answer.init?.status).toBe(403);
    expect(answer.data.error).toBe("Only an admin can stop a person from posting.");
    expect(await database().db.select().from(discussionBans)).toEqual([]);
  });

  it("loses the inbox with the course: once no longer instructor, or the course back to draft", async () => {
    await database().db.update(courses).set({ status: "draft" }).where(eq(courses.id, courseA.id));
    expect(await thrownResponse(list(teacher))).toMatchObject({ status: 403 });
    await database().db.update(courses).set({ status: "published" }).where(eq(courses.id, courseA.id));
    expect((await list(teacher)).rows.length).toBeGreaterThan(0);
  });
});

describe("the inbox past a hundred posts", () => {
  it("pages 25 at a time, and the 101st post is on page 5", async () => {
    const db = database().db;
    const course = await addCourse("Busy course", "published");
    const start = Date.now() - 10 * 86_400_000;
    const rows = Array.from({ length: 101 }, (_, index) => ({
      courseId: course.id,
      lessonId: course.lessonId,
      kind: "comment" as const,
      authorId: learner.id,
      authorName: learner.name,
      bodyMd: `Busy comment ${index + 1}`,
      bodyHtml: `<p>Busy comment ${index + 1}</p>`,
      // The first written is the oldest: newest first puts it last, 101st.
      createdAt: new Date(start + index * 60_000),
    }));
    await db.insert(discussionPosts).values(rows);
    const first = await list(admin, `?course=${course.id}`);
    expect({ total: first.total, pageCount: first.pageCount, shown: first.rows.length }).toEqual({ total: 101, pageCount: 5, shown: 25 });
    expect(first.rows[0].bodyMd).toBe("Busy comment 101");
    const last = await list(admin, `?course=${course.id}&page=5`);
    expect(last.filters.page).toBe(5);
    expect(last.rows.map((row) => row.bodyMd)).toEqual(["Busy comment 1"]);
  });
});
