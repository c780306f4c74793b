import { asc, eq } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { courses } from "~/server/db/schema";

/** The published courses an affiliate can link to, by title: the account page's link builder. */
export async function listPublishedCourseLinks() {
  return db()
    .select({ id: courses.id, title: courses.title, slug: courses.slug })
    .from(courses)
    .where(eq(courses.status, "published"))
    .orderBy(asc(courses.title));
}
