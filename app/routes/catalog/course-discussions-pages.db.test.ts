import { beforeAll, describe, expect, it } from "vitest";
import { callLoader, sessionUser } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { courses, discussionPosts, enrollments, lessons, users } from "~/server/db/schema";
import * as courseDiscussions from "./course-discussions";

/**
 * The course's Discussions tab past a hundred threads (issue 42): fifty a page, newest activity
 * first, every thread on exactly one page, so the 101st is reachable; a page past the end reads
 * the last, and a search or filter pages the same way.
 */

const database = useTestDatabase();
const learner = sessionUser({ name: "Lena Learner" });
const slug = unique("busy-course");

beforeAll(async () => {
  const db = database().db;
  await db.insert(users).values({ id: learner.id, email: learner.email, name: learner.name, role: learner.role, emailVerified: true });
  const [course] = await db.insert(courses).values({ title: "Busy course", slug, status: "published" }).returning({ id: courses.id });
  const [lesson] = await db
    .insert(lessons)
    .values({ courseId: course.id, title: "Busy lesson", slug: "busy", type: "article", orderIndex: 1 })
    .returning({ id: lessons.id });
  await db.insert(enrollments).values({ userId: learner.id, courseId: course.id, source: "purchase" });
  const start = Date.now() - 10 * 86_400_000;
  await db.insert(discussionPosts).values(
    Array.from({ length: 101 }, (_, index) => ({
      courseId: course.id,
      lessonId: lesson.id,
      kind: "question" as const,
      authorId: learner.id,
      authorName: learner.name,
      bodyMd: `Busy question ${index + 1}`,
      bodyHtml: `<p>Busy question ${index + 1}</p>`,
      // The first asked is the least recently active: the 101st, on the last page.
      lastActivityAt: new Date(start + index * 60_000),
    })),
  );
});

type Page = { data: { threads: { excerpt: string }[]; page: number; pageCount: number; total: number } };
const open = (query = "") =>
  callLoader(courseDiscussions, {
    path: `/courses/${slug}/discussions${query}`,
    params: { slug },
    user: learner,
  }) as unknown as Promise<Page>;

describe("the course's Discussions tab past a hundred threads", () => {
  it("shows fifty threads a page and the 101st on page 3, each thread on exactly one page", async () => {
    const pages = await Promise.all([open(), open("?page=2"), open("?page=3")]);
    expect(pages.map(({ data }) => [data.page, data.pageCount, data.total, data.threads.length])).toEqual([
      [1, 3, 101, 50],
      [2, 3, 101, 50],
      [3, 3, 101, 1],
    ]);
    expect(pages[0].data.threads[0].excerpt).toBe("Busy question 101");
    expect(pages[2].data.threads.map((thread) => thread.excerpt)).toEqual(["Busy question 1"]);
    const seen = pages.flatMap(({ data }) => data.threads.map((thread) => thread.excerpt));
    expect(new Set(seen).size).toBe(101);
  });

  it("reads the last page for a page past the end, and the first for a page that is no number", async () => {
    expect((await open("?page=99")).data).toMatchObject({ page: 3, threads: [{ excerpt: "Busy question 1" }] });
    expect((await open("?page=abc")).data).toMatchObject({ page: 1, pageCount: 3 });
  });

  it("pages a filtered list the same way", async () => {
    const unanswered = await open("?show=unanswered&page=3");
    expect(unanswered.data).toMatchObject({ page: 3, total: 101, threads: [{ excerpt: "Busy question 1" }] });
    const searched = await open("?q=Busy%20question%201");
    // "Busy question 1", "…10" to "…19" and "…100", "…101": 13 threads, one page.
    expect(searched.data).toMatchObject({ page: 1, pageCount: 1, total: 13 });
  });
});
