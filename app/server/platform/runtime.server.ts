import { getConfig, type Config } from "./config.server";
import {
  databaseOptionsFromConfig,
  type Queryable,
  getDatabaseHandle,
  openDatabase,
  setDatabase,
  type DatabaseHandle,
} from "../db/client.server";
import { runMigrations } from "../db/migrate.server";
import { seedDemoContent } from "../db/seed/seed.server";
import { logger } from "./logger.server";
import { issueOwnerSetupCode, OWNER_SETUP_PATH, type OwnerSetupCode } from "../users/owner-setup.server";
import { createOwnerIfAbsent } from "../users/password-users.server";
import { adminExists } from "../users/user-roles.server";

const state = globalThis as typeof globalThis & { __courseSiteReady?: Promise<DatabaseHandle>; __ownerSetup?: OwnerSetupNotice | null };

/** The first-run setup code this process printed, and where to use it. */
export type OwnerSetupNotice = OwnerSetupCode & { url: string };

/** The code printed at start while no admin existed, for `npm start` to show; null when there was an admin. */
export function getOwnerSetupNotice(): OwnerSetupNotice | null {
  return state.__ownerSetup ?? null;
}

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
        // In the background: the site serves while the preview videos are made and transcoded.
        if (seeded && config.demoVideos) {
          void import("../video/demo-videos.server")
            .then(({ makeDemoVideos }) => makeDemoVideos())
            .catch((error: unknown) => logger.warn({ err: error }, "demo preview videos could not be made"));
        }
      }
      if (config.admin) {
        await createOwnerFromEnvironment(handle.db, config.admin);
      }
      state.__ownerSetup = null;
      if (!(await adminExists(handle.db))) {
        // First run: the owner creates their account at /admin with this code (it is in the log on purpose).
        const setup = await issueOwnerSetupCode({ database: handle.db });
        state.__ownerSetup = { ...setup, url: `${config.publicUrl}${OWNER_SETUP_PATH}` };
        logger.warn(
          { setupUrl: state.__ownerSetup.url, setupCode: setup.code, expiresAt: setup.expiresAt.toISOString() },
          "no admin account yet: create the owner account at setupUrl with setupCode",
        );
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

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: the owner is created once. When the address already has an account
 * it is left alone (password, role and sessions), and the log says so loudly, since the variables
 * then do nothing: change that account's password or role in the back office or with `npm run admin`.
 */
export async function createOwnerFromEnvironment(database: Queryable, admin: { email: string; password: string }) {
  const owner = await createOwnerIfAbsent(database, admin);
  if (owner.created) {
    logger.info({ email: owner.email }, "owner account created from ADMIN_EMAIL");
    return owner;
  }
  logger.warn(
    { email: owner.email, role: owner.role },
    "ADMIN_EMAIL: an account with this address already exists and was left alone (its password, role and sessions are unchanged; ADMIN_PASSWORD is not applied). Change it in the back office or with `npm run admin`, and remove ADMIN_EMAIL/ADMIN_PASSWORD from the environment.",
  );
  return owner;
}

export async function closeRuntime() {
  const ready = state.__courseSiteReady;
  state.__courseSiteReady = undefined;
  if (!ready) return;
  await ready.then((handle) => handle.close()).catch(() => {});
  setDatabase(undefined);
}

export { getDatabaseHandle };
