import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signInNewUser } from "../../../tests/support/sign-in";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { createApp } from "../../../server";
import { getConfig } from "../platform/config.server";
import { getStorage } from "../platform/storage.server";
import { courseModules, courses, enrollments, lessonFiles, lessons } from "../db/schema";
import { isPublicPage } from "../page-cache/public-pages";
import { MAX_FILES_PER_LESSON, removeLessonFile } from "./lesson-files.server";
import { sweepUnusedLessonVideos } from "./lesson-videos.server";
import { attachmentDisposition } from "./lesson-file-route.server";

const database = useTestDatabase();

let server: Server;
let base = "";
const build = vi.fn(() => Promise.reject(new Error("no React Router build in this test")));
const who = ["visitor", "learner", "revoked", "enrolled", "admin"] as const;
type Who = (typeof who)[number];
const cookies: Record<Who, string> = { visitor: "", learner: "", revoked: "", enrolled: "", admin: "" };

/** A small PDF: its first bytes are what the upload's type check reads. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

/** A ZIP holding one stored (uncompressed) text file, built by hand. */
function zip(name: string, content: string) {
  const data = Buffer.from(content);
  const file = Buffer.from(name);
  const crc = zlib.crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(file.length, 28);
  const centralOffset = local.length + file.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}

async function course(status: "draft" | "published") {
  const [row] = await database()
    .db.insert(courses)
    .values({ title: "Files course", slug: unique("files"), status })
    .returning({ id: courses.id });
  return row.id;
}

async function lesson(courseId: string, { isPreview = false, moduleId = null as string | null } = {}) {
  const [row] = await database()
    .db.insert(lessons)
    .values({ courseId, moduleId, title: "Worksheet lesson", slug: unique("worksheet"), orderIndex: 1, isPreview, type: "article" })
    .returning({ id: lessons.id });
  return row.id;
}

async function upload(lessonId: string, file: { bytes: Buffer; name: string; type?: string }, cookie = cookies.admin) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
  const response = await fetch(`${base}/api/uploads/lesson-file?ownerId=${lessonId}`, { method: "POST", body: form, headers: cookie ? { cookie } : {} });
  return {
    status: response.status,
    body: (await response.json()) as { key?: string; error?: string; file?: { id: string; filename: string; contentType: string; sizeBytes: number } },
  };
}

const download = (lessonId: string, fileId: string, cookie = "") =>
  fetch(`${base}/api/lessons/${lessonId}/files/${fileId}`, { headers: cookie ? { cookie } : {} });

async function statuses(lessonId: string, fileId: string) {
  const answers = await Promise.all(who.map(async (name) => [name, (await download(lessonId, fileId, cookies[name])).status] as const));
  return Object.fromEntries(answers);
}

const filesOf = (lessonId: string) => database().db.select().from(lessonFiles).where(eq(lessonFiles.lessonId, lessonId));

let published = "";
let paidLesson = "";
let previewLesson = "";
let dripLesson = "";
let draftLesson = "";
let paidFile = { id: "", key: "" };

