import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser, thrownResponse } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import * as builder from "~/routes/admin/course-builder";
import * as discussionRoute from "~/routes/learn/lesson-discussion";
import type { SessionUser } from "~/server/auth/session.server";
import { accessEvents, courseInstructors, courses, discussionPosts, enrollments, lessons, users } from "~/server/db/schema";

/**
 * Course instructors (issue 42, docs/decisions/057): an admin names them in the course builder
 * (audited), and they are staff in that course's discussions only: badged, answers first, they
 * mark questions answered and remove posts there, and have no such power on another course.
 */

const database = useTestDatabase();
const DAY = 86_400_000;
const old = (fields: Partial<SessionUser> = {}) => sessionUser({ createdAt: new Date(Date.now() - 30 * DAY), ...fields });

const admin = old({ role: "admin", name: "Ada Admin" });
const teacher = old({ name: "Tess Teacher" });
const learner = old({ name: "Lena Learner" });
const other = old({ name: "Olga Other" });
const slugA = unique("taught");
const slugB = unique("untaught");
let courseA = "";
let courseB = "";

beforeAll(async () => {
  const db = database().db;
  await db.insert(users).values([admin, teacher, learner, other].map(({ id, email, name, role, emailVerified, createdAt }) => ({ id, email, name, role, emailVerified, createdAt })));
  const [a, b] = await db
    .insert(courses)
    .values([
      { title: "Taught course", slug: slugA, status: "published" },
      { title: "Other course", slug: slugB, status: "published" },
    ])
    .returning({ id: courses.id });
  courseA = a.id;
  courseB = b.id;
  await db.insert(lessons).values([
    { courseId: courseA, title: "A lesson", slug: "one", type: "article", contentMd: "A", orderIndex: 1 },
    { courseId: courseB, title: "B lesson", slug: "one", type: "article", contentMd: "B", orderIndex: 1 },
  ]);
  const longAgo = new Date(Date.now() - 30 * DAY);
  // The teacher learns in course B like anyone else; in course A they only teach.
  await db.insert(enrollments).values([
    { userId: learner.id, courseId: courseA, source: "purchase", grantedAt: longAgo },
    { userId: learner.id, courseId: courseB, source: "purchase", grantedAt: longAgo },
    { userId: other.id, courseId: courseB, source: "purchase", grantedAt: longAgo },
    { userId: teacher.id, courseId: courseB, source: "purchase", grantedAt: longAgo },
  ]);
});

type Answer = { data: Record<string, unknown> & { error?: string; errors?: Record<string, string[]>; postId?: string }; init: ResponseInit | null };

const build = (form: Record<string, string>, user: SessionUser = admin, id = courseA) =>
  callAction(builder, { path: `/admin/courses/${id}/builder`, params: { id }, user, form }) as unknown as Promise<Answer>;

const post = (user: SessionUser, courseSlug: string, form: Record<string, string>) =>
  callAction(discussionRoute, {
    path: `/courses/${courseSlug}/lessons/one/discussion`,
    params: { courseSlug, lessonSlug: "one" },
    user,
    form,
  }) as unknown as Promise<Answer>;

const read = (user: SessionUser, courseSlug: string) =>
  callLoader(discussionRoute, { path: `/courses/${courseSlug}/lessons/one/discussion`, params: { courseSlug, lessonSlug: "one" }, user }) as unknown as Promise<{
    data: { discussion: { staff: boolean; threads: { id: string; replies: { authorName: string; byStaff: boolean }[] }[] } | null };
    init: ResponseInit | null;
  }>;

const instructorRows = () => database().db.select().from(courseInstructors).where(eq(courseInstructors.courseId, courseA));

