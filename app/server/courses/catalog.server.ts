import { and, arrayContains, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { CATALOG_PAGE_SIZE, levelFromSlug, type CatalogFilters } from "~/lib/catalog-filters";
import { absoluteImageUrl } from "~/lib/image-url";
import { courseCardColumns, courseStats, newestPublishedFirst, reviewCounts, type CourseCard } from "./course-cards.server";
import { lessonReleaseColumns } from "~/server/curriculum/lesson-release.server";
import { db, type Queryable } from "~/server/db/client.server";
import { memoByKeyUntilContentChanges } from "~/server/db/content-memo.server";
import { containsPattern } from "~/server/db/like.server";
import { courseModules, courses, lessons, reviews, users } from "~/server/db/schema";
import { findTopicBySlug } from "./topics.server";

/**
 * Case-insensitive search over the title and the subtitle (which is also the spec's summary and
 * blurb, docs/decisions/002). ILIKE, even with a leading wildcard, is what the trigram
 * (gin_trgm_ops) indexes on both columns serve.
 */
export function catalogSearchCondition(q: string) {
  const pattern = containsPattern(q);
  return or(ilike(courses.title, pattern), ilike(courses.subtitle, pattern));
}

/**
 * The WHERE clause for a filter state over published courses, with the topic the URL named
 * (looked up in the owner's topics). An unknown level or topic gives a condition that matches
 * nothing, hence the empty state.
 */
function catalogWhere(filters: Pick<CatalogFilters, "q" | "level" | "topic">, topic: string | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(courses.status, "published")];
  if (filters.q) conditions.push(catalogSearchCondition(filters.q));
  if (filters.level) {
    const level = levelFromSlug(filters.level);
    conditions.push(level ? eq(courses.level, level) : sql`false`);
  }
  if (filters.topic) {
    // `topics @> array[topic]` is what the GIN index on topics serves.
    conditions.push(topic ? arrayContains(courses.topics, [topic]) : sql`false`);
  }
  return and(...conditions);
}

function catalogOrder(sort: CatalogFilters["sort"]): SQL[] {
  // Every order ends on the id so pages never overlap or skip a course with an equal key.
  switch (sort) {
    case "newest":
      return newestPublishedFirst;
    case "price-asc":
      return [asc(courses.priceCents), asc(sql`lower(${courses.title})`), asc(courses.id)];
    case "price-desc":
      return [desc(courses.priceCents), asc(sql`lower(${courses.title})`), asc(courses.id)];
    case "title":
      return [asc(sql`lower(${courses.title})`), asc(courses.id)];
    case "popular":
    default:
      return [desc(courseStats.learnerCount), ...newestPublishedFirst];
  }
}

export type CatalogPage = {
  courses: CourseCard[];
  /** How many published courses match the filters, over all pages. */
  total: number;
};

/**
 * One page view of the catalog: the first `filters.page × pageSize` matching published courses
 * in the chosen order, and how many match in all. Searching, filtering, sorting and paging all
 * happen in SQL.
 */
export async function listCatalogCourses({
  filters,
  pageSize = CATALOG_PAGE_SIZE,
  database = db(),
}: {
  filters: CatalogFilters;
  pageSize?: number;
  database?: Queryable;
}): Promise<CatalogPage> {
  const topic = filters.topic ? ((await findTopicBySlug({ slug: filters.topic, database }))?.name ?? null) : null;
  const where = catalogWhere(filters, topic);
  const [rows, [{ total }]] = await Promise.all([
    database
      .select(courseCardColumns)
      .from(courses)
      .where(where)
      .orderBy(...catalogOrder(filters.sort))
      .limit(pageSize * filters.page),
    database.select({ total: count() }).from(courses).where(where),
  ]);
  return { courses: rows, total };
}

// ---------------------------------------------------------------------------
// Course detail
// ---------------------------------------------------------------------------

export type CourseDetail = NonNullable<Awaited<ReturnType<typeof getCourseDetail>>>;

/**
 * Everything the course page shows, or null when no course has this slug. Drafts are returned
 * too (with their status) so the route can let admins preview them; it decides who sees what.
 */
