import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser, thrownResponse } from "../../../tests/support/route-harness";
import { useLocalStorageForTest } from "../../../tests/support/stored-files";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { courseModules, courses, lessons, lessonVideoStreams, users } from "~/server/db/schema";
import * as builder from "./course-builder";

const database = useTestDatabase();
const admin = sessionUser({ role: "admin" });
let courseId = "";

type ActionResult = {
  data: {
    intent: string | null;
    toast?: { kind: string; message: string };
    errors?: Record<string, string[]>;
    values?: Record<string, string>;
  };
  init: ResponseInit | null;
};

async function act(form: Record<string, string | File>, id = courseId) {
  const path = `/admin/courses/builder/${id}`;
  return (await callAction(builder, { path, params: { id }, user: admin, form })) as unknown as ActionResult;
}

const statusOf = (result: ActionResult) => result.init?.status ?? 200;

async function courseRow() {
  const [row] = await database().db.select().from(courses).where(eq(courses.id, courseId));
  return row;
}

beforeAll(async () => {
  await database().db.insert(users).values({ id: admin.id, email: admin.email, name: admin.name, role: "admin", emailVerified: true });
  const values = { title: "Builder course", slug: unique("builder"), longDescriptionMd: "Old", priceCents: 100 };
  [{ id: courseId }] = await database().db.insert(courses).values(values).returning();
});

describe("the builder's loader", () => {
  it("gives the course's details and curriculum", async () => {
    const data = await callLoader(builder, { path: `/admin/courses/builder/${courseId}`, params: { id: courseId }, user: admin });
    expect(data).toMatchObject({
      course: { id: courseId, title: "Builder course", description: "Old", priceCents: 100, status: "draft" },
      curriculum: { lessons: [], modules: [] },
      toast: null,
    });
  });

  it("answers 404 'Course not found.' for an unknown or malformed id", async () => {
    for (const id of [crypto.randomUUID(), "nope"]) {
      const response = await thrownResponse(callLoader(builder, { path: `/admin/courses/builder/${id}`, params: { id }, user: admin }));
      expect(response).toMatchObject({ status: 404, data: { message: "Course not found." } });
    }
  });
});

describe("Details", () => {
  it("saves title, slug (the builder's rule), description and price in cents: 'Course details updated'", async () => {
    const slug = unique("Hello, World");
    const result = await act({
      intent: "update-details",
      title: "  New title ",
      slug: `${slug}!!`,
      description: "## Learn",
      priceCents: "4900",
      newLessonMail: "on",
    });
    expect(result.data.toast).toMatchObject({ kind: "success", message: "Course details updated" });
    expect(await courseRow()).toMatchObject({
      title: "New title",
      slug: slug.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      longDescriptionMd: "## Learn",
      priceCents: 4900,
      newLessonMail: true,
      certificatesEnabled: false,
    });
  });

  it.each([
    [{ title: "", slug: "x", priceCents: "1" }, { title: ["Title is required"] }],
    [{ title: "T", slug: "!!!", priceCents: "1" }, { slug: ["Slug is required"] }],
    [{ title: "T", slug: "ok", priceCents: "12.5" }, { priceCents: ["Price must be a whole number of cents, 0 or more"] }],
    [{ title: "T", slug: "ok", priceCents: "-1" }, { priceCents: ["Price must be a whole number of cents, 0 or more"] }],
  ])("refuses %j with 'Failed to update course details', the field's message, and saves nothing", async (fields, errors) => {
    const before = await courseRow();
    const result = await act({ intent: "update-details", description: "", ...fields });
    expect(statusOf(result)).toBe(400);
    expect(result.data).toMatchObject({ toast: { kind: "error", message: "Failed to update course details" }, errors, values: fields });
    expect(await courseRow()).toEqual(before);
  });

  it("refuses a slug another course has, under the slug field", async () => {
    const [other] = await database()
      .db.insert(courses)
      .values({ title: "Other", slug: unique("other") })
      .returning();
    const result = await act({ intent: "update-details", title: "T", slug: other.slug, description: "", priceCents: "0" });
    expect(statusOf(result)).toBe(409);
    expect(result.data).toMatchObject({
      toast: { message: "Failed to update course details" },
      errors: { slug: ["Another course already uses this slug"] },
    });
  });

  it("publishes and unpublishes: 'Course published' / 'Course unpublished'", async () => {
    expect((await act({ intent: "publish" })).data.toast?.message).toBe("Course published");
    expect(await courseRow()).toMatchObject({ status: "published", publishedAt: expect.any(Date) });
    expect((await act({ intent: "unpublish" })).data.toast?.message).toBe("Course unpublished");
    expect((await courseRow()).status).toBe("draft");
    const gone = await act({ intent: "publish" }, crypto.randomUUID());
    expect(statusOf(gone)).toBe(404);
    expect(gone.data.toast).toMatchObject({ kind: "error", message: "Failed to update course status" });
  });
});

