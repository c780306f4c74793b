import { variantOf } from "~/lib/image-variants";
import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { getConfig } from "./config.server";
import { UPLOADED_CONTENT_TYPES } from "~/lib/upload-kinds";

/**
 * `media` is public (/media/media/…); `course-videos` is served only to viewers allowed to open the
 * lesson; `private` is never served by URL: the app hands its files out after its own check (a
 * person's "Download my data" ZIP, docs/decisions/060).
 */
export const BUCKETS = ["media", "course-videos", "private"] as const;
export type Bucket = (typeof BUCKETS)[number];

export type StoredObject = { stream: Readable; size?: number; contentType?: string };
export type ListedObject = { key: string; size: number; lastModified: Date };

/** Bytes `start` to `end` of an object, both included (as in an HTTP Range header). */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded files live: local disk by default, any S3-compatible service when S3_BUCKET is
 * set. Both adapters pass one contract (storage.test.ts):
 * - `put` is all or nothing: a reader never sees a half-written object, and a failed or
 *   interrupted write leaves nothing under the key (local: a temporary file renamed into place;
 *   S3: an object exists only once its PUT, or its multipart upload, completes). Putting a key
 *   again replaces the object.
 * - `get` of a missing or unsafe key is `undefined`; `delete` of a missing key does nothing.
 * - `put` and `delete` refuse an unsafe key (see `isSafeKey`).
 * - The content type read back is the one given to `put` (local disk derives it from the key's
 *   extension, which the app always makes from the detected type).
 */
export interface Storage {
  put(bucket: Bucket, key: string, body: Readable, options: { contentType: string; cacheControl?: string }): Promise<{ size: number }>;
  /** The whole object, or with `range` only those bytes (`size` is then the range's length). */
  get(bucket: Bucket, key: string, options?: { range?: ByteRange }): Promise<StoredObject | undefined>;
  /** An object's size and type without reading it, or undefined when there is none. */
  stat(bucket: Bucket, key: string): Promise<{ size: number; contentType?: string } | undefined>;
  delete(bucket: Bucket, key: string): Promise<void>;
  /** The objects whose keys start with `prefix`, in no particular order (for sweeping stale uploads). */
  list(bucket: Bucket, prefix: string): AsyncIterable<ListedObject>;
  /**
   * Removes what writes cut off by a crash left behind, last touched before `olderThan`: the local
   * adapter's temporary files (SIGKILL or power loss skip its clean-up). S3 has none to remove: an
   * unfinished multipart upload is never an object, and the bucket's lifecycle rule aborts it.
   */
  removeAbandonedWrites?(olderThan: Date): Promise<string[]>;
  /**
   * S3 only: a URL the browser can GET the object from directly for `expiresInSeconds`, answered
   * with `cacheControl` (docs/decisions/045). Local disk has none: the app serves its files itself.
   */
  signedUrl?(bucket: Bucket, key: string, options: { expiresInSeconds: number; cacheControl: string }): Promise<string>;
}

export class UnsafeStorageKeyError extends Error {
  constructor(readonly key: string) {
    super("Invalid storage key");
    this.name = "UnsafeStorageKeyError";
  }
}

