import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { resetAuth } from "~/server/auth/auth.server";
import { parseConfig, setConfig } from "~/server/platform/config.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { runMigrations } from "~/server/db/migrate.server";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a database of
 * its own on the PostgreSQL server named by TEST_DATABASE_URL (one per worker, recreated per file).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: "pglite-memory" });
    await runMigrations(handle);
    return handle;
  }
  // TEST_DATABASE_PREFIX (letters, digits, _) keeps runs from several checkouts on one server apart.
  const prefix = (process.env.TEST_DATABASE_PREFIX ?? "").replace(/[^a-z0-9_]/gi, "").toLowerCase();
  const name = `course_site_test_${prefix}${process.env.VITEST_POOL_ID ?? "0"}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), max: 4 });
  await runMigrations(handle);
  return handle;
}

export function testConfig(overrides: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-test-"));
  return parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3000", AUTH_SECRET: "test-secret-test-secret-test-secret-0123", ...overrides });
}

/**
 * Registers the database (and a test configuration) as the app's for this file's tests.
 * Returns a getter because the handle exists only once beforeAll has run.
 */
export function useTestDatabase(configOverrides: Record<string, string> = {}) {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    setConfig(testConfig(configOverrides));
    resetAuth();
    handle = await createTestDatabase();
    setDatabase(handle);
  }, 120_000);
  afterAll(async () => {
    setDatabase(undefined);
    resetAuth();
    await handle?.close();
  });
  return () => {
    if (!handle) throw new Error("useTestDatabase: the database is not ready (use it inside a test)");
    return handle;
  };
}

/** A short unique suffix so parallel tests never collide on slugs or emails. */
export const unique = (prefix = "t") => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * The constraint a write broke, with its SQLSTATE (23505 unique, 23514 check, 23503 foreign key).
 * Drizzle wraps the driver's error as `cause`: PGlite names the constraint `constraint`,
 * postgres.js `constraint_name`. Fails if the write succeeds or fails for another reason.
 */
export async function violatedConstraint(write: PromiseLike<unknown>): Promise<{ code: string; constraint: string }> {
  try {
    await write;
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string; constraint_name?: string };
    const constraint = cause.constraint ?? cause.constraint_name;
    if (!cause.code || !constraint) throw error;
    return { code: cause.code, constraint };
  }
  throw new Error("expected the write to break a constraint, but it succeeded");
}