describe("Curriculum", () => {
  async function modulesOf() {
    return database().db.select().from(courseModules).where(eq(courseModules.courseId, courseId)).orderBy(courseModules.position);
  }

  it("adds, edits and deletes a module with the spec's messages", async () => {
    await act({ intent: "add-module" });
    const [module] = (await modulesOf()).slice(-1);
    expect(module).toMatchObject({ title: "New Module", description: "" });

    const refused = await act({ intent: "update-module", moduleId: module.id, title: " ", description: "x" });
    expect(statusOf(refused)).toBe(400);
    expect(refused.data).toMatchObject({ toast: { message: "Failed to update module" }, errors: { title: ["Title is required"] } });

    const saved = await act({ intent: "update-module", moduleId: module.id, title: "Basics", description: "" });
    expect(saved.data.toast).toMatchObject({ kind: "success", message: "Module updated" });

    await act({ intent: "add-lesson", moduleId: module.id });
    const deleted = await act({ intent: "delete-module", moduleId: module.id });
    expect(deleted.data.toast).toMatchObject({ kind: "success", message: "Module deleted" });
    expect(await database().db.$count(lessons, eq(lessons.moduleId, module.id))).toBe(0);

    const again = await act({ intent: "delete-module", moduleId: module.id });
    expect(statusOf(again)).toBe(404);
    expect(again.data.toast).toMatchObject({ kind: "error", message: "Failed to delete module" });
    expect((await act({ intent: "add-module" }, crypto.randomUUID())).data.toast).toMatchObject({ message: "Failed to create module" });
  });

  it("adds a lesson, saves it as a free-preview article, and deletes it: 'Lesson updated', 'Lesson deleted'", async () => {
    await act({ intent: "add-lesson", moduleId: "" });
    const [lesson] = await database().db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(lessons.orderIndex);
    expect(lesson).toMatchObject({ title: "New Lesson", type: "video", videoProvider: "youtube", isPreview: false, moduleId: null });

    const form = {
      intent: "update-lesson",
      lessonId: lesson.id,
      title: "Reading list",
      slug: "Reading List",
      type: "article",
      summary: "What to read",
      contentMd: "# Books\n\n- One",
      videoProvider: "youtube",
      videoUrl: "",
      videoStoragePath: "",
      embedCode: "",
      durationSeconds: "300",
      isPreview: "on",
      moduleId: "",
    };
    const saved = await act(form);
    expect(saved.data.toast).toMatchObject({ kind: "success", message: "Lesson updated" });
    const [row] = await database().db.select().from(lessons).where(eq(lessons.id, lesson.id));
    expect(row).toMatchObject({
      title: "Reading list",
      slug: "reading-list",
      type: "article",
      contentMd: "# Books\n\n- One",
      durationSeconds: 300,
      isPreview: true,
    });

    const deleted = await act({ intent: "delete-lesson", lessonId: lesson.id });
    expect(deleted.data.toast).toMatchObject({ kind: "success", message: "Lesson deleted" });
    expect(await database().db.$count(lessons, eq(lessons.id, lesson.id))).toBe(0);
    expect((await act({ intent: "delete-lesson", lessonId: lesson.id })).data.toast).toMatchObject({
      kind: "error",
      message: "Failed to delete lesson",
    });
  });

  it("checks video sources, stores embed code as one safe iframe, and refuses bad durations", async () => {
    await act({ intent: "add-lesson", moduleId: "" });
    const [lesson] = (await database().db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(lessons.orderIndex)).slice(
      -1,
    );
    const base = {
      intent: "update-lesson",
      lessonId: lesson.id,
      title: "Clip",
      slug: "clip",
      type: "video",
      summary: "",
      contentMd: "",
      videoUrl: "",
      videoStoragePath: "",
      embedCode: "",
      durationSeconds: "0",
      moduleId: "",
    };

    const badYoutube = await act({ ...base, videoProvider: "youtube", videoUrl: "https://evil.example/watch?v=dQw4w9WgXcQ" });
    expect(statusOf(badYoutube)).toBe(400);
    expect(badYoutube.data).toMatchObject({
      toast: { message: "Failed to update lesson" },
      errors: { videoUrl: [expect.stringContaining("YouTube")] },
    });

    const badEmbed = await act({ ...base, videoProvider: "embed", embedCode: "<script>alert(1)</script>" });
    expect(badEmbed.data.errors).toEqual({ embedCode: [expect.stringContaining("iframe")] });

    const badDuration = await act({ ...base, videoProvider: "youtube", durationSeconds: "1.5" });
    expect(badDuration.data.errors).toEqual({ durationSeconds: ["Duration must be a whole number of seconds, 0 or more"] });

    const foreignVideo = await act({ ...base, videoProvider: "upload", videoStoragePath: `${crypto.randomUUID()}/1-clip.mp4` });
    expect(statusOf(foreignVideo)).toBe(400);

    const embed =
      '<div><iframe src="https://player.vimeo.com/video/76979871" onload="alert(1)" title="Intro"></iframe><script>x()</script></div>';
    expect((await act({ ...base, videoProvider: "embed", embedCode: embed })).data.toast?.message).toBe("Lesson updated");
    const [row] = await database().db.select().from(lessons).where(eq(lessons.id, lesson.id));
    expect(row.embedCode).toBe(
      '<iframe src="https://player.vimeo.com/video/76979871?dnt=1" title="Intro" allow="autoplay; encrypted-media; fullscreen; picture-in-picture" allowfullscreen loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    );
  });

  it("moves lessons and modules, and says so when the lesson is gone", async () => {
    await act({ intent: "add-module" });
    const [module] = (await modulesOf()).slice(-1);
    const [first] = (await database().db.select().from(lessons).where(eq(lessons.courseId, courseId))).slice(0, 1);
    const moved = await act({ intent: "move-lesson", lessonId: first.id, moduleId: module.id, position: "1" });
    expect(moved.data.toast).toMatchObject({ kind: "success", message: "Order saved" });
    expect((await database().db.select().from(lessons).where(eq(lessons.id, first.id)))[0]).toMatchObject({
      moduleId: module.id,
      orderIndex: 1,
    });

    expect((await act({ intent: "move-module", moduleId: module.id, position: "1" })).data.toast?.message).toBe("Order saved");
    expect((await modulesOf())[0].id).toBe(module.id);

    const gone = await act({ intent: "move-lesson", lessonId: crypto.randomUUID(), moduleId: "", position: "1" });
    expect(statusOf(gone)).toBe(404);
    expect(gone.data.toast).toMatchObject({ kind: "error", message: "Failed to save the new order" });
    expect(statusOf(await act({ intent: "move-lesson", lessonId: first.id, moduleId: "", position: "0" }))).toBe(400);
  });

  it("refuses an unknown intent", async () => {
    const result = await act({ intent: "drop-tables" });
    expect(statusOf(result)).toBe(400);
    expect(result.data.toast?.kind).toBe("error");
  });
});

describe("uploaded lessons' video processing in the builder", () => {
  it("shows each uploaded lesson's state and queues a failed one again on Retry", async () => {
    const [lesson] = await database()
      .db.insert(lessons)
      .values({
        courseId,
        title: "Uploaded",
        slug: unique("uploaded"),
        orderIndex: 90,
        videoProvider: "upload",
        videoStoragePath: `${courseId}/1-clip.mp4`,
      })
      .returning({ id: lessons.id });
    await database()
      .db.insert(lessonVideoStreams)
      .values({
        lessonId: lesson.id,
        sourcePath: `${courseId}/1-clip.mp4`,
        status: "failed",
        error: "The file has no video ffmpeg can read",
      });
    const loaded = (await callLoader(builder, { path: `/admin/courses/builder/${courseId}`, params: { id: courseId }, user: admin })) as {
      videos: Record<string, unknown>;
    };
    expect(loaded.videos[lesson.id]).toMatchObject({
      stream: { status: "failed", error: "The file has no video ffmpeg can read" },
      captions: false,
    });

    const retried = await act({ intent: "retry-transcode", lessonId: lesson.id });
    expect(retried.data.toast).toMatchObject({ kind: "success", message: "Video queued for processing" });
    const [row] = await database().db.select().from(lessonVideoStreams).where(eq(lessonVideoStreams.lessonId, lesson.id));
    expect(row).toMatchObject({ status: "queued", error: null, progress: 0 });
  });

  it("makes a stream for a video uploaded before streams existed", async () => {
    const [lesson] = await database()
      .db.insert(lessons)
      .values({
        courseId,
        title: "Older upload",
        slug: unique("older"),
        orderIndex: 93,
        videoProvider: "upload",
        videoStoragePath: `${courseId}/3-clip.mp4`,
      })
      .returning({ id: lessons.id });
    const queued = await act({ intent: "retry-transcode", lessonId: lesson.id });
    expect(queued.data.toast).toMatchObject({ kind: "success", message: "Video queued for processing" });
    const [row] = await database().db.select().from(lessonVideoStreams).where(eq(lessonVideoStreams.lessonId, lesson.id));
    expect(row).toMatchObject({ status: "queued", sourcePath: `${courseId}/3-clip.mp4` });
  });

  it("refuses Retry for a lesson with no uploaded video", async () => {
    const [lesson] = await database()
      .db.insert(lessons)
      .values({ courseId, title: "YouTube", slug: unique("youtube"), orderIndex: 91 })
      .returning({ id: lessons.id });
    const refused = await act({ intent: "retry-transcode", lessonId: lesson.id });
    expect(statusOf(refused)).toBe(404);
    expect(refused.data.toast).toMatchObject({ kind: "error", message: "Failed to queue the video for processing" });
  });
});

describe("a lesson's captions in the builder", () => {
  const vtt = (text: string) => new File([text], "captions.vtt", { type: "text/vtt" });

  it("stores a valid WebVTT file, refuses a bad one with the reason, and removes it", async () => {
    const files = useLocalStorageForTest("builder-captions-");
    try {
      const [lesson] = await database()
        .db.insert(lessons)
        .values({
          courseId,
          title: "Captioned",
          slug: unique("captioned"),
          orderIndex: 92,
          videoProvider: "upload",
          videoStoragePath: `${courseId}/2-clip.mp4`,
        })
        .returning({ id: lessons.id });
      const refused = await act({
        intent: "upload-captions",
        lessonId: lesson.id,
        captions: vtt("1\n00:00:01.000 --> 00:00:02.000\nHello\n"),
      });
      expect(statusOf(refused)).toBe(400);
      expect(refused.data.errors).toEqual({ captions: ["This is not a WebVTT file: its first line must be WEBVTT"] });

      const stored = await act({
        intent: "upload-captions",
        lessonId: lesson.id,
        captions: vtt("WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello\n"),
      });
      expect(stored.data.toast).toMatchObject({ kind: "success", message: "Captions uploaded" });
      const [row] = await database().db.select({ captionsPath: lessons.captionsPath }).from(lessons).where(eq(lessons.id, lesson.id));
      expect(row.captionsPath).toMatch(new RegExp(`^${courseId}/captions/${lesson.id}-[0-9a-z]+\\.vtt$`));
      expect(await files.exists("course-videos", row.captionsPath!)).toBe(true);
      const loaded = (await callLoader(builder, { path: `/admin/courses/builder/${courseId}`, params: { id: courseId }, user: admin })) as {
        videos: Record<string, unknown>;
      };
      expect(loaded.videos[lesson.id]).toEqual({ stream: null, captions: true });

      const removed = await act({ intent: "remove-captions", lessonId: lesson.id });
      expect(removed.data.toast).toMatchObject({ kind: "success", message: "Captions removed" });
      expect(await files.exists("course-videos", row.captionsPath!)).toBe(false);
    } finally {
      files.restore();
    }
  });

  // The attack suite's uploads (issue 22) for captions, the one upload the builder's action takes.
  it("refuses an SVG, an HTML page, an empty, an oversize or a binary file as captions and stores nothing", async () => {
    const files = useLocalStorageForTest("builder-captions-abuse-");
    try {
      const [lesson] = await database()
        .db.insert(lessons)
        .values({
          courseId,
          title: "Abused",
          slug: unique("abused"),
          orderIndex: 93,
          videoProvider: "upload",
          videoStoragePath: `${courseId}/3-clip.mp4`,
        })
        .returning({ id: lessons.id });
      const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
      const abuses: [string, BlobPart][] = [
        ["captions.vtt", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'],
        ["../../captions.vtt", "<!doctype html><html><body><script>alert(1)</script></body></html>"],
        ["empty.vtt", ""],
        ["huge.vtt", `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${"x".repeat(512 * 1024)}\n`],
        ["image.vtt", new Uint8Array(png)],
      ];
      for (const [name, body] of abuses) {
        const refused = await act({
          intent: "upload-captions",
          lessonId: lesson.id,
          captions: new File([body], name, { type: "text/vtt" }),
        });
        expect(statusOf(refused), name).toBe(400);
        expect(refused.data.errors, name).toHaveProperty("captions");
      }
      expect(files.files()).toEqual([]);
      const [row] = await database().db.select({ captionsPath: lessons.captionsPath }).from(lessons).where(eq(lessons.id, lesson.id));
      expect(row.captionsPath).toBeNull();
    } finally {
      files.restore();
    }
  });
});
