import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createInstanceDatabase, startInstance, stopInstances, type Instance } from "../../../tests/support/app-instances";
import type { DatabaseHandle } from "~/server/db/client.server";
import { posts } from "~/server/db/schema";
import { seedDemoContent } from "~/server/db/seed/seed.server";

/**
 * Two app instances, each a process of its own, on one PostgreSQL database (runs only with
 * TEST_DATABASE_URL, in the postgres project): a write on one empties the other's page cache
 * through the page_cache NOTIFY, so the other's next anonymous request shows it.
 */

const ADMIN = { email: "owner@example.com", password: "a-long-instance-password" };
const POST = { slug: "ship-before-you-feel-ready" };

let handle: DatabaseHandle;
const instances: Instance[] = [];

beforeAll(async () => {
  const database = await createInstanceDatabase("instances");
  handle = database.handle;
  await seedDemoContent(handle.db);
  const settings = { AUTH_SECRET: "instances-secret-instances-secret-0123", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  // One after the other: both would otherwise create the admin at once.
  instances.push(await startInstance(database.url, settings));
  instances.push(await startInstance(database.url, settings));
}, 120_000);

afterAll(async () => {
  await stopInstances(instances);
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
