import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { BUNDLE_MESSAGES, BUNDLES_MAX_QUERY_LENGTH, BUNDLES_PAGE_SIZE } from "~/lib/bundles";
import type { PublishStatus } from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { courseStats } from "~/server/courses/course-cards.server";
import { db, type Queryable, type Transaction } from "~/server/db/client.server";
import { memoByKeyUntilContentChanges } from "~/server/db/content-memo.server";
import { isUniqueViolation } from "~/server/db/errors.server";
import { anyColumnContains } from "~/server/db/like.server";
import { pageWindow } from "~/server/db/pagination.server";
import { bundleCourses, bundles, courses } from "~/server/db/schema";

/**
 * Bundles (docs/decisions/062): several courses sold as one, at one price. The back office's
 * list, create and edit; the public page's, the catalog's and the course page's reads; and the
 * checkout's (`findBundleForSale`). Writes to `bundles` and `bundle_courses` empty the page caches
 * by their triggers (drizzle/0054).
 */

export type BundleInput = {
  title: string;
  slug: string;
  description: string;
  coverUrl: string | null;
  priceCents: number;
  status: PublishStatus;
  /** The courses in the order the page lists them. */
  courseIds: string[];
};

export class BundleNotFoundError extends Error {
  constructor(readonly bundleId: string) {
    super(`No bundle with id ${bundleId}`);
    this.name = "BundleNotFoundError";
  }
}

/** A bundle the rules refuse, with the field and the reason to show; nothing was written. */
export class InvalidBundleError extends Error {
  constructor(
    readonly field: "slug" | "priceCents" | "courseIds",
    readonly reason: string,
  ) {
    super(reason);
    this.name = "InvalidBundleError";
  }
}

/** One page of bundles, newest update first, searched by title or slug, filtered by status. */
export async function listAdminBundles({
  query = "",
  status = null,
  page = 1,
  pageSize = BUNDLES_PAGE_SIZE,
}: {
  query?: string;
  status?: PublishStatus | null;
  page?: number;
  pageSize?: number;
}) {
  const where = and(
    anyColumnContains({ columns: [bundles.title, bundles.slug], text: query, maxLength: BUNDLES_MAX_QUERY_LENGTH }),
    status ? eq(bundles.status, status) : undefined,
  );
  const [{ total }] = await db().select({ total: count() }).from(bundles).where(where);
  const { page: current, pageCount, offset } = pageWindow({ total, page, pageSize });
  const rows = await db()
    .select({
      id: bundles.id,
      title: bundles.title,
      slug: bundles.slug,
      status: bundles.status,
      priceCents: bundles.priceCents,
      courseCount: sql<number>`(select count(*) from "bundle_courses" as "bc" where "bc"."bundle_id" = "bundles"."id")`.mapWith(Number),
    })
    .from(bundles)
    .where(where)
    .orderBy(desc(bundles.updatedAt), desc(bundles.id))
    .limit(pageSize)
    .offset(offset);
  return { bundles: rows, total, page: current, pageCount };
}

/** The courses a bundle may hold, drafts too (a draft course is kept, but only published ones are sold). */
export async function listBundleCourseChoices() {
  return db()
    .select({ id: courses.id, title: courses.title, status: courses.status, priceCents: courses.priceCents })
    .from(courses)
    .orderBy(asc(sql`lower(${courses.title})`), asc(courses.id))
    .limit(500);
}

/** A bundle as the edit form shows it, with its courses in order, or null. */
export async function getBundleForEdit({ bundleId }: { bundleId: string }) {
  if (!isUuid(bundleId)) return null;
  const [bundle] = await db().select().from(bundles).where(eq(bundles.id, bundleId));
  if (!bundle) return null;
  const held = await db()
    .select({ courseId: bundleCourses.courseId })
    .from(bundleCourses)
    .where(eq(bundleCourses.bundleId, bundleId))
    .orderBy(asc(bundleCourses.position));
  return { ...bundle, courseIds: held.map((row) => row.courseId) };
}

/** The rules a bundle's input must meet, read in the writing transaction. */
async function checkBundle({ tx, input }: { tx: Transaction; input: BundleInput }) {
  if (!Number.isInteger(input.priceCents) || input.priceCents < 0)
    throw new InvalidBundleError("priceCents", BUNDLE_MESSAGES.negativePrice);
  const ids = [...new Set(input.courseIds)];
  if (ids.some((id) => !isUuid(id))) throw new InvalidBundleError("courseIds", BUNDLE_MESSAGES.unknownCourse);
  const found = ids.length ? await tx.select({ id: courses.id, status: courses.status }).from(courses).where(inArray(courses.id, ids)) : [];
  if (found.length !== ids.length) throw new InvalidBundleError("courseIds", BUNDLE_MESSAGES.unknownCourse);
  if (!found.some((course) => course.status === "published")) throw new InvalidBundleError("courseIds", BUNDLE_MESSAGES.noPublishedCourse);
  return ids;
}

async function writeBundleCourses({ tx, bundleId, courseIds }: { tx: Transaction; bundleId: string; courseIds: string[] }) {
  await tx.delete(bundleCourses).where(eq(bundleCourses.bundleId, bundleId));
  await tx.insert(bundleCourses).values(courseIds.map((courseId, position) => ({ bundleId, courseId, position })));
}

/** A slug another bundle has is refused as the field's error, not a crash. */
async function refusingTakenSlug<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new InvalidBundleError("slug", BUNDLE_MESSAGES.slugTaken);
    throw error;
  }
}

const bundleRow = (input: BundleInput) => ({
  title: input.title,
  slug: input.slug,
  description: input.description,
  coverUrl: input.coverUrl || null,
  priceCents: input.priceCents,
  status: input.status,
});

