import { storeImageVariants } from "~/server/image-variants.server";
import { PassThrough, Readable } from "node:stream";
import busboy from "busboy";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { fileTypeFromBuffer } from "file-type";
import { isAdminRole } from "~/lib/roles";
import { isUploadKindName, UPLOAD_KINDS, type UploadKindName, type UploadKindRules } from "~/lib/upload-kinds";
import { isUuid } from "~/lib/uuid";
import { readSessionUser } from "../auth/session.server";
import { findLessonCourseId } from "../curriculum/lesson-videos.server";
import { LessonNotFoundError } from "../curriculum/curriculum-errors.server";
import { addLessonFile, findLessonFilePrefix, LessonFileLimitError } from "../curriculum/lesson-files.server";
import { logger } from "./logger.server";
import { getStorage, publicUrl, type Bucket } from "./storage.server";
import { containsMarkup, decodesAsImage, extensionContradicts, markupScanner, unsafeFilename, UploadContentError } from "./upload-inspection.server";

/**
 * Streaming uploads for the admin: POST /api/uploads/:kind (multipart, one field "file"),
 * optional ?ownerId=<uuid of the post, course or bundle>, or for a lesson video the lesson's id (required). The file's type is read from its first
 * bytes, never from its name or the browser's claim; the size is capped while streaming.
 * Answers JSON: { url, key, bucket } or { error }.
 */

/** file-type needs this many bytes to recognise every format it knows. */
const SNIFF_BYTES = 4100;

/** Where each kind is stored; its types, limit and messages are the shared table's (app/lib/upload-kinds.ts). */
type UploadStorage = {
  bucket: Bucket;
  keyFor: (args: { ownerId: string | null; ext: string; filename: string; now: number }) => string;
  /**
   * The owner the key is made from, looked up on the server from the one the client names
   * (a lesson's video is filed under the lesson's course). Null refuses the upload with 404.
   */
  resolveOwner?: (ownerId: string | null) => Promise<string | null>;
  cacheControl?: string;
  /** Images are read whole (they are small) and must decode; larger kinds, and a kind's other types, are scanned as they stream. */
  decodeAsImage?: boolean;
  /**
   * Writes the stored file's row (a lesson's download): its answer goes back as `file`. When it
   * throws, the stored file is deleted and the upload refused with `refusal`'s status and message,
   * so nothing is half-saved.
   */
  record?: (stored: { ownerParam: string | null; key: string; size: number; contentType: string; filename: string }) => Promise<unknown>;
  refusal?: (error: unknown) => { status: number; message: string } | null;
};

type UploadKind = UploadKindRules & UploadStorage;

/** Every kind of upload the admin makes; a new one is a row here and one in app/lib/upload-kinds.ts. */
const UPLOAD_STORAGE: Record<UploadKindName, UploadStorage> = {
  "post-cover": {
    bucket: "media",
    decodeAsImage: true,
    keyFor: ({ ownerId, ext, now }) => `posts/${ownerId ?? "temp"}/cover-${now}.${ext}`,
  },
  "course-cover": {
    bucket: "media",
    decodeAsImage: true,
    keyFor: ({ ownerId, ext, now }) => `courses/${ownerId ?? "temp"}/cover-${now}.${ext}`,
  },
  // A bundle's cover (docs/decisions/071): kept where it lands, swept once no row shows it, like a post's.
  "bundle-cover": {
    bucket: "media",
    decodeAsImage: true,
    keyFor: ({ ownerId, ext, now }) => `bundles/${ownerId ?? "temp"}/cover-${now}.${ext}`,
  },
  "site-logo": {
    bucket: "media",
    decodeAsImage: true,
    keyFor: ({ ext, now }) => `site/logo-${now}.${ext}`,
  },
  "page-image": {
    bucket: "media",
    decodeAsImage: true,
    keyFor: ({ ext, now }) => `pages/image-${now}.${ext}`,
  },
  "site-favicon": {
    bucket: "media",
    decodeAsImage: true,
    keyFor: ({ ext, now }) => `site/favicon-${now}.${ext}`,
  },
  "lesson-video": {
    bucket: "course-videos",
    // {courseId}/{timestamp}-{file}: the course of the lesson named by ownerId (docs/decisions/010).
    keyFor: ({ ownerId, filename, now }) => `${ownerId}/${now}-${filename}`,
    resolveOwner: async (lessonId) => (lessonId ? findLessonCourseId({ lessonId }) : null),
    cacheControl: "max-age=3600",
  },
  "lesson-file": {
    bucket: "course-videos",
    decodeAsImage: true,
    // {courseId}/files/{lessonId}/{timestamp}-{file}: the lesson named by ownerId (issue 38).
    keyFor: ({ ownerId, filename, now }) => `${ownerId}/${now}-${filename}`,
    resolveOwner: async (lessonId) => (lessonId ? findLessonFilePrefix({ lessonId }) : null),
    record: ({ ownerParam, key, size, contentType, filename }) =>
      addLessonFile({ lessonId: ownerParam ?? "", storageKey: key, filename, contentType, sizeBytes: size }),
    refusal: (error) =>
      error instanceof LessonFileLimitError
        ? { status: 409, message: error.message }
        : error instanceof LessonNotFoundError
          ? { status: 404, message: "Lesson not found" }
          : null,
  },
};

