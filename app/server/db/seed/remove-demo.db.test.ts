import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser, thrownResponse } from "../../../../tests/support/route-harness";
import { useTestDatabase } from "../../../../tests/support/test-database";
import * as dashboard from "~/routes/admin/dashboard";
import { accessEvents, courses, enrollments, lessons, playbooks, posts, reviews, testimonials, users } from "~/server/db/schema";
import { readGettingStarted } from "~/server/settings/getting-started.server";
import { countDemoContent } from "./remove-demo.server";
import { seedDemoContent } from "./seed.server";

/** "Remove the demo content" (issue 38): exactly the demo's rows go; the owner's, and demo courses real people hold, stay. */

const database = useTestDatabase();

function unwrap(result: unknown) {
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  return wrapped?.type === "DataWithResponseInit" ? { status: wrapped.init?.status ?? 200, data: wrapped.data } : { status: 200, data: result };
}

describe("removing the demo content", () => {
  it("names the counts, removes only the demo's rows in one audited step, and keeps what the owner made", async () => {
    const db = database().db;
    await db.delete(courses);
    await db.delete(posts);
    await db.delete(playbooks);
    await db.delete(testimonials);
    await seedDemoContent(db);

    // What the owner made, next to the demo.
    const [owner] = await db
      .insert(users)
      .values({ id: "owner-1", name: "Mia", email: "mia@example.test", emailVerified: true, role: "super_admin" })
      .returning();
    const [ownCourse] = await db
      .insert(courses)
      .values({ title: "Mia's pottery", slug: "mias-pottery", status: "published", authorId: owner!.id, publishedAt: new Date() })
      .returning();
    await db.insert(lessons).values({ courseId: ownCourse!.id, title: "Clay", slug: "clay", type: "article", orderIndex: 1 });
    await db.insert(posts).values({ title: "Mia's news", slug: "mias-news", status: "published", authorId: owner!.id, category: "Shopify" });
    await db.insert(testimonials).values({ name: "Real Buyer", role: "Potter", rating: 5, quote: "Great", avatarUrl: null, category: "Shopify", source: "email", givenOn: "2026-01-01" });
    // A real learner bought one demo course: it stays.
    const demoCourses = await db.select().from(courses).where(like(courses.authorId, "demo-%"));
    const held = demoCourses[0]!;
    const [learner] = await db.insert(users).values({ id: "real-1", name: "Real", email: "real@example.test", emailVerified: true }).returning();
    await db.insert(enrollments).values({ userId: learner!.id, courseId: held.id, source: "admin" });

    const before = await countDemoContent();
    expect(before).toMatchObject({ courses: demoCourses.length - 1, keptCourses: 1, keptCourseTitles: [held.title] });
    expect(before.posts).toBeGreaterThan(0);
    expect(before.playbooks).toBeGreaterThan(0);
    expect(before.testimonials).toBeGreaterThan(0);
    expect(before.users).toBeGreaterThan(0);
    expect((await readGettingStarted()).find((step) => step.id === "demo")?.done).toBe(false);

    const ownerUser = sessionUser({ id: owner!.id, email: owner!.email, role: "super_admin" });
    const shown = unwrap(await callLoader(dashboard, { path: "/admin", user: ownerUser })).data as { demo: { summary: string } | null; isOwner: boolean };
    expect(shown.isOwner).toBe(true);
    expect(shown.demo?.summary).toContain(`${before.courses} courses (${before.lessons.toLocaleString("en-US")} lessons)`);

    // A plain admin sees it but may not remove it.
    const refused = await thrownResponse(callAction(dashboard, { path: "/admin", user: sessionUser({ role: "admin" }), form: { intent: "remove-demo" } }));
    expect(refused.status).toBe(403);
    expect((await countDemoContent()).courses).toBe(before.courses);

    const removed = unwrap(await callAction(dashboard, { path: "/admin", user: ownerUser, form: { intent: "remove-demo" } }));
    expect(removed).toMatchObject({ status: 200, data: { toast: { kind: "success", message: expect.stringMatching(/^Demo content removed: /) } } });

    expect(await countDemoContent()).toEqual({ courses: 0, lessons: 0, posts: 0, playbooks: 0, testimonials: 0, users: 0, orders: 0, keptCourses: 0, keptCourseTitles: [] });
    expect(await db.$count(users, like(users.id, "demo-%"))).toBe(0);
    expect(await db.$count(reviews, like(reviews.userId, "demo-%"))).toBe(0);
    // The owner's course, lesson, post and testimonial; the held demo course, now without a demo author.
    expect((await db.select({ slug: courses.slug, authorId: courses.authorId }).from(courses)).toSorted((a, b) => a.slug.localeCompare(b.slug))).toEqual(
      [
        { slug: held.slug, authorId: null },
        { slug: "mias-pottery", authorId: owner!.id },
      ].toSorted((a, b) => a.slug.localeCompare(b.slug)),
    );
    expect(await db.$count(lessons, eq(lessons.courseId, ownCourse!.id))).toBe(1);
    expect((await db.select({ slug: posts.slug }).from(posts)).map((post) => post.slug)).toEqual(["mias-news"]);
    expect((await db.select({ name: testimonials.name }).from(testimonials)).map((row) => row.name)).toEqual(["Real Buyer"]);
    expect(await db.$count(enrollments, eq(enrollments.userId, learner!.id))).toBe(1);

    const [event] = await db.select().from(accessEvents).where(eq(accessEvents.type, "demo_removed"));
    expect(event).toMatchObject({ actorId: owner!.id, actorEmail: owner!.email, note: expect.stringContaining(`Removed ${before.courses} courses`) });
    expect((await readGettingStarted()).find((step) => step.id === "demo")?.done).toBe(true);
    const after = unwrap(await callLoader(dashboard, { path: "/admin", user: ownerUser })).data as { demo: unknown };
    expect(after.demo).toBeNull();

    // Again: nothing left to remove, nothing else touched.
    const again = unwrap(await callAction(dashboard, { path: "/admin", user: ownerUser, form: { intent: "remove-demo" } }));
    expect(again).toMatchObject({ data: { toast: { message: "There was no demo content left to remove." } } });
    expect(await db.$count(courses)).toBe(2);
  });
});
