import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DatabaseHandle } from "./client.server";

/** The committed SQL migrations, found from the project root whether running from source or the build. */
export function migrationsFolder() {
  const fromEnv = process.env.MIGRATIONS_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  return path.resolve(process.cwd(), "drizzle");
}

export async function runMigrations(handle: DatabaseHandle, folder = migrationsFolder()) {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    await migratePostgres(handle.db, { migrationsFolder: folder });
  }
}