beforeAll(async () => {
  const ids: Partial<Record<Who, string>> = {};
  for (const name of ["learner", "revoked", "enrolled", "admin"] as const) {
    const { id, cookie } = await signInNewUser(database().db, name === "admin" ? "admin" : "user");
    cookies[name] = cookie;
    ids[name] = id;
  }
  server = createApp({ config: getConfig(), build }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  published = await course("published");
  paidLesson = await lesson(published);
  previewLesson = await lesson(published, { isPreview: true });
  // A module that opens a week after the learner's access began: today it is drip-locked.
  const [weekTwo] = await database()
    .db.insert(courseModules)
    .values({ courseId: published, title: "Week two", position: 1, dripDays: 7 })
    .returning({ id: courseModules.id });
  dripLesson = await lesson(published, { moduleId: weekTwo.id });
  draftLesson = await lesson(await course("draft"));
  await database()
    .db.insert(enrollments)
    .values([
      { userId: ids.enrolled!, courseId: published, source: "admin", status: "active" },
      { userId: ids.revoked!, courseId: published, source: "admin", status: "revoked" },
    ]);
  const stored = await upload(paidLesson, { bytes: PDF, name: "Week 1 workbook.pdf", type: "application/pdf" });
  expect(stored.status).toBe(201);
  paidFile = { id: stored.body.file!.id, key: stored.body.key! };
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("adding a lesson's files", () => {
  it("stores a PDF under the lesson in the private bucket and records it with its name, type and size", async () => {
    expect(paidFile.key).toMatch(new RegExp(`^${published}/files/${paidLesson}/\\d+-Week-1-workbook\\.pdf$`));
    expect(await filesOf(paidLesson)).toMatchObject([
      { id: paidFile.id, storageKey: paidFile.key, filename: "Week 1 workbook.pdf", contentType: "application/pdf", sizeBytes: PDF.length },
    ]);
    expect(await getStorage().stat("course-videos", paidFile.key)).toMatchObject({ size: PDF.length });
  });

  it("takes a ZIP and an image too", async () => {
    const lessonId = await lesson(published);
    const archive = await upload(lessonId, { bytes: zip("notes.txt", "Read me first."), name: "Templates.zip", type: "application/zip" });
    expect(archive).toMatchObject({ status: 201, body: { file: { filename: "Templates.zip", contentType: "application/zip" } } });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#4f46e5" } }).png().toBuffer();
    const picture = await upload(lessonId, { bytes: png, name: "Diagram.png", type: "image/png" });
    expect(picture).toMatchObject({ status: 201, body: { file: { filename: "Diagram.png", contentType: "image/png" } } });
    expect(await filesOf(lessonId)).toHaveLength(2);
  });

  it("refuses what is not a PDF, a ZIP or an image with the reason, and keeps nothing", async () => {
    const lessonId = await lesson(published);
    const text = await upload(lessonId, { bytes: Buffer.from("just some notes\n"), name: "notes.txt", type: "text/plain" });
    expect(text).toEqual({ status: 415, body: { error: "Please select a PDF, a ZIP or an image" } });
    const html = await upload(lessonId, { bytes: Buffer.from("<!doctype html><script>alert(1)</script>"), name: "page.pdf" });
    expect(html.status).toBe(415);
    // A PDF header with a page behind it is refused by the same markup check as every upload.
    const polyglot = await upload(lessonId, { bytes: Buffer.concat([PDF, Buffer.from("<script>alert(1)</script>")]), name: "sheet.pdf" });
    expect(polyglot).toEqual({ status: 415, body: { error: "Please select a PDF, a ZIP or an image" } });
    const renamed = await upload(lessonId, { bytes: PDF, name: "workbook.png" });
    expect(renamed).toEqual({ status: 415, body: { error: "The file's extension does not match its content" } });
    expect(await filesOf(lessonId)).toEqual([]);
    const keys: string[] = [];
    for await (const object of getStorage().list("course-videos", `${published}/files/${lessonId}/`)) keys.push(object.key);
    expect(keys).toEqual([]);
  });

  it("refuses an unknown lesson, a non-admin, and a lesson already holding the most files", async () => {
    expect((await upload(crypto.randomUUID(), { bytes: PDF, name: "a.pdf" })).status).toBe(404);
    expect((await upload(paidLesson, { bytes: PDF, name: "a.pdf" }, cookies.enrolled)).status).toBe(403);
    expect((await upload(paidLesson, { bytes: PDF, name: "a.pdf" }, "")).status).toBe(401);

    const full = await lesson(published);
    const [{ courseId }] = await database().db.select({ courseId: lessons.courseId }).from(lessons).where(eq(lessons.id, full));
    await database()
      .db.insert(lessonFiles)
      .values(
        Array.from({ length: MAX_FILES_PER_LESSON }, (_, index) => ({
          lessonId: full,
          storageKey: `${courseId}/files/${full}/${index}-x.pdf`,
          filename: `${index}.pdf`,
          contentType: "application/pdf",
          sizeBytes: 1,
        })),
      );
    const refused = await upload(full, { bytes: PDF, name: "one-more.pdf" });
    expect(refused).toEqual({ status: 409, body: { error: `A lesson holds at most ${MAX_FILES_PER_LESSON} files` } });
    // The stored bytes went again: only the rows above are under the lesson's prefix, none with storage.
    const keys: string[] = [];
    for await (const object of getStorage().list("course-videos", `${courseId}/files/${full}/`)) keys.push(object.key);
    expect(keys).toEqual([]);
  });
});

describe("downloading a lesson's file", () => {
  it("follows the lesson's access rule: enrolled and admins yes; visitor, stranger and revoked no", async () => {
    expect(await statuses(paidLesson, paidFile.id)).toEqual({ visitor: 401, learner: 403, revoked: 403, enrolled: 200, admin: 200 });
  });

  it("sends the file as an attachment under its name, never cached by anyone but the browser's no-store", async () => {
    const response = await download(paidLesson, paidFile.id, cookies.enrolled);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Week 1 workbook.pdf"; filename*=UTF-8''Week%201%20workbook.pdf`);
    // Refusals are not kept either, and the download is not a page the page cache keeps.
    expect((await download(paidLesson, paidFile.id)).headers.get("cache-control")).toBe("private, no-store");
    expect(isPublicPage(`/api/lessons/${paidLesson}/files/${paidFile.id}`)).toBe(false);
  });

  it("opens a free preview's files to everyone, keeps a drip-locked lesson's shut, and a draft course's to admins", async () => {
    const preview = await upload(previewLesson, { bytes: PDF, name: "preview.pdf" });
    expect(await statuses(previewLesson, preview.body.file!.id)).toEqual({ visitor: 200, learner: 200, revoked: 200, enrolled: 200, admin: 200 });
    const drip = await upload(dripLesson, { bytes: PDF, name: "week-two.pdf" });
    expect(await statuses(dripLesson, drip.body.file!.id)).toEqual({ visitor: 401, learner: 403, revoked: 403, enrolled: 403, admin: 200 });
    const draft = await upload(draftLesson, { bytes: PDF, name: "draft.pdf" });
    expect(await statuses(draftLesson, draft.body.file!.id)).toEqual({ visitor: 404, learner: 404, revoked: 404, enrolled: 404, admin: 200 });
  });

  it("answers 404 for a file asked under another lesson, an unknown id or a malformed one", async () => {
    expect((await download(previewLesson, paidFile.id, cookies.admin)).status).toBe(404);
    expect((await download(paidLesson, crypto.randomUUID(), cookies.admin)).status).toBe(404);
    expect((await download(paidLesson, "nope", cookies.admin)).status).toBe(404);
  });

  it("names a file with any characters safely", () => {
    expect(attachmentDisposition('Résumé "final".pdf')).toBe(`attachment; filename="Resume final.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.pdf`);
  });
});

describe("keeping and removing a lesson's files", () => {
  it("is kept by the hourly sweep of unused uploads while its row names it", async () => {
    const deleted = await sweepUnusedLessonVideos({ olderThan: new Date(Date.now() + 60_000) });
    expect(deleted).not.toContain(paidFile.key);
    expect(await getStorage().stat("course-videos", paidFile.key)).toBeDefined();
  });

  it("removes the row and the stored file; a learner's next download is a 404", async () => {
    const lessonId = await lesson(published);
    const added = await upload(lessonId, { bytes: PDF, name: "gone.pdf" });
    await expect(removeLessonFile({ courseId: crypto.randomUUID(), lessonId, fileId: added.body.file!.id })).rejects.toThrow(/not found/);
    await removeLessonFile({ courseId: published, lessonId, fileId: added.body.file!.id });
    expect(await filesOf(lessonId)).toEqual([]);
    expect(await getStorage().stat("course-videos", added.body.key!)).toBeUndefined();
    expect((await download(lessonId, added.body.file!.id, cookies.enrolled)).status).toBe(404);
  });
});
