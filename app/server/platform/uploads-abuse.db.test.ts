import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useLocalStorageForTest } from "../../../tests/support/stored-files";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { getAuth } from "../auth/auth.server";
import { courses, lessons } from "../db/schema";
import { UPLOAD_KINDS } from "~/lib/upload-kinds";
import { EXTENSION_MISMATCH, handleUpload, INVALID_FILENAME } from "./uploads.server";
import { upsertPasswordUser } from "../users/password-users.server";

/**
 * The attack suite's uploads (issue 22): every kind the admin uploads refuses files that are, or
 * also are, something a browser would run, and keeps nothing of them. What a kind accepts, its
 * size limits and the anonymous/learner refusals are in uploads.db.test.ts.
 */

const database = useTestDatabase();

let server: Server;
let baseUrl = "";
let adminCookie = "";
let lessonId = "";
let storage: ReturnType<typeof useLocalStorageForTest>;

const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: "#4f46e5" } }).png().toBuffer();
const jpeg = () => sharp({ create: { width: 8, height: 8, channels: 3, background: "#16a34a" } }).jpeg().toBuffer();
const gif = () => sharp({ create: { width: 8, height: 8, channels: 3, background: "#dc2626" } }).gif().toBuffer();

/** The smallest MP4 file-type recognises: an ftyp box. */
const mp4 = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.from([0, 0, 0, 0]), Buffer.from("mp42isom"), Buffer.alloc(4096)]);

const HTML = "<html><body><script>window.__xss = 1</script></body></html>";

/** A JPEG whose comment segment holds an HTML page: a valid image that is also a document. */
async function jpegWithHtml() {
  const image = await jpeg();
  const comment = Buffer.from(HTML);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from([(comment.length + 2) >> 8, (comment.length + 2) & 0xff]), comment]);
  return Buffer.concat([image.subarray(0, 2), segment, image.subarray(2)]);
}

type Kind = { name: string; valid: () => Promise<Buffer>; ext: string; polyglots: () => Promise<Record<string, Buffer>> };

const IMAGE_POLYGLOTS = async (): Promise<Record<string, Buffer>> => ({
  "a JPEG with an HTML page in its comment": await jpegWithHtml(),
  "a GIF followed by a script": Buffer.concat([await gif(), Buffer.from(HTML)]),
  // GIF89a then "/*": a JavaScript comment to a browser, a 10799-pixel-wide screen to a decoder.
  "a GIF/JavaScript polyglot that does not decode": Buffer.concat([Buffer.from("GIF89a/*\x0a\x00\x00\x00\x00"), Buffer.from("*/=window.__xss=1;//")]),
});

const KINDS: Kind[] = [
  { name: "post-cover", valid: png, ext: "png", polyglots: IMAGE_POLYGLOTS },
  { name: "course-cover", valid: png, ext: "png", polyglots: IMAGE_POLYGLOTS },
  { name: "site-logo", valid: png, ext: "png", polyglots: IMAGE_POLYGLOTS },
  { name: "page-image", valid: png, ext: "png", polyglots: IMAGE_POLYGLOTS },
  { name: "site-favicon", valid: png, ext: "png", polyglots: IMAGE_POLYGLOTS },
  {
    name: "lesson-video",
    valid: async () => mp4(),
    ext: "mp4",
    polyglots: async () => ({
      "an MP4 header followed by an HTML page": Buffer.concat([mp4(), Buffer.from(HTML)]),
      "an HTML page deep inside an MP4": Buffer.concat([mp4(), Buffer.alloc(200_000, 0x41), Buffer.from(HTML), Buffer.alloc(1000)]),
    }),
  },
];

function upload(kind: string, file: { bytes: Buffer; name: string; type?: string }) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
  const query = kind === "lesson-video" ? `?ownerId=${lessonId}` : "";
  return fetch(`${baseUrl}/api/uploads/${kind}${query}`, { method: "POST", body: form, headers: { cookie: adminCookie } });
}

