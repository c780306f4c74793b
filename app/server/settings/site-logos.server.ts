import { logger } from "~/server/platform/logger.server";
import { findMediaKeysInUse, graceCutoff } from "~/server/media-in-use.server";
import { deleteStaleObjects } from "~/server/platform/storage.server";

/**
 * Site logos are uploaded to `site/logo-{timestamp}.{ext}`; a new one leaves the old file behind.
 * An hourly schedule of the job queue (app/server/jobs/jobs.server.ts) deletes those the
 * settings no longer show once they are older than `olderThan`.
 */
export const SITE_LOGO_PREFIX = "site/";

/** Deletes the files under `site/` older than `olderThan` that no row shows. Returns their keys. */
export async function sweepUnusedSiteLogos({ olderThan = graceCutoff() }: { olderThan?: Date } = {}) {
  const deleted = await deleteStaleObjects({ bucket: "media", prefix: SITE_LOGO_PREFIX, olderThan, keep: findMediaKeysInUse });
  if (deleted.length > 0) logger.info({ count: deleted.length }, "unused site logos swept");
  return deleted;
}
