// Shared start-up for the command-line scripts: configuration, the database (locked, migrated)
// and a clear message instead of a stack trace for the problems an operator can fix.
import { getConfig } from "../app/server/platform/config.server";
import { databaseOptionsFromConfig, openDatabase, type DatabaseHandle } from "../app/server/db/client.server";
import { runMigrations } from "../app/server/db/migrate.server";

export async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase(databaseOptionsFromConfig(getConfig()));
    await runMigrations(handle);
    return await work(handle);
  } catch (error) {
    await handle?.close();
    return fail(error);
  } finally {
    await handle?.close().catch(() => {});
  }
}

export function fail(error: unknown): never {
  const known = ["ConfigError", "DatabaseLockedError", "UserNotFoundError", "UsageError", "BackupError"];
  if (error instanceof Error && known.includes(error.name)) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
}
