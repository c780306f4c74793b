import { createHash } from "node:crypto";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { findLessonAccess } from "../access/lesson-access.server";
import { readSessionUser } from "../auth/session.server";
import { findLessonForPlayback } from "../curriculum/lesson-videos.server";
import { contentTypeForKey, getStorage, type ByteRange } from "../platform/storage.server";

/**
 * GET /api/lessons/:lessonId/video: an uploaded lesson video, for viewers allowed to open the
 * lesson (access/lesson-access.server.ts), with HTTP range requests so players can seek and
 * browsers can stream. Uploaded videos have no public URL: /media/course-videos/… answers 404.
 */

/**
 * Kept by the browser but asked again before every use (`no-cache`), so the access check runs on
 * every play and a revoke takes effect on the next one; an unchanged file answers 304 with no bytes.
 */
export const VIDEO_CACHE_CONTROL = "private, no-cache";

/** Stored video keys are never reused for other bytes (a new upload gets a new key), so key and size identify them. */
export function videoEtag(key: string, size: number) {
  return `"${createHash("sha256").update(key).digest("base64url").slice(0, 22)}-${size.toString(36)}"`;
}

/**
 * The byte range a Range header asks for within `size` bytes: a range, "unsatisfiable" (answer
 * 416), or null to send the whole file (no header, a header we do not serve such as several
 * ranges, or one we cannot read: RFC 9110 lets a server ignore Range).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    // The last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}

function webHeaders(req: ExpressRequest) {
  const headers = new Headers();
  const cookie = req.headers.cookie;
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

function refuse(res: ExpressResponse, status: number, message: string) {
  res.status(status).setHeader("Cache-Control", "no-store");
  res.type("text/plain").send(message);
}

/**
 * The lesson of `req.params.lessonId` with its uploaded video's key, when the request's viewer may
 * watch it (the one access rule, asked on every request); otherwise the refusal is sent and the
 * answer is null. Used by the original file's route and by every piece of its stream.
 */
export async function authorizeLessonVideo(req: ExpressRequest, res: ExpressResponse) {
  const found = await findLessonForPlayback({ lessonId: String(req.params.lessonId) });
  const key = found?.lesson.videoProvider === "upload" ? found.lesson.videoStoragePath : null;
  if (!found || !key) {
    refuseMissing(res);
    return null;
  }

  const user = await readSessionUser(new Request("http://video.local/", { headers: webHeaders(req) }));
  const access = await findLessonAccess({ user, lesson: found.lesson, course: found.course });
  if (!access.allowed) {
    // A draft course's lessons are not there for anyone but admins.
    if (access.reason === "draft") refuse(res, 404, "This lesson has no uploaded video.");
    else if (access.reason === "sign-in") refuse(res, 401, "Sign in to watch this lesson.");
    else if (access.reason === "drip") refuse(res, 403, "This lesson has not opened yet.");
    else refuse(res, 403, "Enrol in this course to watch this lesson.");
    return null;
  }
  return { lesson: found.lesson, key, userId: user?.id ?? null };
}

export function refuseMissing(res: ExpressResponse) {
  refuse(res, 404, "This lesson has no uploaded video.");
}

export async function serveLessonVideo(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  try {
    const found = await authorizeLessonVideo(req, res);
    if (!found) return;
    const { key } = found;

    const storage = getStorage();
    const stat = await storage.stat("course-videos", key);
    if (!stat) {
      req.log?.warn({ lessonId: found.lesson.id, key }, "lesson video missing from storage");
      return refuse(res, 404, "This lesson has no uploaded video.");
    }
    res.setHeader("Accept-Ranges", "bytes");
    res.setHeader("Cache-Control", VIDEO_CACHE_CONTROL);
    const etag = videoEtag(key, stat.size);
    res.setHeader("ETag", etag);
    if (req.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === etag)) return res.status(304).end();
    res.type(stat.contentType ?? contentTypeForKey(key));

    const range = parseRange(req.headers.range, stat.size);
    if (range === "unsatisfiable") {
      res.status(416).setHeader("Content-Range", `bytes */${stat.size}`);
      return res.end();
    }
    if (range) {
      res.status(206).setHeader("Content-Range", `bytes ${range.start}-${range.end}/${stat.size}`);
      res.setHeader("Content-Length", range.end - range.start + 1);
    } else {
      res.status(200).setHeader("Content-Length", stat.size);
    }
    if (req.method === "HEAD") return res.end();
    const object = await storage.get("course-videos", key, range ? { range } : undefined);
    if (!object) return refuse(res, 404, "This lesson has no uploaded video.");
    object.stream.on("error", next).pipe(res);
  } catch (error) {
    next(error);
  }
}