/** Sends the file, expects the refusal, and checks that storage holds no new file (partials included). */
async function expectRefused(kind: string, file: { bytes: Buffer; name: string; type?: string }, status: number, error?: string) {
  const before = storage.files();
  const response = await upload(kind, file);
  const body = (await response.json()) as { error?: string; key?: string };
  expect({ status: response.status, key: body.key }, file.name).toEqual({ status, key: undefined });
  if (error) expect(body.error).toBe(error);
  // A partial write is removed as the refusal is sent; it must be gone, not merely renamed.
  await expect.poll(() => storage.files()).toEqual(before);
}

beforeAll(async () => {
  storage = useLocalStorageForTest("uploads-abuse-");
  const email = `${unique("admin")}@example.com`;
  await upsertPasswordUser(database().db, { email, password: "a-long-test-password", role: "admin" });
  const response = await getAuth().api.signInEmail({ body: { email, password: "a-long-test-password" }, asResponse: true });
  adminCookie = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  const [course] = await database()
    .db.insert(courses)
    .values({ title: "Abuse", slug: unique("abuse") })
    .returning();
  const [lesson] = await database()
    .db.insert(lessons)
    .values({ courseId: course!.id, title: "Clip", slug: "clip", orderIndex: 1 })
    .returning();
  lessonId = lesson!.id;
  const app = express();
  app.post("/api/uploads/:kind", handleUpload);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  storage.restore();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe.each(KINDS)("POST /api/uploads/$name refuses abuse and stores nothing", (kind) => {
  it("still takes a real file of its kind (the control)", async () => {
    const response = await upload(kind.name, { bytes: await kind.valid(), name: `café ☕ intro.${kind.ext}` });
    expect(response.status).toBe(201);
  });

  it("refuses an SVG carrying a script", async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><script>window.__xss=1</script></svg>');
    await expectRefused(kind.name, { bytes: svg, name: "cover.svg", type: "image/svg+xml" }, 415);
  });

  it("refuses an HTML page named as its kind", async () => {
    await expectRefused(kind.name, { bytes: Buffer.from(`<!doctype html>${HTML}`), name: `cover.${kind.ext}`, type: "image/png" }, 415);
  });

  it("refuses polyglots", async () => {
    for (const [label, bytes] of Object.entries(await kind.polyglots())) {
      await expectRefused(kind.name, { bytes, name: `${label.replace(/\W+/g, "-")}.${kind.ext}` }, 415);
    }
  });

  it("refuses an empty file", async () => {
    await expectRefused(kind.name, { bytes: Buffer.alloc(0), name: `empty.${kind.ext}` }, 415);
  });

  it("refuses a file over its limit before reading it", async () => {
    const limit = kind.name === "lesson-video" ? 50 * 1024 * 1024 : 5 * 1024 * 1024;
    const bytes = Buffer.concat([await kind.valid(), Buffer.alloc(limit, 1)]);
    await expectRefused(kind.name, { bytes, name: `huge.${kind.ext}` }, 413);
  });

  it("refuses a name with a path, control characters or a direction override", async () => {
    const bytes = await kind.valid();
    for (const name of [`../../../etc/cover.${kind.ext}`, `..\\..\\cover.${kind.ext}`, `cover\u202Egnp.${kind.ext}`]) {
      await expectRefused(kind.name, { bytes, name }, 400, INVALID_FILENAME);
    }
    // A control character is refused too (busboy already calls the header malformed).
    await expectRefused(kind.name, { bytes, name: `cover\u0007.${kind.ext}` }, 400);
  });

  it("refuses bytes whose name claims another format", async () => {
    const other = kind.name === "lesson-video" ? { bytes: mp4(), name: "clip.webm" } : { bytes: await jpeg(), name: "photo.png" };
    // The favicon takes PNG alone: a JPEG is not its kind of file, whatever its name says.
    await expectRefused(kind.name, other, 415, kind.name === "site-favicon" ? UPLOAD_KINDS["site-favicon"].messages.type : EXTENSION_MISMATCH);
    await expectRefused(kind.name, { bytes: await kind.valid(), name: "page.html" }, 415, EXTENSION_MISMATCH);
  });
});
