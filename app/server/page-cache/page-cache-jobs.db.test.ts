import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../../tests/support/app-server";
import { useTestDatabase } from "../../../tests/support/test-database";
import { db } from "~/server/db/client.server";
import { siteSettings } from "~/server/db/schema";
import { seedDemoContent } from "~/server/db/seed/seed.server";
import { JOBS } from "~/server/jobs/jobs.server";
import { enqueue, startWorkers, stopWorkers } from "~/server/jobs/queue.server";

const database = useTestDatabase();

/** How long the site idles with its workers polling: several polls and maintenance runs of pg-boss. */
const IDLE_MS = 4_000;

let app: Awaited<ReturnType<typeof startAppServer>>;
let jobRan: (() => void) | undefined;

async function get(path: string) {
  const response = await fetch(`${app.base}${path}`, { headers: { "user-agent": "page-cache-jobs-test" } });
  return { status: response.status, text: await response.text(), cache: response.headers.get("x-page-cache") };
}

beforeAll(async () => {
  await seedDemoContent(database().db);
  app = await startAppServer({ routes: (file) => !file.startsWith("routes/admin/") && !file.startsWith("routes/checkout/") });
  // The app's own workers and schedules, polling fast; the sweep's queue carries a job that writes content.
  await startWorkers(
    [
      ...JOBS.filter((job) => job.name !== "sweep-unused-files"),
      {
        name: "sweep-unused-files",
        handler: async (data) => {
          await db().update(siteSettings).set({ schoolName: String(data.schoolName) });
          jobRan?.();
        },
      },
    ],
    { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
  );
});

afterAll(async () => {
  await stopWorkers({ timeoutMs: 5_000 });
  await app?.close();
});

describe("the page cache beside the job queue", () => {
  it("keeps its pages while the site idles with workers polling: pg-boss's own writes are not content", async () => {
    await get("/");
    expect((await get("/")).cache).toBe("hit");
    const seen: (string | null)[] = [];
    const until = Date.now() + IDLE_MS;
    while (Date.now() < until) {
      seen.push((await get("/")).cache);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.filter((state) => state !== "hit")).toEqual([]);
  });

  it("is emptied by a content write a job makes", async () => {
    const before = await get("/");
    expect(before.cache).toBe("hit");
    const ran = new Promise<void>((resolve) => (jobRan = resolve));
    await enqueue(db(), "sweep-unused-files", { schoolName: "School Renamed By A Job" });
    await ran;
    // On PostgreSQL the NOTIFY reaches the listener a moment after the job's commit.
    let page = await get("/");
    for (let tries = 0; tries < 20 && !page.text.includes("School Renamed By A Job"); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = await get("/");
    }
    expect(page.status).toBe(200);
    expect(page.text).toContain("School Renamed By A Job");
  });
});
