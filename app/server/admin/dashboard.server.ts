import { count, desc, eq, gte } from "drizzle-orm";
import { subDays } from "date-fns";
import { db } from "~/server/db/client.server";
import { courses, lessons, posts, users } from "~/server/db/schema";
import { logger } from "~/server/logger.server";

export const DASHBOARD_COUNTS = ["users", "newUsers", "courses", "lessons", "publishedPosts", "draftPosts"] as const;
export type DashboardCountName = (typeof DASHBOARD_COUNTS)[number];
/** A number, or null when that count could not be read (the page shows a dash). */
export type DashboardCounts = Record<DashboardCountName, number | null>;

const RECENT_LIMIT = 5;
const NEW_USER_WINDOW_DAYS = 7;

type CountQuery = () => Promise<number>;

const one = async (rows: Promise<{ value: number }[]>) => Number((await rows)[0]?.value ?? 0);

/** Each count on its own query, so one failing leaves the others standing (spec: a failed count shows a dash). */
export const COUNT_QUERIES: Record<DashboardCountName, CountQuery> = {
  users: () => one(db().select({ value: count() }).from(users)),
  newUsers: () =>
    one(
      db()
        .select({ value: count() })
        .from(users)
        .where(gte(users.createdAt, subDays(new Date(), NEW_USER_WINDOW_DAYS))),
    ),
  courses: () => one(db().select({ value: count() }).from(courses)),
  lessons: () => one(db().select({ value: count() }).from(lessons)),
  // By status, not by published_at as the old app did: published_at is stamped once and stays
  // when a post is unpublished, so it no longer says whether a post is live.
  publishedPosts: () => one(db().select({ value: count() }).from(posts).where(eq(posts.status, "published"))),
  draftPosts: () => one(db().select({ value: count() }).from(posts).where(eq(posts.status, "draft"))),
};

export async function getDashboardCounts(queries: Record<DashboardCountName, CountQuery> = COUNT_QUERIES): Promise<DashboardCounts> {
  const results = await Promise.allSettled(DASHBOARD_COUNTS.map((name) => queries[name]()));
  return Object.fromEntries(
    DASHBOARD_COUNTS.map((name, index) => {
      const result = results[index];
      if (result.status === "fulfilled") return [name, result.value];
      logger.error({ err: result.reason, count: name }, "dashboard count failed");
      return [name, null];
    }),
  ) as DashboardCounts;
}

export function listRecentUsers() {
  return db()
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .orderBy(desc(users.createdAt))
    .limit(RECENT_LIMIT);
}

export function listRecentPosts() {
  return db()
    .select({ id: posts.id, title: posts.title, status: posts.status, publishedAt: posts.publishedAt, createdAt: posts.createdAt })
    .from(posts)
    .orderBy(desc(posts.createdAt))
    .limit(RECENT_LIMIT);
}
