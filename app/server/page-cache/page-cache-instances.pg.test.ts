import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { runMigrations } from "~/server/db/migrate.server";
import { posts } from "~/server/db/schema";
import { seedDemoContent } from "~/server/db/seed/seed.server";

/**
 * Two app instances, each a process of its own, on one PostgreSQL database (runs only with
 * TEST_DATABASE_URL, in the postgres project): a write on one empties the other's page cache
 * through the page_cache NOTIFY, so the other's next anonymous request shows it.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const ADMIN = { email: "owner@example.com", password: "a-long-instance-password" };
const POST = { slug: "ship-before-you-feel-ready" };

let handle: DatabaseHandle;
const instances: { base: string; process: ChildProcess }[] = [];

async function startInstance(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-instance-"));
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./tests/support/register-asset-hooks.mjs", "tests/support/app-instance.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://localhost:3000",
      AUTH_SECRET: "instances-secret-instances-secret-0123",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const base = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the instance exited (${code}) before it listened`)));
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("{")) resolve((JSON.parse(line) as { base: string }).base);
    });
  });
  instances.push({ base, process: child });
  return base;
}

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `course_site_instances_${process.env.VITEST_POOL_ID ?? "0"}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  handle = await openDatabase({ kind: "postgres", url: url.toString(), max: 2 });
  await runMigrations(handle);
  await seedDemoContent(handle.db);
  // One after the other: both would otherwise create the admin at once.
  await startInstance(url.toString());
  await startInstance(url.toString());
}, 120_000);

afterAll(async () => {
  for (const instance of instances) {
    instance.process.kill("SIGTERM");
    await new Promise((resolve) => (instance.process.exitCode === null ? instance.process.once("exit", resolve) : resolve(null)));
  }
  await handle?.close();
});

const get = async (base: string, path: string) => {
  const response = await fetch(`${base}${path}`, { headers: { "user-agent": "Mozilla/5.0 Chrome/126.0" } });
  return { cache: response.headers.get("x-page-cache"), text: await response.text() };
};

/** Loads the page until it comes from that instance's cache. */
async function cachedOn(base: string, path: string) {
  for (let tries = 0; tries < 5; tries++) {
    const page = await get(base, path);
    if (page.cache === "hit") return page.text;
  }
  throw new Error(`${path} never came from ${base}'s cache`);
}

it("a post unpublished on one instance is gone from the other's next page", async () => {
  const [a, b] = instances.map((instance) => instance.base);
  const [post] = await handle.db.select({ id: posts.id, title: posts.title }).from(posts).where(eq(posts.slug, POST.slug));
  expect(await cachedOn(a, "/blog")).toContain(post.title);
  expect(await cachedOn(b, "/blog")).toContain(post.title);

  const signIn = await fetch(`${a}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: a },
    body: JSON.stringify(ADMIN),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const unpublish = await fetch(`${a}/admin/blog`, {
    method: "POST",
    headers: { cookie, origin: a, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "unpublish", id: post.id }),
    redirect: "manual",
  });
  expect(unpublish.status).toBe(200);
  const [{ status }] = await handle.db.select({ status: posts.status }).from(posts).where(eq(posts.id, post.id));
  expect(status).toBe("draft");

  // The writer's own next page (the trigger's notice), then the other's: the NOTIFY reaches it a
  // moment after the commit, so its next request is allowed that moment (a few tries, not a stale page).
  expect((await get(a, "/blog")).text).not.toContain(post.title);
  await expect.poll(async () => (await get(b, "/blog")).text, { timeout: 5_000, interval: 50 }).not.toContain(post.title);
  expect(await cachedOn(b, "/blog")).not.toContain(post.title);
});
