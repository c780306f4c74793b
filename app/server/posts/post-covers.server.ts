import { logger } from "~/server/platform/logger.server";
import { findMediaKeysInUse, graceCutoff } from "~/server/media-in-use.server";
import { deleteStaleObjects } from "~/server/platform/storage.server";

/**
 * Post covers are uploaded to `posts/temp/` (a new post) or `posts/{postId}/`. Covers of posts
 * never saved and covers a later save replaced stay behind; an hourly schedule of the job queue
 * (app/server/jobs/jobs.server.ts) deletes those no row shows once they are older than `olderThan`.
 */
export const POST_COVER_PREFIX = "posts/";

/** Deletes the files under `posts/` older than `olderThan` that no row shows. Returns their keys. */
export async function sweepUnusedPostCovers({ olderThan = graceCutoff() }: { olderThan?: Date } = {}) {
  const deleted = await deleteStaleObjects({ bucket: "media", prefix: POST_COVER_PREFIX, olderThan, keep: findMediaKeysInUse });
  if (deleted.length > 0) logger.info({ count: deleted.length }, "unused post covers swept");
  return deleted;
}