/** Public URL of a stored object: served by the app at /media/{bucket}/{key}. */
export function publicUrl(bucket: Bucket, key: string) {
  return `/media/${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/** The key behind a public URL of `bucket` (the inverse of `publicUrl`), or null for any other URL. */
export function keyFromPublicUrl(bucket: Bucket, url: string | null | undefined) {
  const prefix = `/media/${bucket}/`;
  if (!url?.startsWith(prefix)) return null;
  try {
    const key = url.slice(prefix.length).split("/").map(decodeURIComponent).join("/");
    return isSafeKey(key) ? key : null;
  } catch {
    return null;
  }
}

/** Names of the local adapter's in-progress writes; never listed, never served. */
const PARTIAL_SUFFIX = ".part";

/** Keys are made by the app, but a key read from a URL must never climb out of its bucket. */
export function isSafeKey(key: string) {
  return (
    key.length > 0 &&
    key.length < 512 &&
    !key.split("/").some((part) => part === "" || part === "." || part === "..") &&
    !key.includes("\\") &&
    !key.includes("\0") &&
    !key.endsWith(PARTIAL_SUFFIX)
  );
}

function assertSafeKey(key: string) {
  if (!isSafeKey(key)) throw new UnsafeStorageKeyError(key);
}

/** The content types the app stores, by the extension its keys end with: the uploads', and the demo's images. */
const CONTENT_TYPES: Record<string, string> = {
  ...UPLOADED_CONTENT_TYPES,
  jpeg: UPLOADED_CONTENT_TYPES.jpg!,
  svg: "image/svg+xml",
  // A lesson video's adaptive stream (docs/decisions/026).
  m3u8: "application/vnd.apple.mpegurl",
  ts: "video/mp2t",
};

export function contentTypeForKey(key: string) {
  return CONTENT_TYPES[path.extname(key).slice(1).toLowerCase()] ?? "application/octet-stream";
}

/** Counts the bytes that pass through. */
function byteCounter() {
  let size = 0;
  const counter = new PassThrough();
  counter.on("data", (chunk: Buffer) => (size += chunk.length));
  return { counter, size: () => size };
}

export function createLocalStorage(root: string): Storage {
  const fileOf = (bucket: Bucket, key: string) => {
    assertSafeKey(key);
    return path.join(root, bucket, ...key.split("/"));
  };
  return {
    async put(bucket, key, body) {
      const file = fileOf(bucket, key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Unique per write, so two writes of one key never share a temporary file; the rename is
      // atomic on one filesystem, so readers see the old object or the new one, never a part.
      const partial = `${file}.${crypto.randomBytes(6).toString("hex")}${PARTIAL_SUFFIX}`;
      const out = fs.createWriteStream(partial, { flags: "wx" });
      try {
        await pipeline(body, out);
        await fsp.rename(partial, file);
      } catch (error) {
        // A body that fails at once can reject the pipeline while the file is still being opened;
        // the file appears when the open completes, so wait for the stream to close before removing it.
        if (!out.closed) await once(out, "close").catch(() => {});
        await fsp.rm(partial, { force: true });
        throw error;
      }
      return { size: (await fsp.stat(file)).size };
    },
    async get(bucket, key, { range } = {}) {
      if (!isSafeKey(key)) return undefined;
      const file = fileOf(bucket, key);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      if (range)
        return {
          stream: fs.createReadStream(file, { start: range.start, end: range.end }),
          size: range.end - range.start + 1,
          contentType: contentTypeForKey(key),
        };
      return { stream: fs.createReadStream(file), size: stat.size, contentType: contentTypeForKey(key) };
    },
    async stat(bucket, key) {
      if (!isSafeKey(key)) return undefined;
      const stat = await fsp.stat(fileOf(bucket, key)).catch(() => undefined);
      return stat?.isFile() ? { size: stat.size } : undefined;
    },
    async delete(bucket, key) {
      await fsp.rm(fileOf(bucket, key), { force: true });
    },
    async *list(bucket, prefix) {
      const bucketDir = path.join(root, bucket);
      // Walk only the folder the prefix names; the rest of the prefix filters file names.
      const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      if (folder && !isSafeKey(folder)) return;
      const start = path.join(bucketDir, ...folder.split("/").filter(Boolean));
      const entries = await fsp.readdir(start, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(PARTIAL_SUFFIX)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(bucketDir, file).split(path.sep).join("/");
        if (!key.startsWith(prefix)) continue;
        const stat = await fsp.stat(file).catch(() => undefined);
        if (stat) yield { key, size: stat.size, lastModified: stat.mtime };
      }
    },
    async removeAbandonedWrites(olderThan) {
      const removed: string[] = [];
      for (const bucket of BUCKETS) {
        const entries = await fsp.readdir(path.join(root, bucket), { recursive: true, withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          if (!entry.isFile() || !entry.name.endsWith(PARTIAL_SUFFIX)) continue;
          const file = path.join(entry.parentPath, entry.name);
          // A write in progress touches its file with every chunk; only a dead one gets old.
          const stat = await fsp.stat(file).catch(() => undefined);
          if (!stat || stat.mtime >= olderThan) continue;
          await fsp.rm(file, { force: true });
          removed.push(path.relative(root, file).split(path.sep).join("/"));
        }
      }
      return removed;
    },
  };
}

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/** Every app bucket is a folder (`media/`, `course-videos/`) of the one S3 bucket. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const objectKey = (bucket: Bucket, key: string) => `${bucket}/${key}`;
  return {
    async put(bucket, key, body, { contentType, cacheControl }) {
      assertSafeKey(key);
      // The multipart helper streams without knowing the length in advance; the object appears
      // only when the upload completes, and a failed one is aborted (its parts removed).
      const { Upload } = await import("@aws-sdk/lib-storage");
      const { counter, size } = byteCounter();
      body.on("error", (error) => counter.destroy(error));
      body.pipe(counter);
      await new Upload({
        client,
        params: {
          Bucket: options.bucket,
          Key: objectKey(bucket, key),
          Body: counter,
          ContentType: contentType,
          CacheControl: cacheControl,
        },
      }).done();
      return { size: size() };
    },
    async get(bucket, key, { range } = {}) {
      if (!isSafeKey(key)) return undefined;
      try {
        const result = await client.send(
          new GetObjectCommand({
            Bucket: options.bucket,
            Key: objectKey(bucket, key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return { stream: result.Body as Readable, size: result.ContentLength, contentType: result.ContentType };
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return undefined;
        throw error;
      }
    },
    async stat(bucket, key) {
      if (!isSafeKey(key)) return undefined;
      try {
        const result = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
        return { size: result.ContentLength ?? 0, contentType: result.ContentType };
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === "NotFound" || name === "NoSuchKey") return undefined;
        throw error;
      }
    },
    async signedUrl(bucket, key, { expiresInSeconds, cacheControl }) {
      assertSafeKey(key);
      const { getSignedUrl } = await import("@aws-sdk/s3-request-presigner");
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key), ResponseCacheControl: cacheControl }),
        { expiresIn: expiresInSeconds },
      );
    },
    async delete(bucket, key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
    },
    async *list(bucket, prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: options.bucket, Prefix: objectKey(bucket, prefix), ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key.slice(bucket.length + 1), size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

/**
 * Deletes the objects under `prefix` last written before `olderThan` that `keep` does not
 * claim. For uploads that were never saved to a record (e.g. `courses/temp/` covers): `keep`
 * gets the candidates' keys and answers those a record still uses. Returns the keys deleted.
 */
export async function deleteStaleObjects({
  storage = getStorage(),
  bucket,
  prefix,
  olderThan,
  keep = async () => new Set<string>(),
}: {
  storage?: Storage;
  bucket: Bucket;
  prefix: string;
  olderThan: Date;
  keep?: (keys: string[]) => Promise<Set<string>>;
}) {
  const stale: string[] = [];
  for await (const object of storage.list(bucket, prefix)) if (object.lastModified < olderThan) stale.push(object.key);
  if (stale.length === 0) return [];
  // A cover's smaller copies (app/lib/image-variants.ts) stay while their original does.
  const originalOf = (key: string) => variantOf(key)?.original ?? key;
  const kept = await keep([...new Set(stale.map(originalOf))]);
  const deleted: string[] = [];
  for (const key of stale) {
    if (kept.has(originalOf(key))) continue;
    await storage.delete(bucket, key);
    deleted.push(key);
  }
  return deleted;
}

/**
 * How long a temporary file of an upload may go untouched before it counts as abandoned. An upload
 * writes with every chunk it receives, and Node ends a request after 5 minutes (requestTimeout).
 */
export const ABANDONED_WRITE_AGE_MS = 60 * 60 * 1000;

/**
 * Removes the temporary files of uploads a crash cut off (docs/operations.md, "After a crash"):
 * at start and with the hourly upload sweeps. They are never listed or served meanwhile.
 */
export async function sweepAbandonedWrites({
  storage = getStorage(),
  olderThan = new Date(Date.now() - ABANDONED_WRITE_AGE_MS),
}: { storage?: Storage; olderThan?: Date } = {}) {
  return (await storage.removeAbandonedWrites?.(olderThan)) ?? [];
}

let instance: Storage | undefined;

export function getStorage(): Storage {
  if (!instance) {
    const config = getConfig().storage;
    instance = config.kind === "s3" ? createS3Storage(config) : createLocalStorage(config.root);
  }
  return instance;
}

export function setStorage(storage: Storage | undefined) {
  instance = storage;
}
