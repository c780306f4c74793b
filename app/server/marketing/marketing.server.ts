import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { marketingCategoryFromSlug, PLAYBOOK_SORTS, TESTIMONIAL_SORTS, type PlaybookSort } from "~/lib/marketing-filters";
import { db, type Queryable } from "~/server/db/client.server";
import { courses, playbooks, testimonials } from "~/server/db/schema";
import { containsPattern } from "~/server/db/like.server";

/** Longest list a marketing page renders at once; the tables are curated, not user-generated. */
const MARKETING_LIST_LIMIT = 60;

export type TestimonialCard = {
  id: string;
  name: string;
  role: string;
  avatarUrl: string | null;
  rating: number;
  quote: string;
  category: string;
  source: string;
  givenOn: string;
};

const testimonialColumns = {
  id: testimonials.id,
  name: testimonials.name,
  role: testimonials.role,
  avatarUrl: testimonials.avatarUrl,
  rating: testimonials.rating,
  quote: testimonials.quote,
  category: testimonials.category,
  source: testimonials.source,
  givenOn: testimonials.givenOn,
};

/** The best-rated recent testimonials, for the home page. */
export async function listHighlightedTestimonials({ limit = 3 }: { limit?: number } = {}): Promise<TestimonialCard[]> {
  return db().select(testimonialColumns).from(testimonials).orderBy(desc(testimonials.rating), desc(testimonials.givenOn)).limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Filters shared by the playbooks and testimonials pages
// ---------------------------------------------------------------------------------------------

/** A `?category=` value (the URL form, "ai-chatgpt"); an unknown one means All. */
const categoryParam = z
  .string()
  .optional()
  .transform((value) => (marketingCategoryFromSlug(value) ? value : undefined))
  .catch(undefined);
const searchParam = z
  .string()
  .optional()
  .transform((value) => value?.trim().slice(0, 100) || undefined)
  .catch(undefined);

export const playbookFiltersSchema = z.object({
  category: categoryParam,
  q: searchParam,
  sort: z.enum(PLAYBOOK_SORTS).catch("newest"),
});
export type PlaybookFilters = z.infer<typeof playbookFiltersSchema>;

export const testimonialFiltersSchema = z.object({
  category: categoryParam,
  q: searchParam,
  sort: z.enum(TESTIMONIAL_SORTS).catch("newest"),
});
export type TestimonialFilters = z.infer<typeof testimonialFiltersSchema>;

/** A page's filters from its URL; unknown or malformed values fall back to the defaults. */
export function readFilters<T extends z.ZodType>(schema: T, url: URL): z.infer<T> {
  return schema.parse(Object.fromEntries(url.searchParams));
}

// ---------------------------------------------------------------------------------------------
// Playbooks
// ---------------------------------------------------------------------------------------------

export type PlaybookCard = {
  id: string;
  slug: string;
  title: string;
  category: string;
  imageUrl: string | null;
  duration: string;
  level: string;
  description: string;
  priceCents: number | null;
  courseSlug: string | null;
  courseTitle: string | null;
  updatedAt: Date;
};

/** Playbooks filtered, searched and sorted in SQL. A null price ("Included in membership") sorts as 0. */
export async function listPlaybooks({
  filters,
  database = db(),
}: {
  filters: PlaybookFilters;
  database?: Queryable;
}): Promise<PlaybookCard[]> {
  const conditions: SQL[] = [];
  const category = marketingCategoryFromSlug(filters.category);
  if (category) conditions.push(eq(playbooks.category, category));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(or(ilike(playbooks.title, pattern), ilike(playbooks.description, pattern))!);
  }
  const price = sql`coalesce(${playbooks.priceCents}, 0)`;
  const order: Record<PlaybookSort, SQL[]> = {
    newest: [desc(playbooks.updatedAt)],
    popular: [desc(playbooks.popularity)],
    "price-asc": [asc(price)],
    "price-desc": [desc(price)],
  };
  return database
    .select({
      id: playbooks.id,
      slug: playbooks.slug,
      title: playbooks.title,
      category: playbooks.category,
      imageUrl: playbooks.imageUrl,
      duration: playbooks.duration,
      level: playbooks.level,
      description: playbooks.description,
      priceCents: playbooks.priceCents,
      // A draft course has no public page, so its playbook links to the catalog instead.
      courseSlug: sql<string | null>`case when ${courses.status} = 'published' then ${courses.slug} end`,
      courseTitle: sql<string | null>`case when ${courses.status} = 'published' then ${courses.title} end`,
      updatedAt: playbooks.updatedAt,
    })
    .from(playbooks)
    .leftJoin(courses, eq(courses.id, playbooks.courseId))
    .where(and(...conditions))
    .orderBy(...order[filters.sort], asc(playbooks.title))
    .limit(MARKETING_LIST_LIMIT);
}

// ---------------------------------------------------------------------------------------------
// Testimonials
// ---------------------------------------------------------------------------------------------

/** Testimonials filtered by category, searched over quote, name and role, sorted in SQL. */
export async function listTestimonials({
  filters,
  database = db(),
}: {
  filters: TestimonialFilters;
  database?: Queryable;
}): Promise<TestimonialCard[]> {
  const conditions: SQL[] = [];
  const category = marketingCategoryFromSlug(filters.category);
  if (category) conditions.push(eq(testimonials.category, category));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(or(ilike(testimonials.quote, pattern), ilike(testimonials.name, pattern), ilike(testimonials.role, pattern))!);
  }
  const order =
    filters.sort === "rating"
      ? [desc(testimonials.rating), desc(testimonials.givenOn)]
      : [desc(testimonials.givenOn), desc(testimonials.rating)];
  return database
    .select(testimonialColumns)
    .from(testimonials)
    .where(and(...conditions))
    .orderBy(...order, asc(testimonials.name))
    .limit(MARKETING_LIST_LIMIT);
}

/**
 * What the testimonials page says about them as a whole: the average rating (one decimal) and how
 * many there are, from the rows themselves (never a figure typed into the page).
 */
export async function summariseTestimonials({ database = db() }: { database?: Queryable } = {}) {
  const [row] = await database
    .select({ count: sql<number>`count(*)::int`, average: sql<string | null>`round(avg(${testimonials.rating})::numeric, 1)::text` })
    .from(testimonials);
  return { count: row?.count ?? 0, average: row?.average ?? null };
}
