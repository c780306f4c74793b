import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { runMigrations } from "~/server/db/migrate.server";

/**
 * Several app instances, each a process of its own (tests/support/app-instance.ts), on one
 * PostgreSQL database of the test's own: what "two instances behind a load balancer" means for
 * the tests that need it (postgres project only, with TEST_DATABASE_URL).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

/** `ownerSetupCode`: the first-run code the instance printed at start (none while an admin exists). */
export type Instance = { base: string; process: ChildProcess; ownerSetupCode?: string };

/** A fresh database on the test server, named for this test file and worker, migrated. */
export async function createInstanceDatabase(label: string): Promise<{ url: string; handle: DatabaseHandle }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("Two-instance tests need TEST_DATABASE_URL (a PostgreSQL server)");
  const name = `course_site_${label}_${process.env.VITEST_POOL_ID ?? "0"}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), max: 2 });
  await runMigrations(handle);
  return { url: url.toString(), handle };
}

/** Starts one instance on `databaseUrl` and resolves once it listens. Start instances one after the other. */
export async function startInstance(databaseUrl: string, settings: Record<string, string>): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-instance-"));
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./tests/support/register-asset-hooks.mjs", "tests/support/app-instance.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://localhost:3000",
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      ...settings,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const started = await new Promise<{ base: string; ownerSetupCode?: string }>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the instance exited (${code}) before it listened`)));
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("{")) resolve(JSON.parse(line) as { base: string; ownerSetupCode?: string });
    });
  });
  return { ...started, process: child };
}

export async function stopInstances(instances: Instance[]) {
  for (const instance of instances) {
    instance.process.kill("SIGTERM");
    await new Promise((resolve) => (instance.process.exitCode === null ? instance.process.once("exit", resolve) : resolve(null)));
  }
}