/** The kind named in the URL, or undefined for one that does not exist. */
export function findUploadKind(name: string): UploadKind | undefined {
  return isUploadKindName(name) ? { ...UPLOAD_KINDS[name], ...UPLOAD_STORAGE[name] } : undefined;
}

class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/** A client file name reduced to something safe inside a storage key. */
function safeFilename(name: string, ext: string) {
  const base = name
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);
  return `${base || "file"}.${ext}`;
}

function webHeaders(req: ExpressRequest) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return headers;
}

/**
 * Reads the first bytes of a stream and hands back a stream that yields the whole file again.
 * (Not `for await … break`: leaving the iterator early destroys the stream.)
 */
function sniff(file: Readable): Promise<{ head: Buffer; rest: PassThrough }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (ended: boolean) => {
      file.pause();
      file.off("data", onData);
      file.off("end", onEnd);
      file.off("error", reject);
      const head = Buffer.concat(chunks);
      const rest = new PassThrough();
      rest.write(head);
      if (ended) rest.end();
      else file.pipe(rest);
      resolve({ head, rest });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= SNIFF_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    file.on("data", onData);
    file.once("end", onEnd);
    file.once("error", reject);
  });
}

export const INVALID_FILENAME = "The file name is not allowed";
export const EXTENSION_MISMATCH = "The file's extension does not match its content";

/**
 * The file's bytes as they go to storage, refused (UploadContentError) when they are also a
 * document: an image is read whole, scanned and decoded first; a video is scanned as it streams.
 */
async function inspectedBody(kind: UploadKind, rest: PassThrough, mime: string): Promise<Readable> {
  if (kind.decodeAsImage && mime.startsWith("image/")) {
    const chunks: Buffer[] = [];
    for await (const chunk of rest) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    if (containsMarkup(bytes) || !(await decodesAsImage(bytes))) throw new UploadError(415, kind.messages.type);
    return Readable.from([bytes]);
  }
  const scanner = markupScanner();
  rest.on("error", (error) => scanner.destroy(error));
  // Markup can be found before storage starts reading; storage's pipeline still sees the error
  // (the stream stays errored), this listener only keeps it from being "unhandled" meanwhile.
  scanner.on("error", () => {});
  return rest.pipe(scanner);
}

