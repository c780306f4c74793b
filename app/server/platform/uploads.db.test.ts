import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { getAuth } from "../auth/auth.server";
import { getConfig } from "./config.server";
import { courses, lessons } from "../db/schema";
import { getStorage } from "./storage.server";
import { handleUpload } from "./uploads.server";
import { upsertPasswordUser } from "../users/password-users.server";

const database = useTestDatabase();

let server: Server;
let baseUrl = "";
let adminCookie = "";
let userCookie = "";

async function signIn(role: "admin" | "user") {
  const email = `${unique(role)}@example.com`;
  const password = "a-long-test-password";
  await upsertPasswordUser(database().db, { email, password, role });
  const response = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

function image(format: "png" | "jpeg" | "webp" | "gif" | "avif", size = 8) {
  const blank = sharp({ create: { width: size, height: size, channels: 3, background: "#4f46e5" } });
  return blank.toFormat(format).toBuffer();
}

function upload(
  kind: string,
  file: { bytes: Buffer; name: string; type?: string },
  { cookie = adminCookie, ownerId }: { cookie?: string; ownerId?: string } = {},
) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
  const query = ownerId ? `?ownerId=${ownerId}` : "";
  return fetch(`${baseUrl}/api/uploads/${kind}${query}`, { method: "POST", body: form, headers: cookie ? { cookie } : {} });
}

/** Every file under the local storage root (partial uploads included). */
function storedFiles() {
  const config = getConfig().storage;
  if (config.kind !== "local") throw new Error("these tests use local storage");
  return fs.existsSync(config.root)
    ? fs
        .readdirSync(config.root, { recursive: true })
        .map(String)
        .filter((name) => fs.statSync(path.join(config.root, name)).isFile())
    : [];
}

async function storedBytes(key: string, bucket: "media" | "course-videos" = "media") {
  const object = await getStorage().get(bucket, key);
  if (!object) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  adminCookie = await signIn("admin");
  userCookie = await signIn("user");
  const app = express();
  app.post("/api/uploads/:kind", handleUpload);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("POST /api/uploads/:kind", () => {
  it("refuses an anonymous caller with 401 and a non-admin with 403", async () => {
    const bytes = await image("png");
    const anonymous = await upload("post-cover", { bytes, name: "cover.png" }, { cookie: "" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: expect.any(String) });
    const user = await upload("post-cover", { bytes, name: "cover.png" }, { cookie: userCookie });
    expect(user.status).toBe(403);
  });

  it.each(["png", "jpeg", "webp", "gif", "avif"] as const)(
    "stores a real %s image under posts/temp/ and returns its public URL",
    async (format) => {
      const bytes = await image(format);
      const response = await upload("post-cover", { bytes, name: `cover.${format}` });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { key: string; url: string; bucket: string };
      const ext = format === "jpeg" ? "jpg" : format;
      expect(body.key).toMatch(new RegExp(`^posts/temp/cover-\\d+\\.${ext}$`));
      expect(body.url).toBe(`/media/media/${body.key}`);
      expect(await storedBytes(body.key)).toEqual(bytes);
    },
  );

  it("keys a cover of an existing post under posts/{postId}/", async () => {
    const postId = crypto.randomUUID();
    const response = await upload("post-cover", { bytes: await image("png"), name: "c.png" }, { ownerId: postId });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { key: string }).key).toMatch(new RegExp(`^posts/${postId}/cover-\\d+\\.png$`));
  });

  // A name whose extension contradicts the bytes is refused (uploads-abuse.db.test.ts).
  it("judges by content: a PNG the browser calls a JPEG is stored as the PNG it is", async () => {
    const bytes = await image("png");
    const response = await upload("post-cover", { bytes, name: "photo", type: "image/jpeg" });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { key: string; contentType: string };
    expect(body.key).toMatch(/\.png$/);
    expect(body.contentType).toBe("image/png");
  });

  it("refuses an SVG (script-capable) even when it claims to be an image", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    const response = await upload("post-cover", { bytes: svg, name: "cover.svg", type: "image/svg+xml" });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: "Please select a JPEG, PNG, WebP, GIF or AVIF image" });
  });

  it("refuses a text file renamed .png", async () => {
    const response = await upload("post-cover", {
      bytes: Buffer.from("just some text, not an image at all"),
      name: "cover.png",
      type: "image/png",
    });
    expect(response.status).toBe(415);
  });

  it("refuses a file over 5 MB and keeps nothing of it", async () => {
    const png = await image("png");
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const before = storedFiles();
    const response = await upload("post-cover", { bytes: big, name: "huge.png" });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "File size must be less than 5MB" });
    await expect.poll(() => storedFiles()).toEqual(before);
  });

  it("also cuts off an oversize body that does not declare its length", async () => {
    const png = await image("png");
    const boundary = "----test-boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(head));
        controller.enqueue(new Uint8Array(png));
        for (let i = 0; i < 6; i++) controller.enqueue(new Uint8Array(chunk));
        controller.enqueue(new Uint8Array(tail));
        controller.close();
      },
    });
    const before = storedFiles();
    const response = await fetch(`${baseUrl}/api/uploads/post-cover`, {
      method: "POST",
      body,
      headers: { cookie: adminCookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    // The partial file is removed once the limit is hit.
    await expect.poll(() => storedFiles()).toEqual(before);
  });

  it("refuses an unknown kind and a malformed owner id", async () => {
    const bytes = await image("png");
    expect((await upload("avatar", { bytes, name: "a.png" })).status).toBe(404);
    expect((await upload("post-cover", { bytes, name: "a.png" }, { ownerId: "../../etc" })).status).toBe(400);
  });

  it("takes lesson videos by content into the course-videos bucket, under the lesson's course", async () => {
    const [course] = await database()
      .db.insert(courses)
      .values({ title: "Videos", slug: `videos-${crypto.randomUUID()}` })
      .returning();
    const [lesson] = await database()
      .db.insert(lessons)
      .values({ courseId: course.id, title: "Clip", slug: "clip", orderIndex: 1 })
      .returning();
    const lessonId = lesson.id;
    // The smallest valid-looking MP4: an ftyp box is what identifies the format.
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypmp42"),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from("mp42isom"),
      Buffer.alloc(64),
    ]);
    const response = await upload("lesson-video", { bytes: mp4, name: "Intro clip.mp4", type: "video/mp4" }, { ownerId: lessonId });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { key: string; bucket: string };
    expect(body.bucket).toBe("course-videos");
    expect(body.key).toMatch(new RegExp(`^${course.id}/\\d+-Intro-clip\\.mp4$`));
    const image404 = await upload("lesson-video", { bytes: await image("png"), name: "x.mp4" }, { ownerId: lessonId });
    expect(image404.status).toBe(415);
    expect(await image404.json()).toEqual({ error: "Please select a video file" });
  });
});