/** A new bundle and its courses, in one transaction. */
export async function createBundle({ input }: { input: BundleInput }) {
  return refusingTakenSlug(() =>
    db().transaction(async (tx) => {
      const courseIds = await checkBundle({ tx, input });
      const [bundle] = await tx
        .insert(bundles)
        .values({ ...bundleRow(input), publishedAt: input.status === "published" ? new Date() : null })
        .returning();
      await writeBundleCourses({ tx, bundleId: bundle!.id, courseIds });
      return bundle!;
    }),
  );
}

/** The bundle and its courses rewritten, in one transaction; `published_at` is stamped the first time only. */
export async function updateBundle({ bundleId, input }: { bundleId: string; input: BundleInput }) {
  if (!isUuid(bundleId)) throw new BundleNotFoundError(bundleId);
  return refusingTakenSlug(() =>
    db().transaction(async (tx) => {
      const courseIds = await checkBundle({ tx, input });
      const [bundle] = await tx
        .update(bundles)
        .set({
          ...bundleRow(input),
          updatedAt: new Date(),
          ...(input.status === "published" ? { publishedAt: sql`coalesce(${bundles.publishedAt}, now())` } : {}),
        })
        .where(eq(bundles.id, bundleId))
        .returning();
      if (!bundle) throw new BundleNotFoundError(bundleId);
      await writeBundleCourses({ tx, bundleId, courseIds });
      return bundle;
    }),
  );
}

/** A bundle's published courses in its order, with what the page and checkout show of each. */
async function listSoldCourses({ bundleId, database }: { bundleId: string; database: Queryable }) {
  return database
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      subtitle: courses.subtitle,
      coverUrl: courses.coverUrl,
      topics: courses.topics,
      priceCents: courses.priceCents,
      lessonCount: courseStats.lessonCount,
    })
    .from(bundleCourses)
    .innerJoin(courses, eq(courses.id, bundleCourses.courseId))
    .where(and(eq(bundleCourses.bundleId, bundleId), eq(courses.status, "published")))
    .orderBy(asc(bundleCourses.position));
}

export type SoldBundle = NonNullable<Awaited<ReturnType<typeof findBundleForSale>>>;

/**
 * A published bundle as it is sold now, by id or slug: its price from the database and its published
 * courses (a draft course is not sold with it). Null when it is not for sale: unknown, a draft, or
 * without a published course.
 */
export async function findBundleForSale({ bundleId, slug, database = db() }: { bundleId?: string; slug?: string; database?: Queryable }) {
  if (bundleId !== undefined && !isUuid(bundleId)) return null;
  const [bundle] = await database
    .select()
    .from(bundles)
    .where(and(bundleId !== undefined ? eq(bundles.id, bundleId) : eq(bundles.slug, slug ?? ""), eq(bundles.status, "published")));
  if (!bundle) return null;
  const soldCourses = await listSoldCourses({ bundleId: bundle.id, database });
  if (soldCourses.length === 0) return null;
  const coursesCents = soldCourses.reduce((sum, course) => sum + course.priceCents, 0);
  return { ...bundle, courses: soldCourses, coursesCents };
}

/** The published bundles for the catalog, newest first, with what their cards show. */
export async function listPublishedBundles({ database = db() }: { database?: Queryable } = {}) {
  const rows = await database
    .select({
      id: bundles.id,
      slug: bundles.slug,
      title: bundles.title,
      description: bundles.description,
      coverUrl: bundles.coverUrl,
      priceCents: bundles.priceCents,
      updatedAt: bundles.updatedAt,
    })
    .from(bundles)
    .where(
      and(
        eq(bundles.status, "published"),
        sql`exists (select 1 from "bundle_courses" as "bc" join "courses" as "c" on "c"."id" = "bc"."course_id" where "bc"."bundle_id" = "bundles"."id" and "c"."status" = 'published')`,
      ),
    )
    .orderBy(sql`${bundles.publishedAt} desc nulls last`, asc(bundles.id))
    .limit(100);
  const titles = rows.length
    ? await database
        .select({ bundleId: bundleCourses.bundleId, title: courses.title })
        .from(bundleCourses)
        .innerJoin(courses, eq(courses.id, bundleCourses.courseId))
        .where(
          and(
            inArray(
              bundleCourses.bundleId,
              rows.map((row) => row.id),
            ),
            eq(courses.status, "published"),
          ),
        )
        .orderBy(asc(bundleCourses.position))
    : [];
  return rows.map((row) => ({ ...row, courseTitles: titles.filter((title) => title.bundleId === row.id).map((title) => title.title) }));
}

/** The published bundles a course is in ("Also in …" on its page). */
export async function listBundlesWithCourse({ courseId }: { courseId: string }) {
  return db()
    .select({ slug: bundles.slug, title: bundles.title })
    .from(bundleCourses)
    .innerJoin(bundles, eq(bundles.id, bundleCourses.bundleId))
    .where(and(eq(bundleCourses.courseId, courseId), eq(bundles.status, "published")))
    .orderBy(asc(bundles.title));
}

const keptBundlesWithCourse = memoByKeyUntilContentChanges((courseId) => listBundlesWithCourse({ courseId }));

/**
 * The course page's read of listBundlesWithCourse (issue 44): public, the same for everyone, kept
 * in memory per course until the next content write (bundles and bundle_courses have the page-cache
 * trigger; every instance is told). Callers must not change what it returns.
 */
export function listBundlesWithCourseForPage({ courseId }: { courseId: string }) {
  return keptBundlesWithCourse.get(courseId);
}
