import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStorageForTest, HOUR_MS } from "../../../tests/support/stored-files";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { posts } from "~/server/db/schema";
import { publicUrl } from "~/server/platform/storage.server";
import { sweepUnusedPostCovers } from "./post-covers.server";

const database = useTestDatabase();
let files: ReturnType<typeof useLocalStorageForTest>;

beforeAll(() => {
  files = useLocalStorageForTest("post-covers-");
  return files.restore;
});

async function oldFile(key: string, ageMs = 25 * HOUR_MS) {
  await files.put("media", key);
  await files.age("media", key, ageMs);
  return key;
}

describe("sweeping unused post covers", () => {
  it("deletes unsaved and replaced covers older than a day, keeps those a post shows or links and fresh ones", async () => {
    const postId = crypto.randomUUID();
    const shown = await oldFile(`posts/${postId}/cover-2.png`, 48 * HOUR_MS);
    const linked = await oldFile(`posts/${postId}/cover-3.png`);
    await database()
      .db.insert(posts)
      .values({
        id: postId,
        title: "Post",
        slug: unique("post"),
        coverUrl: publicUrl("media", shown),
        contentMd: `![A figure](${publicUrl("media", linked)})`,
      });
    const replaced = await oldFile(`posts/${postId}/cover-1.png`);
    const unsaved = await oldFile("posts/temp/cover-1.png");
    const fresh = await oldFile("posts/temp/cover-2.png", 10 * 60 * 1000);
    const notAPostFile = await oldFile("courses/temp/cover-9.png");

    expect((await sweepUnusedPostCovers()).sort()).toEqual([replaced, unsaved].sort());
    expect(await files.exists("media", replaced)).toBe(false);
    expect(await files.exists("media", unsaved)).toBe(false);
    for (const key of [shown, linked, fresh, notAPostFile]) expect(await files.exists("media", key)).toBe(true);
  });
});
