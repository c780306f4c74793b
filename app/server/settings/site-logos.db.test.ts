import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStorageForTest, HOUR_MS } from "../../../tests/support/stored-files";
import { useTestDatabase } from "../../../tests/support/test-database";
import { siteSettings } from "~/server/db/schema";
import { publicUrl } from "~/server/platform/storage.server";
import { sweepUnusedSiteLogos } from "./site-logos.server";

const database = useTestDatabase();
let files: ReturnType<typeof useLocalStorageForTest>;

beforeAll(() => {
  files = useLocalStorageForTest("site-logos-");
  return files.restore;
});

async function oldFile(key: string, ageMs = 25 * HOUR_MS) {
  await files.put("media", key);
  await files.age("media", key, ageMs);
  return key;
}

describe("sweeping replaced site logos", () => {
  it("deletes logos older than a day the settings no longer show, keeps the current one and fresh ones", async () => {
    const current = await oldFile("site/logo-2.png", 48 * HOUR_MS);
    await database().db.execute(sql`insert into site_settings (id) values (true) on conflict do nothing`);
    await database()
      .db.update(siteSettings)
      .set({ logoUrl: publicUrl("media", current) });
    const replaced = await oldFile("site/logo-1.png");
    const fresh = await oldFile("site/logo-3.png", 10 * 60 * 1000);

    expect(await sweepUnusedSiteLogos()).toEqual([replaced]);
    expect(await files.exists("media", replaced)).toBe(false);
    expect(await files.exists("media", current)).toBe(true);
    expect(await files.exists("media", fresh)).toBe(true);
  });
});
