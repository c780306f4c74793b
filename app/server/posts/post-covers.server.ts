import { logger } from "~/server/platform/logger.server";
import { findMediaKeysInUse, graceCutoff } from "~/server/media-in-use.server";
import { deleteStaleObjects } from "~/server/platform/storage.server";

/**
 * Post covers are uploaded to `posts/temp/` (a new post) or `posts/{postId}/`. Covers of posts
 * never saved and covers a later save replaced stay behind; an hourly schedule of the job queue
 * (app/server/jobs/jobs.server.ts) deletes those no row shows once they are older than `olderThan`.
 */
export const POST_COVER_PREFIX = "posts/";

/** Bundle covers (docs/decisions/071) are kept the same way: under `bundles/temp/` or `bundles/{bundleId}/`, swept once unused. */
export const BUNDLE_COVER_PREFIX = "bundles/";

/** Deletes the files under `prefix` (`posts/` by default) older than `olderThan` that no row shows. Returns their keys. */
export async function sweepUnusedPostCovers({ olderThan = graceCutoff(), prefix = POST_COVER_PREFIX }: { olderThan?: Date; prefix?: string } = {}) {
  const deleted = await deleteStaleObjects({ bucket: "media", prefix, olderThan, keep: findMediaKeysInUse });
  if (deleted.length > 0) logger.info({ count: deleted.length, prefix }, "unused covers swept");
  return deleted;
}
