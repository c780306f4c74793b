import { getConfig } from "~/server/platform/config.server";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { installQueue } from "~/server/jobs/queue.server";
import type { DatabaseHandle } from "./client.server";

/**
 * Applies the committed SQL migrations (MIGRATIONS_DIR, by default ./drizzle); already applied ones
 * are skipped. Then the job queue's tables (pg-boss migrates its own schema, `pgboss`).
 */
export async function runMigrations(handle: DatabaseHandle, folder = getConfig().migrationsDir) {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    await migratePostgres(handle.db, { migrationsFolder: folder });
  }
  await installQueue(handle);
}
