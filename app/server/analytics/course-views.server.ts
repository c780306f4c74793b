import { and, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/lib/request-context";
import { db, type Queryable } from "~/server/db/client.server";
import { courses, courseViews } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { countableVisitor, seenToday } from "~/server/visitor-hash.server";

/**
 * Course-page views for Admin → Analytics (docs/decisions/029): counted on the server, once per
 * visitor a day, never for bots, without cookies, as post views are.
 */

const PURPOSE = "course-views";
const countedToday = seenToday();

/** Counts a view of a published course's page; returns whether it counted. */
export async function recordCourseView({
  courseId,
  ip,
  userAgent,
  now = new Date(),
  database = db(),
}: {
  courseId: string;
  ip: string;
  userAgent: string;
  now?: Date;
  database?: Queryable;
}): Promise<boolean> {
  const visitor = countableVisitor({ ip, userAgent, now, purpose: PURPOSE });
  if (!visitor) return false;
  const inserted = await database
    .insert(courseViews)
    .values({ courseId, ...visitor })
    .onConflictDoNothing()
    .returning({ courseId: courseViews.courseId });
  return inserted.length > 0;
}

/** Counts a view of a course page served from the page cache (its loader did not run), found by slug. */
export async function recordCachedCourseView({
  slug,
  ip,
  userAgent,
  now = new Date(),
}: {
  slug: string;
  ip: string;
  userAgent: string;
  now?: Date;
}) {
  const visitor = countableVisitor({ ip, userAgent, now, purpose: PURPOSE });
  if (!visitor || countedToday(`${slug}\n${visitor.visitorHash}`)) return false;
  const [course] = await db()
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.slug, slug), eq(courses.status, "published")))
    .limit(1);
  return course ? recordCourseView({ courseId: course.id, ip, userAgent, now }) : false;
}

/** The course page's loader counts its own view; a view that fails to count must not cost the visitor the page. */
export async function countCoursePageView({
  request,
  context,
  courseId,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  courseId: string;
}) {
  if (request.method !== "GET") return;
  const { clientIp = "" } = context.get(requestInfoContext);
  const userAgent = request.headers.get("user-agent") ?? "";
  const now = new Date();
  // A visitor this process already counted today costs no write (the database would ignore it).
  const visitor = countableVisitor({ ip: clientIp, userAgent, now, purpose: PURPOSE });
  if (!visitor || countedToday(`${courseId}\n${visitor.visitorHash}`)) return;
  await recordCourseView({ courseId, ip: clientIp, userAgent, now }).catch((error: unknown) => {
    logger.error({ err: error, courseId }, "could not count a course-page view");
  });
}
