import { subDays } from "date-fns";
import { countCourses, countLessons } from "~/server/courses/course-cards.server";
import { countUnansweredQuestions } from "~/server/discussions/discussion-moderation.server";
import { logger } from "~/server/platform/logger.server";
import { countPosts } from "~/server/posts/admin-posts.server";
import { countUsers } from "~/server/users/users.server";
import { formatDateTime } from "~/lib/dates";
import type { Route } from "./+types/dashboard";
import { isAdminRole } from "~/lib/roles";
import { requireAdmin } from "~/server/auth/guards.server";
import { listRecentPosts } from "~/server/posts/admin-posts.server";
import { sendToOwnerSetupWhileNoAdmin } from "~/server/users/owner-setup.server";
import { listRecentUsers } from "~/server/users/users.server";
import { readGettingStarted } from "~/server/settings/getting-started.server";
import { listLegalPages } from "~/server/pages/legal-pages.server";
import { paymentsMode } from "~/server/payments/providers.server";
import { readForm } from "~/server/action.server";
import { requireSuperAdmin } from "~/server/auth/guards.server";
import { countDemoContent, describeDemoContent, hasDemoContent, removeDemoContent } from "~/server/db/seed/remove-demo.server";
import { dataWithToast } from "~/server/toast.server";

export const DASHBOARD_COUNTS = ["users", "newUsers", "courses", "lessons", "publishedPosts", "draftPosts", "unansweredQuestions"] as const;
export type DashboardCountName = (typeof DASHBOARD_COUNTS)[number];
/** A number, or null when that count could not be read (the page shows a dash). */
export type DashboardCounts = Record<DashboardCountName, number | null>;

export const RECENT_LIMIT = 5;
const NEW_USER_WINDOW_DAYS = 7;

type CountQuery = () => Promise<number>;

/** Each count on its own query, so one failing leaves the others standing (spec: a failed count shows a dash). */
export const COUNT_QUERIES: Record<DashboardCountName, CountQuery> = {
  users: () => countUsers(),
  newUsers: () => countUsers({ since: subDays(new Date(), NEW_USER_WINDOW_DAYS) }),
  courses: countCourses,
  lessons: countLessons,
  // By status, not by published_at as the old app did: published_at is stamped once and stays
  // when a post is unpublished, so it no longer says whether a post is live.
  publishedPosts: () => countPosts({ status: "published" }),
  draftPosts: () => countPosts({ status: "draft" }),
  // Discussions (issue 42): questions still waiting for an answer a day after they were asked.
  unansweredQuestions: () => countUnansweredQuestions(),
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

/** A list that failed to load shows as empty (and is logged), like the old dashboard. */
async function orEmpty<T>(what: string, rows: Promise<T[]>): Promise<T[]> {
  try {
    return await rows;
  } catch (error) {
    logger.error({ err: error, list: what }, "dashboard list failed");
    return [];
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // Loaders run in parallel: /admin itself sends a first-run visitor on, whichever answers first.
  await sendToOwnerSetupWhileNoAdmin({ context });
  const viewer = requireAdmin({ request, context });
  const [counts, users, posts, legal, steps, demo] = await Promise.all([
    getDashboardCounts(),
    orEmpty("users", listRecentUsers({ limit: RECENT_LIMIT })),
    orEmpty("posts", listRecentPosts({ limit: RECENT_LIMIT })),
    orEmpty("legal pages", listLegalPages()),
    orEmpty("getting started", readGettingStarted()),
    countDemoContent(),
  ]);
  // Dates are formatted here so the server's and the browser's time zones cannot disagree.
  return {
    counts,
    testMode: paymentsMode() === "test",
    // Issue 38: a notice while any legal page still holds the demo's text.
    // The getting-started checklist, until every step is done.
    gettingStarted: steps.every((step) => step.done) ? [] : steps,
    // "Remove the demo content", while any is left: what it would remove, named in its confirmation.
    isOwner: viewer.role === "super_admin",
    demo: hasDemoContent(demo) ? { ...demo, summary: describeDemoContent(demo) } : null,
    legalWithDemoText: legal.filter((page) => page.holdsDemoText).map((page) => ({ slug: page.slug, title: page.title })),
    recentUsers: users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      isAdmin: isAdminRole(user.role),
      role: user.role,
      joined: formatDateTime(user.createdAt),
    })),
    recentPosts: posts.map((post) => ({
      id: post.id,
      title: post.title,
      status: post.status,
      date: formatDateTime(post.publishedAt ?? post.createdAt),
    })),
  };
}

/** The dashboard's one action: "Remove the demo content" (the owner only; audited). */
export async function action({ request, context }: Route.ActionArgs) {
  const owner = requireSuperAdmin({ request, context });
  const form = await readForm(request);
  if (form.get("intent") !== "remove-demo") return dataWithToast({}, { kind: "error", message: "Unknown action" }, 400);
  const removed = await removeDemoContent({ actorId: owner.id });
  if (!hasDemoContent(removed)) return dataWithToast({}, { kind: "success", message: "There was no demo content left to remove." });
  return dataWithToast({}, { kind: "success", message: `Demo content removed: ${describeDemoContent(removed)}.` });
}
