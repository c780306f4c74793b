import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getConfig } from "./config.server";

export const BUCKETS = ["media", "course-videos"] as const;
export type Bucket = (typeof BUCKETS)[number];

export type StoredObject = { stream: Readable; size?: number; contentType?: string };

/** Bytes `start` to `end` of an object, both included (as in an HTTP Range header). */
export type ByteRange = { start: number; end: number };

/** Where uploaded files live: local disk by default, any S3-compatible service when S3_BUCKET is set. */
export interface Storage {
  put(bucket: Bucket, key: string, body: Readable, options: { contentType: string; cacheControl?: string }): Promise<{ size: number }>;
  /** The whole object, or with `range` only those bytes (`size` is then the range's length). */
  get(bucket: Bucket, key: string, options?: { range?: ByteRange }): Promise<StoredObject | undefined>;
  /** An object's size and type without reading it, or undefined when there is none. */
  stat(bucket: Bucket, key: string): Promise<{ size: number; contentType?: string } | undefined>;
  delete(bucket: Bucket, key: string): Promise<void>;
}

/** Public URL of a stored object: served by the app at /media/{bucket}/{key}. */
export function publicUrl(bucket: Bucket, key: string) {
  return `/media/${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/** Keys are made by the app, but a key read from a URL must never climb out of its bucket. */
export function isSafeKey(key: string) {
  return key.length > 0 && key.length < 512 && !key.split("/").some((part) => part === "" || part === "." || part === "..") && !key.includes("\\") && !key.includes("\0");
}

export function createLocalStorage(root: string): Storage {
  const fileOf = (bucket: Bucket, key: string) => {
    if (!isSafeKey(key)) throw new Error("Invalid storage key");
    return path.join(root, bucket, ...key.split("/"));
  };
  return {
    async put(bucket, key, body) {
      const file = fileOf(bucket, key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.part`;
      try {
        await pipeline(body, fs.createWriteStream(partial));
        await fsp.rename(partial, file);
      } catch (error) {
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
      if (range) return { stream: fs.createReadStream(file, { start: range.start, end: range.end }), size: range.end - range.start + 1 };
      return { stream: fs.createReadStream(file), size: stat.size };
    },
    async stat(bucket, key) {
      if (!isSafeKey(key)) return undefined;
      const stat = await fsp.stat(fileOf(bucket, key)).catch(() => undefined);
      return stat?.isFile() ? { size: stat.size } : undefined;
    },
    async delete(bucket, key) {
      await fsp.rm(fileOf(bucket, key), { force: true });
    },
  };
}

export function createS3Storage(options: { bucket: string; region: string; endpoint?: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean }): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const objectKey = (bucket: Bucket, key: string) => `${bucket}/${key}`;
  return {
    async put(bucket, key, body, { contentType, cacheControl }) {
      // The multipart helper streams without knowing the length in advance.
      const { Upload } = await import("@aws-sdk/lib-storage");
      let size = 0;
      body.on("data", (chunk: Buffer) => (size += chunk.length));
      await new Upload({ client, params: { Bucket: options.bucket, Key: objectKey(bucket, key), Body: body, ContentType: contentType, CacheControl: cacheControl } }).done();
      return { size };
    },
    async get(bucket, key, { range } = {}) {
      if (!isSafeKey(key)) return undefined;
      try {
        const result = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
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
    async delete(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
    },
  };
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
