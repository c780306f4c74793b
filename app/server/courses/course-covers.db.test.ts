import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { unique } from "../../../tests/support/test-database";
import { courses } from "~/server/db/schema";
import { publicUrl } from "~/server/platform/storage.server";
import { deleteCourse } from "./admin-courses.server";
import { sweepTempCourseCovers } from "./course-covers.server";
import { useAdminCourseFixtures } from "../../../tests/support/admin-course-fixtures";

const { db, storage, courseInput, courseRow, newCourse, saveCourse } = useAdminCourseFixtures();

describe("cover files", () => {
  async function upload(key: string) {
    await storage().put("media", key, Readable.from([Buffer.from(`image ${key}`)]), { contentType: "image/png" });
    return publicUrl("media", key);
  }
  async function exists(key: string) {
    const object = await storage().get("media", key);
    object?.stream.destroy();
    return object !== undefined;
  }

  it("moves a cover uploaded before the course existed under courses/{id}/ when the course is saved", async () => {
    const tempKey = `courses/temp/cover-${Date.now()}-a.png`;
    const created = await newCourse({ coverUrl: await upload(tempKey) });
    const ownKey = `courses/${created.id}/${tempKey.slice("courses/temp/".length)}`;
    expect(created.coverUrl).toBe(publicUrl("media", ownKey));
    expect((await courseRow(created.id)).coverUrl).toBe(publicUrl("media", ownKey));
    expect(await exists(ownKey)).toBe(true);
    expect(await exists(tempKey)).toBe(false);
  });

  it("deletes a replaced cover of the course, but never demo art", async () => {
    const created = await newCourse({ coverUrl: "/images/demo/courses/shopify-101.webp" });
    const firstKey = `courses/${created.id}/cover-1.png`;
    await saveCourse({ courseId: created.id, input: courseInput({ coverUrl: await upload(firstKey) }), publish: false, lessons: [] });
    const secondKey = `courses/${created.id}/cover-2.png`;
    await saveCourse({ courseId: created.id, input: courseInput({ coverUrl: await upload(secondKey) }), publish: false, lessons: [] });
    expect(await exists(firstKey)).toBe(false);
    expect(await exists(secondKey)).toBe(true);
  });

  it("deletes the course's files with the course", async () => {
    const created = await newCourse();
    const key = `courses/${created.id}/cover-3.png`;
    await saveCourse({ courseId: created.id, input: courseInput({ coverUrl: await upload(key) }), publish: false, lessons: [] });
    await storage().put("course-videos", `${created.id}/1-intro.mp4`, Readable.from([Buffer.from("video")]), { contentType: "video/mp4" });
    await deleteCourse({ courseId: created.id });
    expect(await exists(key)).toBe(false);
    expect(await storage().get("course-videos", `${created.id}/1-intro.mp4`)).toBeUndefined();
  });

  it("sweeps unsaved temp covers older than a day, keeping any a course still shows", async () => {
    const orphan = `courses/temp/cover-${Date.now()}-orphan.png`;
    await upload(orphan);
    const usedKey = `courses/temp/cover-${Date.now()}-used.png`;
    const usedUrl = await upload(usedKey);
    // A course that points at a temp cover (as if moving it had failed).
    await db()
      .insert(courses)
      .values({ title: "Temp cover", slug: unique("temp-cover"), coverUrl: usedUrl });

    // Just uploaded: a form may still be open.
    expect(await sweepTempCourseCovers()).toEqual([]);
    expect(await exists(orphan)).toBe(true);

    const deleted = await sweepTempCourseCovers({ olderThan: new Date(Date.now() + 60_000) });
    expect(deleted).toEqual([orphan]);
    expect(await exists(orphan)).toBe(false);
    expect(await exists(usedKey)).toBe(true);
  });
});
