import { getConfig, type Config } from "./config.server";
import { databaseOptionsFromConfig, getDatabaseHandle, openDatabase, setDatabase, type DatabaseHandle } from "./db/client.server";
import { runMigrations } from "./db/migrate.server";
import { seedDemoContent } from "./db/seed/seed.server";
import { logger } from "./logger.server";
import { upsertPasswordUser } from "./users/password-users.server";

const state = globalThis as typeof globalThis & { __courseSiteReady?: Promise<DatabaseHandle> };

/**
 * Everything the site needs before it serves a request: the database open (and locked, for
 * PGlite), migrations applied, demo content in an empty database, the bootstrap admin.
 * Runs once per process; later calls get the same handle.
 */
export function prepareRuntime(config: Config = getConfig()): Promise<DatabaseHandle> {
  state.__courseSiteReady ??= (async () => {
    const handle = await openDatabase(databaseOptionsFromConfig(config));
    setDatabase(handle);
    try {
      await runMigrations(handle);
      logger.info({ database: handle.location }, "database ready");
      if (config.seedDemo) {
        const { seeded } = await seedDemoContent(handle.db);
        if (seeded) logger.info("demo content written");
      }
      if (config.admin) {
        const admin = await upsertPasswordUser(handle.db, { ...config.admin, role: "super_admin" });
        logger.info({ email: admin.email }, admin.created ? "admin account created" : "admin account updated");
      }
      return handle;
    } catch (error) {
      await handle.close().catch(() => {});
      setDatabase(undefined);
      throw error;
    }
  })();
  state.__courseSiteReady.catch(() => {
    state.__courseSiteReady = undefined;
  });
  return state.__courseSiteReady;
}

export async function closeRuntime() {
  const ready = state.__courseSiteReady;
  state.__courseSiteReady = undefined;
  if (!ready) return;
  await ready.then((handle) => handle.close()).catch(() => {});
  setDatabase(undefined);
}

export { getDatabaseHandle };
