import { inArray, like } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { bundles, courses, posts, siteSettings } from "~/server/db/schema";
import { keyFromPublicUrl, publicUrl } from "~/server/platform/storage.server";

/**
 * How old an unreferenced upload must be before a sweep deletes it: a form may still be open
 * with a fresh upload that is not saved yet (a day, like unsaved course covers).
 */
export const UNUSED_FILE_GRACE_MS = 24 * 60 * 60 * 1000;

/** The default `olderThan` of the sweeps: now minus the grace period. */
export const graceCutoff = () => new Date(Date.now() - UNUSED_FILE_GRACE_MS);

/**
 * Which of these keys of the media bucket a row still shows: a course, post or bundle cover, the site
 * logo, or a link in a post's or course's text. A sweep keeps those, wherever they were uploaded.
 */
export async function findMediaKeysInUse(keys: string[]) {
  const used = new Set<string>();
  if (keys.length === 0) return used;
  const urls = keys.map((key) => publicUrl("media", key));
  const add = (url: string | null) => {
    const key = keyFromPublicUrl("media", url);
    if (key) used.add(key);
  };
  const database = db();
  for (const row of await database.select({ url: courses.coverUrl }).from(courses).where(inArray(courses.coverUrl, urls))) add(row.url);
  for (const row of await database.select({ url: posts.coverUrl }).from(posts).where(inArray(posts.coverUrl, urls))) add(row.url);
  for (const row of await database.select({ url: bundles.coverUrl }).from(bundles).where(inArray(bundles.coverUrl, urls))) add(row.url);
  for (const row of await database.select({ url: siteSettings.logoUrl }).from(siteSettings).where(inArray(siteSettings.logoUrl, urls))) add(row.url);
  for (const row of await database.select({ url: siteSettings.faviconUrl }).from(siteSettings).where(inArray(siteSettings.faviconUrl, urls))) add(row.url);
  // Text that links a file (checked per key; `_` in a key only ever keeps more).
  for (const key of keys) {
    if (used.has(key)) continue;
    const pattern = `%${key}%`;
    const [inPost] = await database.select({ id: posts.id }).from(posts).where(like(posts.contentMd, pattern)).limit(1);
    const [inCourse] = inPost
      ? [inPost]
      : await database.select({ id: courses.id }).from(courses).where(like(courses.longDescriptionMd, pattern)).limit(1);
    if (inCourse) used.add(key);
  }
  return used;
}