function receiveFile(req: ExpressRequest, kind: UploadKind, ownerId: string | null) {
  return new Promise<{ key: string; size: number; contentType: string; filename: string }>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, preservePath: true, defParamCharset: "utf8", limits: { files: 1, fileSize: kind.maxBytes, fields: 5, parts: 6 } });
    } catch {
      reject(new UploadError(400, "Send the file as multipart/form-data"));
      return;
    }
    let handled = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // Drain what the client still sends so it can read our answer.
      req.resume();
      reject(error);
    };

    parser.on("file", (field, stream, info) => {
      if (field !== "file" || handled) {
        stream.resume();
        return;
      }
      handled = true;
      if (unsafeFilename(info.filename ?? "")) {
        stream.resume();
        fail(new UploadError(400, INVALID_FILENAME));
        return;
      }
      let tooLarge = false;
      let rest: PassThrough | undefined;
      stream.on("limit", () => {
        tooLarge = true;
        stream.unpipe();
        rest?.destroy(new UploadError(413, kind.messages.size));
        fail(new UploadError(413, kind.messages.size));
      });
      (async () => {
        const sniffed = await sniff(stream);
        rest = sniffed.rest;
        if (tooLarge) throw new UploadError(413, kind.messages.size);
        const detected = await fileTypeFromBuffer(sniffed.head);
        const ext = detected ? kind.types[detected.mime] : undefined;
        if (!detected || !ext) {
          stream.unpipe();
          stream.resume();
          throw new UploadError(415, kind.messages.type);
        }
        if (extensionContradicts(info.filename ?? "", detected.mime)) {
          stream.unpipe();
          stream.resume();
          throw new UploadError(415, EXTENSION_MISMATCH);
        }
        const key = kind.keyFor({ ownerId, ext, filename: safeFilename(info.filename ?? "", ext), now: Date.now() });
        const body = await inspectedBody(kind, sniffed.rest, detected.mime);
        const { size } = await getStorage()
          .put(kind.bucket, key, body, { contentType: detected.mime, cacheControl: kind.cacheControl })
          .catch((error: unknown) => {
            if (error instanceof UploadContentError) throw new UploadError(415, kind.messages.type);
            throw error;
          });
        if (tooLarge) {
          await getStorage()
            .delete(kind.bucket, key)
            .catch(() => {});
          throw new UploadError(413, kind.messages.size);
        }
        return { key, size, contentType: detected.mime, filename: info.filename ?? "" };
      })().then((stored) => {
        if (settled) {
          // The request failed after all (e.g. too large): the stored object must not stay.
          void getStorage()
            .delete(kind.bucket, stored.key)
            .catch(() => {});
          return;
        }
        settled = true;
        resolve(stored);
      }, fail);
    });
    parser.on("error", (error) => fail(new UploadError(400, (error as Error).message || "Malformed upload")));
    parser.on("close", () => {
      if (!handled) fail(new UploadError(400, "No file was sent"));
    });
    req.on("aborted", () => fail(new UploadError(400, "The upload was interrupted")));
    req.pipe(parser);
  });
}

/** Express handler for POST /api/uploads/:kind; checks the admin session itself. */
export async function handleUpload(req: ExpressRequest, res: ExpressResponse) {
  res.setHeader("Cache-Control", "no-store");
  const kind = findUploadKind(String(req.params.kind));
  try {
    const user = await readSessionUser(new Request("http://uploads.local/", { headers: webHeaders(req) }));
    if (!user) throw new UploadError(401, "Sign in to upload files");
    if (!isAdminRole(user.role)) throw new UploadError(403, "You need admin privileges to upload files");
    if (!kind) throw new UploadError(404, "Unknown upload kind");
    const ownerParam = typeof req.query.ownerId === "string" && req.query.ownerId !== "" ? req.query.ownerId : null;
    if (ownerParam !== null && !isUuid(ownerParam)) throw new UploadError(400, "Invalid owner id");
    const ownerId = kind.resolveOwner ? await kind.resolveOwner(ownerParam) : ownerParam;
    if (kind.resolveOwner && !ownerId) throw new UploadError(404, "Lesson not found");

    // Refuse early when the body alone is already over the limit (the multipart envelope is small).
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > kind.maxBytes + 64 * 1024) throw new UploadError(413, kind.messages.size);

    const stored = await receiveFile(req, kind, ownerId);
    let file: unknown;
    if (kind.record) {
      try {
        file = await kind.record({ ownerParam, ...stored });
      } catch (error) {
        await getStorage()
          .delete(kind.bucket, stored.key)
          .catch(() => {});
        const refused = kind.refusal?.(error);
        if (refused) throw new UploadError(refused.status, refused.message);
        throw error;
      }
    }
    // A cover's smaller WebP copies (app/lib/image-variants.ts), made before the page shows it.
    await storeImageVariants(kind.bucket, stored.key);
    req.log?.info({ kind: req.params.kind, key: stored.key, size: stored.size, user: user.id }, "file uploaded");
    res
      .status(201)
      .json({
        bucket: kind.bucket,
        key: stored.key,
        // Lesson videos have no public URL (they play through /api/lessons/:id/video).
        url: kind.bucket === "media" ? publicUrl(kind.bucket, stored.key) : null,
        contentType: stored.contentType,
        size: stored.size,
        ...(kind.record ? { file } : {}),
      });
  } catch (error) {
    // Whatever the client still sends is read and dropped, so it gets to read this answer.
    if (!req.complete) req.resume();
    if (error instanceof UploadError) {
      (req.log ?? logger).warn({ kind: req.params.kind, status: error.status, reason: error.message }, "upload refused");
      res.status(error.status).json({ error: error.message });
      return;
    }
    (req.log ?? logger).error({ err: error, kind: req.params.kind }, "upload failed");
    res.status(500).json({ error: "Failed to upload the file" });
  }
}
