import { inArray, like, sql } from "drizzle-orm";
import { db, type Queryable } from "~/server/db/client.server";
import { courses, enrollments, lessons, orders, playbooks, posts, reviews, testimonials, users } from "~/server/db/schema";
import { recordAccessEvent } from "~/server/access/record-access-event.server";

/**
 * "Remove the demo content" (issue 38): takes out what `seedDemoContent` wrote, and nothing the
 * owner made. The demo is known by marks it always carries and an owner's rows never do: its
 * people's ids (`demo-…`), the courses and posts those people wrote, and the committed demo art
 * the playbooks and testimonials point at. No file is read, so it works wherever the site runs.
 *
 * A demo course someone outside the demo bought or was given stays (their access and their order
 * are the owner's business now), and is counted as kept.
 */

const DEMO_USER = "demo-%";
const DEMO_ART = "/images/demo/%";

const isDemoUser = like(users.id, DEMO_USER);
const demoCourse = like(courses.authorId, DEMO_USER);

/** Demo courses that someone real holds or paid for: enrolled, or named on an order, by a non-demo account. */
const heldByRealPeople = sql`(
  exists (select 1 from ${enrollments} e where e.course_id = ${courses.id} and e.user_id not like ${DEMO_USER})
  or exists (select 1 from ${orders} o where o.course_id = ${courses.id} and (o.user_id is null or o.user_id not like ${DEMO_USER}))
)`;

export type DemoContent = {
  courses: number;
  lessons: number;
  posts: number;
  playbooks: number;
  testimonials: number;
  users: number;
  orders: number;
  /** Demo courses that stay because someone real holds them. */
  keptCourses: number;
  /** Their titles, so the owner knows which ones stay. */
  keptCourseTitles: string[];
};

async function demoCourseIds(database: Queryable) {
  const rows = await database
    .select({ id: courses.id, title: courses.title, held: sql<boolean>`${heldByRealPeople}` })
    .from(courses)
    .where(demoCourse)
    .orderBy(courses.title);
  const kept = rows.filter((row) => row.held).map((row) => row.title);
  return { removable: rows.filter((row) => !row.held).map((row) => row.id), kept };
}

/** What the removal would take out, for the confirmation and the checklist. */
export async function countDemoContent({ database = db() }: { database?: Queryable } = {}): Promise<DemoContent> {
  const { removable, kept } = await demoCourseIds(database);
  const [lessonCount, postCount, playbookCount, testimonialCount, userCount, orderCount] = await Promise.all([
    removable.length ? database.$count(lessons, inArray(lessons.courseId, removable)) : 0,
    database.$count(posts, like(posts.authorId, DEMO_USER)),
    database.$count(playbooks, like(playbooks.imageUrl, DEMO_ART)),
    database.$count(testimonials, like(testimonials.avatarUrl, DEMO_ART)),
    database.$count(users, isDemoUser),
    database.$count(orders, like(orders.userId, DEMO_USER)),
  ]);
  return {
    courses: removable.length,
    lessons: lessonCount,
    posts: postCount,
    playbooks: playbookCount,
    testimonials: testimonialCount,
    users: userCount,
    orders: orderCount,
    keptCourses: kept.length,
    keptCourseTitles: kept,
  };
}

/** True while anything the removal would take out is still there. */
export const hasDemoContent = (content: DemoContent) =>
  content.courses + content.posts + content.playbooks + content.testimonials + content.users + content.orders > 0;

/** "6 courses (72 lessons), 12 posts, …": what the confirmation and the audit note name. */
export function describeDemoContent(content: DemoContent) {
  const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
  return [
    `${count(content.courses, "course", "courses")} (${count(content.lessons, "lesson", "lessons")})`,
    count(content.posts, "post", "posts"),
    count(content.playbooks, "playbook", "playbooks"),
    count(content.testimonials, "testimonial", "testimonials"),
    `${count(content.users, "demo learner or instructor", "demo learners and instructors")} with ${count(content.orders, "order", "orders")}`,
  ].join(", ");
}

/**
 * Removes the demo in one transaction and records it in the audit trail; answers what it removed.
 * Lessons, modules, enrollments, progress and reviews of removed courses and people go with them
 * (their foreign keys cascade); a demo person's review on a kept course is removed too.
 */
export async function removeDemoContent({ actorId }: { actorId: string }): Promise<DemoContent> {
  return db().transaction(async (tx) => {
    // One removal at a time: a double click counts and removes once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('remove-demo-content'))`);
    const removed = await countDemoContent({ database: tx });
    const { removable } = await demoCourseIds(tx);
    if (removable.length) await tx.delete(courses).where(inArray(courses.id, removable));
    await tx.delete(posts).where(like(posts.authorId, DEMO_USER));
    await tx.delete(playbooks).where(like(playbooks.imageUrl, DEMO_ART));
    await tx.delete(testimonials).where(like(testimonials.avatarUrl, DEMO_ART));
    await tx.delete(reviews).where(like(reviews.userId, DEMO_USER));
    await tx.delete(orders).where(like(orders.userId, DEMO_USER));
    // A kept course keeps no demo author: it shows no instructor rather than a deleted person's.
    await tx.update(courses).set({ authorId: null }).where(demoCourse);
    await tx.delete(users).where(isDemoUser);
    await recordAccessEvent({ tx, type: "demo_removed", userId: actorId, actorId, note: `Removed ${describeDemoContent(removed)}` });
    return removed;
  });
}
