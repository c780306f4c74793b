import { and, asc, desc, eq, ilike, ne, sql } from "drizzle-orm";
import { slugify } from "~/lib/slug";
import { db, type Queryable } from "~/server/db/client.server";
import { isUniqueViolation } from "~/server/db/errors.server";
import { containsPattern } from "~/server/db/like.server";
import { courses, topics } from "~/server/db/schema";

/**
 * The catalog's topics, the owner's (Admin → Topics). A course names its topics by name in
 * `courses.topics`; the catalog filters by a topic's slug (`/courses?topic=ai-chatgpt`).
 */

export const TOPIC_PAGE_SIZE = 50;

export type TopicRow = { id: string; name: string; slug: string; position: number };

const topicColumns = { id: topics.id, name: topics.name, slug: topics.slug, position: topics.position };

/** Why a topic write was refused; the route turns it into the form's message. */
export class TopicError extends Error {
  constructor(readonly reason: "taken" | "noSlug" | "inUse" | "notFound") {
    super(`topic ${reason}`);
    this.name = "TopicError";
  }
}

/** Every topic, in the owner's order: the catalog's pills and the course form's checkboxes. */
export async function listTopics({ database = db() }: { database?: Queryable } = {}): Promise<TopicRow[]> {
  return database.select(topicColumns).from(topics).orderBy(asc(topics.position), asc(topics.id));
}

/** The topic a catalog URL names (`?topic=ai-chatgpt`), or null. */
export async function findTopicBySlug({ slug, database = db() }: { slug: string; database?: Queryable }) {
  const [row] = await database.select(topicColumns).from(topics).where(eq(topics.slug, slug)).limit(1);
  return row ?? null;
}

/** How many courses (drafts included) name the topic. */
const courseCount = sql<number>`(select count(*)::int from ${courses} where ${courses.topics} @> array[${topics.name}]::text[])`;

/** Admin → Topics' list: in order, searched by name, each with how many courses use it. */
export async function listTopicsForAdmin({ query = "", page = 1 }: { query?: string; page?: number }) {
  const where = query.trim() ? ilike(topics.name, containsPattern(query.trim())) : undefined;
  const [{ total }] = (await db().select({ total: sql<number>`count(*)::int` }).from(topics).where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / TOPIC_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db()
    .select({ ...topicColumns, courseCount })
    .from(topics)
    .where(where)
    .orderBy(asc(topics.position), asc(topics.id))
    .limit(TOPIC_PAGE_SIZE)
    .offset((current - 1) * TOPIC_PAGE_SIZE);
  return { topics: rows, total, page: current, pageCount };
}

/** One topic with its course count, or null. */
export async function findTopic({ id }: { id: string }) {
  const [row] = await db()
    .select({ ...topicColumns, courseCount })
    .from(topics)
    .where(eq(topics.id, id))
    .limit(1);
  return row ?? null;
}

function slugFor(name: string) {
  const slug = slugify(name);
  if (!slug) throw new TopicError("noSlug");
  return slug;
}

/** Adds a topic at the end of the list. */
export async function createTopic({ name }: { name: string }) {
  const slug = slugFor(name);
  try {
    return await db().transaction(async (tx) => {
      const [{ next }] = (await tx.select({ next: sql<number>`coalesce(max(${topics.position}) + 1, 0)::int` }).from(topics)) as [{ next: number }];
      const [row] = await tx.insert(topics).values({ name, slug, position: next }).returning(topicColumns);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new TopicError("taken");
    throw error;
  }
}

/**
 * Renames a topic, its slug with it, and every course that names it, in one transaction: the
 * catalog's filter and the courses' pills never disagree.
 */
export async function renameTopic({ id, name }: { id: string; name: string }) {
  const slug = slugFor(name);
  try {
    return await db().transaction(async (tx) => {
      const [before] = await tx.select(topicColumns).from(topics).where(eq(topics.id, id)).for("update");
      if (!before) throw new TopicError("notFound");
      const [row] = await tx.update(topics).set({ name, slug }).where(eq(topics.id, id)).returning(topicColumns);
      if (before.name !== name) {
        await tx
          .update(courses)
          .set({ topics: sql`array_replace(${courses.topics}, ${before.name}, ${name})` })
          .where(sql`${courses.topics} @> array[${before.name}]::text[]`);
      }
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new TopicError("taken");
    throw error;
  }
}

/** Swaps a topic with its neighbour above or below; false when it is already at that end. */
export async function moveTopic({ id, direction }: { id: string; direction: "up" | "down" }) {
  return db().transaction(async (tx) => {
    // One writer at a time: two moves at once would both read the same neighbours.
    await tx.execute(sql`lock table ${topics} in share row exclusive mode`);
    const [topic] = await tx.select(topicColumns).from(topics).where(eq(topics.id, id));
    if (!topic) throw new TopicError("notFound");
    const [neighbour] = await tx
      .select(topicColumns)
      .from(topics)
      .where(
        and(
          ne(topics.id, id),
          direction === "up"
            ? sql`(${topics.position}, ${topics.id}) < (${topic.position}, ${topic.id})`
            : sql`(${topics.position}, ${topics.id}) > (${topic.position}, ${topic.id})`,
        ),
      )
      .orderBy(...(direction === "up" ? [desc(topics.position), desc(topics.id)] : [asc(topics.position), asc(topics.id)]))
      .limit(1);
    if (!neighbour) return false;
    // Equal positions (never written by this module, but possible by hand) are split apart.
    const [upper, lower] = direction === "up" ? [neighbour, topic] : [topic, neighbour];
    const upperPosition = Math.min(upper.position, lower.position);
    const lowerPosition = upperPosition === lower.position ? upperPosition + 1 : Math.max(upper.position, lower.position);
    await tx.update(topics).set({ position: upperPosition }).where(eq(topics.id, lower.id));
    await tx.update(topics).set({ position: lowerPosition }).where(eq(topics.id, upper.id));
    return true;
  });
}

/** Deletes a topic no course uses (drafts included); a used one is refused. */
export async function deleteTopic({ id }: { id: string }) {
  return db().transaction(async (tx) => {
    const [topic] = await tx.select(topicColumns).from(topics).where(eq(topics.id, id)).for("update");
    if (!topic) throw new TopicError("notFound");
    const [used] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(sql`${courses.topics} @> array[${topic.name}]::text[]`)
      .limit(1);
    if (used) throw new TopicError("inUse");
    await tx.delete(topics).where(eq(topics.id, id));
    return topic;
  });
}

/** The names among `names` that are topics, in the owner's order (a course form's ticks). */
export async function knownTopicNames({ names, database = db() }: { names: string[]; database?: Queryable }) {
  if (names.length === 0) return [];
  const all = await listTopics({ database });
  return all.filter((topic) => names.includes(topic.name)).map((topic) => topic.name);
}