describe("naming a course's instructors", () => {
  it("refuses an address without an account, with the reason and what was typed, storing nothing", async () => {
    const refused = await build({ intent: "add-instructor", email: "nobody-here@example.com" });
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors).toEqual({ email: ["No account has that e-mail address."] });
    expect(await instructorRows()).toEqual([]);
  });

  it("adds and removes an instructor by e-mail, each change audited once, and lists them in the builder", async () => {
    const added = await build({ intent: "add-instructor", email: teacher.email.toUpperCase() });
    expect(added.init?.status ?? 200).toBe(200);
    await build({ intent: "add-instructor", email: teacher.email });
    expect((await instructorRows()).map((row) => [row.userId, row.createdBy])).toEqual([[teacher.id, admin.id]]);

    const loaded = await callLoader(builder, { path: `/admin/courses/${courseA}/builder`, params: { id: courseA }, user: admin });
    expect(loaded.instructors).toEqual([{ userId: teacher.id, name: teacher.name, email: teacher.email }]);

    await build({ intent: "remove-instructor", userId: teacher.id });
    expect(await instructorRows()).toEqual([]);
    const again = await build({ intent: "remove-instructor", userId: teacher.id });
    expect(again.init?.status).toBe(404);

    const audit = await database()
      .db.select({ type: accessEvents.type, actorId: accessEvents.actorId })
      .from(accessEvents)
      .where(and(eq(accessEvents.userId, teacher.id), eq(accessEvents.courseId, courseA)));
    expect(audit.map((row) => row.type).sort()).toEqual(["instructor_added", "instructor_removed"]);
    expect(audit.every((row) => row.actorId === admin.id)).toBe(true);

    await build({ intent: "add-instructor", email: teacher.email });
  });

  it("is for admins only: an instructor cannot name another", async () => {
    expect((await thrownResponse(build({ intent: "add-instructor", email: other.email }, teacher))).status).toBe(403);
    expect((await instructorRows()).map((row) => row.userId)).toEqual([teacher.id]);
  });
});

describe("an instructor in discussions", () => {
  it("is staff on their course without being enrolled: badged, answered first, marks answered, removes posts", async () => {
    const thread = (await post(learner, slugA, { intent: "ask", kind: "question", body: unique("How?") })).data.postId!;
    await post(learner, slugA, { intent: "reply", threadId: thread, body: "Anyone?" });
    const answer = await post(teacher, slugA, { intent: "reply", threadId: thread, body: "Like this." });
    expect(answer.data.postId).toBeTruthy();

    const seen = await read(teacher, slugA);
    expect(seen.data.discussion?.staff).toBe(true);
    const listed = seen.data.discussion!.threads.find((t) => t.id === thread)!;
    expect(listed.replies.map((reply) => [reply.authorName, reply.byStaff])).toEqual([
      [teacher.name, true],
      [learner.name, false],
    ]);

    await post(teacher, slugA, { intent: "answered", threadId: thread, answered: "true" });
    const [answered] = await database().db.select().from(discussionPosts).where(eq(discussionPosts.id, thread));
    expect(answered.answeredAt).not.toBeNull();

    const spam = (await post(learner, slugA, { intent: "ask", kind: "comment", body: unique("spam") })).data.postId!;
    await post(teacher, slugA, { intent: "delete", postId: spam });
    expect(await database().db.select().from(discussionPosts).where(eq(discussionPosts.id, spam))).toEqual([]);
  });

  it("has no staff power on another course: no badge, no marking answered, no removing others' posts", async () => {
    const thread = (await post(other, slugB, { intent: "ask", kind: "question", body: unique("On B?") })).data.postId!;
    expect((await read(teacher, slugB)).data.discussion?.staff).toBe(false);

    const marked = await post(teacher, slugB, { intent: "answered", threadId: thread, answered: "true" });
    expect(marked.init?.status).toBe(403);
    const removal = await post(teacher, slugB, { intent: "delete", postId: thread });
    expect(removal.init?.status).toBe(403);
    const [row] = await database().db.select().from(discussionPosts).where(eq(discussionPosts.id, thread));
    expect(row.answeredAt).toBeNull();
    expect(row.deletedAt).toBeNull();

    const reply = (await post(teacher, slugB, { intent: "reply", threadId: thread, body: "Me too" })).data.postId!;
    const [written] = await database().db.select().from(discussionPosts).where(eq(discussionPosts.id, reply));
    expect(written.byStaff).toBe(false);
  });

  it("loses the power with the role: once removed, the course's discussion is closed to them again", async () => {
    await build({ intent: "remove-instructor", userId: teacher.id });
    const after = await read(teacher, slugA);
    expect(after.init?.status).toBe(403);
    expect(after.data.discussion).toBeNull();
  });
});