export async function getCourseDetail({ slug, reviewLimit = 6 }: { slug: string; reviewLimit?: number }) {
  const [course] = await db()
    .select({
      ...courseCardColumns,
      longDescriptionMd: courses.longDescriptionMd,
      outcomes: courses.outcomes,
      status: courses.status,
      publishedAt: courses.publishedAt,
      updatedAt: courses.updatedAt,
      instructor: {
        id: users.id,
        name: users.name,
        image: users.image,
        headline: users.headline,
        bio: users.bio,
      },
    })
    .from(courses)
    .leftJoin(users, eq(users.id, courses.authorId))
    .where(eq(courses.slug, slug))
    .limit(1);
  if (!course) return null;

  const [moduleRows, lessonRows, reviewRows] = await Promise.all([
    db()
      .select({ id: courseModules.id, title: courseModules.title, description: courseModules.description })
      .from(courseModules)
      .where(eq(courseModules.courseId, course.id))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db()
      .select({
        id: lessons.id,
        moduleId: lessons.moduleId,
        title: lessons.title,
        slug: lessons.slug,
        type: lessons.type,
        durationSeconds: lessons.durationSeconds,
        isPreview: lessons.isPreview,
        ...lessonReleaseColumns,
      })
      .from(lessons)
      .leftJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(eq(lessons.courseId, course.id))
      .orderBy(asc(lessons.orderIndex), asc(lessons.id)),
    db()
      .select({ id: reviews.id, authorName: reviews.authorName, rating: reviews.rating, comment: reviews.comment, createdAt: reviews.createdAt })
      .from(reviews)
      .where(and(eq(reviews.courseId, course.id), reviewCounts(sql.raw(`"reviews"`))))
      .orderBy(desc(reviews.createdAt), asc(reviews.id))
      .limit(reviewLimit),
  ]);

  const { instructor, ...rest } = course;
  return {
    ...rest,
    instructor: instructor?.id ? instructor : null,
    curriculum: groupCurriculum(moduleRows, lessonRows),
    reviews: reviewRows,
  };
}

/** How long the course page keeps a course's figures that no content write announces (its learner count, refunds leaving reviews out). */
export const COURSE_PAGE_KEEP_MS = 60_000;

const keptCourseDetails = memoByKeyUntilContentChanges((slug) => getCourseDetail({ slug }), { maxAgeMs: COURSE_PAGE_KEEP_MS });

/**
 * The course page's read of getCourseDetail (issue 44): kept in memory per slug until the next
 * content write (a course, lesson, module, review or instructor changes; every instance is told)
 * and for at most COURSE_PAGE_KEEP_MS, for the figures enrollments and refunds move. It holds only
 * what the course's public page shows, never anything of the person asking. Callers must not
 * change what it returns.
 */
export function findCourseDetailForPage({ slug }: { slug: string }) {
  return keptCourseDetails.get(slug);
}

type CurriculumLesson = {
  id: string;
  moduleId: string | null;
  title: string;
  slug: string;
  type: string;
  durationSeconds: number;
  isPreview: boolean;
  dripDays: number | null;
  dripDate: Date | null;
};
export type CurriculumModule = { id: string; title: string; description: string; lessons: Omit<CurriculumLesson, "moduleId">[] };

/**
 * The course's flat lessons (no module) first, as one untitled group, then each module with its
 * lessons, all in order (docs/decisions/012). Lessons count from 1 within their group.
 */
export function groupCurriculum(modules: { id: string; title: string; description: string }[], lessonRows: CurriculumLesson[]): CurriculumModule[] {
  const byModule = new Map<string | null, Omit<CurriculumLesson, "moduleId">[]>();
  for (const { moduleId, ...lesson } of lessonRows) {
    const key = moduleId && modules.some((module) => module.id === moduleId) ? moduleId : null;
    byModule.set(key, [...(byModule.get(key) ?? []), lesson]);
  }
  const grouped: CurriculumModule[] = modules.map((module) => ({ ...module, lessons: byModule.get(module.id) ?? [] }));
  const flat = byModule.get(null);
  return flat?.length ? [{ id: "lessons", title: "Lessons", description: "", lessons: flat }, ...grouped] : grouped;
}

/** Just enough to tell whether a slug names a course a visitor may see, for actions. */
export async function findCourseBySlug({ slug }: { slug: string }) {
  const [row] = await db().select({ id: courses.id, status: courses.status }).from(courses).where(eq(courses.slug, slug)).limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------
// The public data file
// ---------------------------------------------------------------------------

export type CourseDataRecord = {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  coverImage: string | null;
  track: string;
  level: string;
  rating: number | null;
  students: number;
  priceUSD: number;
};

/** Every published course in the spec's courses.json shape, newest first. */
export async function listCourseDataRecords({ origin }: { origin: string }): Promise<CourseDataRecord[]> {
  const rows = await db()
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      subtitle: courses.subtitle,
      coverUrl: courses.coverUrl,
      track: courses.track,
      level: courses.level,
      rating: courseStats.rating,
      students: courseStats.learnerCount,
      priceCents: courses.priceCents,
    })
    .from(courses)
    .where(eq(courses.status, "published"))
    .orderBy(...newestPublishedFirst);
  return rows.map(({ coverUrl, priceCents, ...row }) => ({
    ...row,
    // Absolute, because the file is read by other sites and tools, not only by this one.
    coverImage: absoluteImageUrl(coverUrl, origin),
    priceUSD: priceCents / 100,
  }));
}
