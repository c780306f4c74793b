import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ABANDONED_WRITE_AGE_MS,
  createLocalStorage,
  createS3Storage,
  deleteStaleObjects,
  keyFromPublicUrl,
  publicUrl,
  sweepAbandonedWrites,
  type Storage,
} from "./storage.server";

/**
 * One contract, two adapters: local disk, and S3 against s3rver (a fake S3 server on
 * 127.0.0.1, started here). Each test uses keys of its own.
 */

const S3_BUCKET = "launchpad-test";
let s3rver: S3rver;
let s3: Storage;
let local: Storage;
let localRoot = "";
let counter = 0;
const newKey = (ext = "png") => `contract/${process.pid}-${++counter}/object-${counter}.${ext}`;

async function text(storage: Storage, key: string) {
  const object = await storage.get("media", key);
  if (!object) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function listed(storage: Storage, prefix: string) {
  const keys: string[] = [];
  for await (const object of storage.list("media", prefix)) keys.push(object.key);
  return keys.toSorted();
}

/** A body that sends some bytes and then fails, as a client that disconnects mid-upload. */
function brokenBody() {
  let sent = false;
  return new Readable({
    read() {
      if (sent) {
        this.destroy(new Error("client went away"));
        return;
      }
      sent = true;
      this.push(Buffer.alloc(64 * 1024, 1));
    },
  });
}

beforeAll(async () => {
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), "storage-local-"));
  local = createLocalStorage(localRoot);
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-s3rver-"));
  s3rver = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: S3_BUCKET }] });
  const { port } = await s3rver.run();
  s3 = createS3Storage({
    bucket: S3_BUCKET,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
});

afterAll(async () => {
  await s3rver?.close();
});

describe.each([
  ["local disk", () => local],
  ["S3", () => s3],
])("the %s storage", (_name, storage) => {
  it("puts an object and gets back its bytes, size and content type", async () => {
    const key = newKey("png");
    const result = await storage().put("media", key, Readable.from([Buffer.from("hello "), Buffer.from("world")]), {
      contentType: "image/png",
    });
    expect(result).toEqual({ size: 11 });
    const object = await storage().get("media", key);
    expect(object).toMatchObject({ size: 11, contentType: "image/png" });
    object?.stream.destroy();
    expect(await text(storage(), key)).toBe("hello world");
  });

  it("keeps the buckets apart", async () => {
    const key = newKey("mp4");
    await storage().put("course-videos", key, Readable.from([Buffer.from("video")]), { contentType: "video/mp4" });
    expect(await storage().get("media", key)).toBeUndefined();
    const object = await storage().get("course-videos", key);
    expect(object).toMatchObject({ size: 5, contentType: "video/mp4" });
    object?.stream.destroy();
  });

  it("answers undefined for a missing key, and deleting one is not an error", async () => {
    const key = newKey();
    expect(await storage().get("media", key)).toBeUndefined();
    await expect(storage().delete("media", key)).resolves.toBeUndefined();
  });

  it("deletes an object", async () => {
    const key = newKey();
    await storage().put("media", key, Readable.from([Buffer.from("bye")]), { contentType: "image/png" });
    await storage().delete("media", key);
    expect(await storage().get("media", key)).toBeUndefined();
  });

  it("replaces an object put again under the same key", async () => {
    const key = newKey();
    await storage().put("media", key, Readable.from([Buffer.from("first version, longer")]), { contentType: "image/png" });
    const { size } = await storage().put("media", key, Readable.from([Buffer.from("second")]), { contentType: "image/png" });
    expect(size).toBe(6);
    expect(await text(storage(), key)).toBe("second");
  });

  it.each(["../escape.png", "a/../../escape.png", "/absolute.png", "a//b.png", "a\\b.png", "", "x.png.part", "nul\0.png"])(
    "refuses the unsafe key %j: get finds nothing, put and delete throw",
    async (key) => {
      expect(await storage().get("media", key)).toBeUndefined();
      await expect(storage().put("media", key, Readable.from([Buffer.from("x")]), { contentType: "image/png" })).rejects.toThrow(
        "Invalid storage key",
      );
      await expect(storage().delete("media", key)).rejects.toThrow("Invalid storage key");
    },
  );

  it("leaves nothing under the key, and the old object intact, when a write fails halfway", async () => {
    const fresh = newKey();
    await expect(storage().put("media", fresh, brokenBody(), { contentType: "image/png" })).rejects.toThrow();
    expect(await storage().get("media", fresh)).toBeUndefined();

    const existing = newKey();
    await storage().put("media", existing, Readable.from([Buffer.from("keep me")]), { contentType: "image/png" });
    await expect(storage().put("media", existing, brokenBody(), { contentType: "image/png" })).rejects.toThrow();
    expect(await text(storage(), existing)).toBe("keep me");
    expect(await listed(storage(), existing.slice(0, existing.lastIndexOf("/") + 1))).toEqual([existing]);
  });

  it("lists the objects under a prefix with their size and time", async () => {
    const folder = `list/${process.pid}-${++counter}`;
    await storage().put("media", `${folder}/temp/a.png`, Readable.from([Buffer.from("aa")]), { contentType: "image/png" });
    await storage().put("media", `${folder}/temp/b.png`, Readable.from([Buffer.from("bbb")]), { contentType: "image/png" });
    await storage().put("media", `${folder}/kept/c.png`, Readable.from([Buffer.from("c")]), { contentType: "image/png" });
    await storage().put("course-videos", `${folder}/temp/v.mp4`, Readable.from([Buffer.from("v")]), { contentType: "video/mp4" });

    const objects: { key: string; size: number; lastModified: Date }[] = [];
    for await (const object of storage().list("media", `${folder}/temp/`)) objects.push(object);
    expect(objects.toSorted((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: `${folder}/temp/a.png`, size: 2, lastModified: expect.any(Date) },
      { key: `${folder}/temp/b.png`, size: 3, lastModified: expect.any(Date) },
    ]);
    expect(Math.abs(objects[0].lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await listed(storage(), `${folder}/`)).toEqual([`${folder}/kept/c.png`, `${folder}/temp/a.png`, `${folder}/temp/b.png`]);
    expect(await listed(storage(), `${folder}/nothing/`)).toEqual([]);
  });

  it("deletes stale objects under a prefix, except those a record still uses", async () => {
    const folder = `sweep/${process.pid}-${++counter}/temp/`;
    for (const name of ["orphan.png", "in-use.png"])
      await storage().put("media", `${folder}${name}`, Readable.from([Buffer.from(name)]), { contentType: "image/png" });

    // Written just now: not stale yet.
    expect(
      await deleteStaleObjects({ storage: storage(), bucket: "media", prefix: folder, olderThan: new Date(Date.now() - 60_000) }),
    ).toEqual([]);

    const deleted = await deleteStaleObjects({
      storage: storage(),
      bucket: "media",
      prefix: folder,
      olderThan: new Date(Date.now() + 60_000),
      keep: async (keys) => new Set(keys.filter((key) => key.endsWith("in-use.png"))),
    });
    expect(deleted).toEqual([`${folder}orphan.png`]);
    expect(await listed(storage(), folder)).toEqual([`${folder}in-use.png`]);
  });
});

describe("the local disk storage's files", () => {
  it("leaves no temporary file behind, after a write that worked or one that failed", async () => {
    const key = newKey();
    await local.put("media", key, Readable.from([Buffer.from("ok")]), { contentType: "image/png" });
    await expect(local.put("media", newKey(), brokenBody(), { contentType: "image/png" })).rejects.toThrow();
    const files = fs.readdirSync(path.join(localRoot, "media"), { recursive: true }).map(String);
    expect(files.filter((name) => name.endsWith(".part"))).toEqual([]);
  });

  it("never lists or serves a write still in progress", async () => {
    const key = newKey();
    const file = path.join(localRoot, "media", ...key.split("/"));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.abc123.part`, "half");
    expect(await listed(local, key.slice(0, key.lastIndexOf("/") + 1))).toEqual([]);
    expect(await local.get("media", `${key}.abc123.part`)).toBeUndefined();
  });

  it("sweeps the temporary files of writes a crash abandoned, and only those untouched for an hour", async () => {
    const [abandoned, inProgress, stored] = [newKey(), newKey(), newKey()];
    await local.put("course-videos", stored, Readable.from([Buffer.from("whole")]), { contentType: "video/mp4" });
    const fileOf = (key: string) => path.join(localRoot, "course-videos", ...key.split("/"));
    for (const key of [abandoned, inProgress]) {
      fs.mkdirSync(path.dirname(fileOf(key)), { recursive: true });
      fs.writeFileSync(`${fileOf(key)}.0a1b2c.part`, "half");
    }
    const longAgo = new Date(Date.now() - ABANDONED_WRITE_AGE_MS - 60_000);
    fs.utimesSync(`${fileOf(abandoned)}.0a1b2c.part`, longAgo, longAgo);
    fs.utimesSync(fileOf(stored), longAgo, longAgo);

    expect(await sweepAbandonedWrites({ storage: local })).toEqual([`course-videos/${abandoned}.0a1b2c.part`]);
    expect(fs.existsSync(`${fileOf(abandoned)}.0a1b2c.part`)).toBe(false);
    expect(fs.existsSync(`${fileOf(inProgress)}.0a1b2c.part`)).toBe(true);
    expect((await local.get("course-videos", stored))?.size).toBe(5);
    // S3 keeps no temporary objects: nothing to sweep.
    expect(await sweepAbandonedWrites({ storage: s3 })).toEqual([]);
  });
});

describe("public URLs", () => {
  it("turn a key into /media/{bucket}/{key} and back", () => {
    const key = "courses/temp/cover 1.png";
    const url = publicUrl("media", key);
    expect(url).toBe("/media/media/courses/temp/cover%201.png");
    expect(keyFromPublicUrl("media", url)).toBe(key);
    expect(keyFromPublicUrl("course-videos", url)).toBeNull();
    expect(keyFromPublicUrl("media", "/images/demo/courses/shopify-101.webp")).toBeNull();
    expect(keyFromPublicUrl("media", "/media/media/a/../../etc/passwd")).toBeNull();
    expect(keyFromPublicUrl("media", "/media/media/%E0%A4%A")).toBeNull();
  });
});
