import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { findLessonAccess } from "../access/lesson-access.server";
import { readSessionUser } from "../auth/session.server";
import { getStorage } from "../platform/storage.server";
import { findLessonFileForDownload } from "./lesson-files.server";

/**
 * GET /api/lessons/:lessonId/files/:fileId: one of a lesson's downloadable files (issue 38), for
 * exactly the viewers the lesson's access rule lets open the lesson, asked on every request. Never
 * kept by the page cache (not a public page) nor by a shared cache (`private, no-store`), so a
 * revoked learner's next download is refused. Sent as an attachment, typed as stored, not sniffed.
 */

const NO_STORE = "private, no-store";

function refuse(res: ExpressResponse, status: number, message: string) {
  res.status(status).setHeader("Cache-Control", NO_STORE);
  res.type("text/plain").send(message);
}

/** `attachment` with the file's name: an ASCII fallback and the exact name (RFC 6266, RFC 8187). */
export function attachmentDisposition(filename: string) {
  const ascii = filename.normalize("NFKD").replace(/[^\x20-\x7e]/g, "").replace(/["\\]/g, "").trim() || "download";
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export async function serveLessonFile(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  try {
    const found = await findLessonFileForDownload({ lessonId: String(req.params.lessonId), fileId: String(req.params.fileId) });
    if (!found) return refuse(res, 404, "This file is not there.");
    const cookie = req.headers.cookie;
    const user = await readSessionUser(new Request("http://files.local/", { headers: cookie ? { cookie } : {} }));
    const access = await findLessonAccess({ user, lesson: found.lesson, course: found.course });
    if (!access.allowed) {
      // A draft course's files are not there for anyone but admins.
      if (access.reason === "draft") return refuse(res, 404, "This file is not there.");
      if (access.reason === "sign-in") return refuse(res, 401, "Sign in to download this lesson's files.");
      if (access.reason === "drip") return refuse(res, 403, "This lesson has not opened yet.");
      return refuse(res, 403, "Enrol in this course to download this lesson's files.");
    }
    const object = await getStorage().get("course-videos", found.file.storageKey);
    if (!object) return refuse(res, 404, "This file is not there.");
    res.status(200);
    res.setHeader("Cache-Control", NO_STORE);
    res.setHeader("Content-Type", found.file.contentType);
    res.setHeader("Content-Disposition", attachmentDisposition(found.file.filename));
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (object.size !== undefined) res.setHeader("Content-Length", object.size);
    if (req.method === "HEAD") {
      object.stream.destroy();
      return res.end();
    }
    object.stream.on("error", next).pipe(res);
  } catch (error) {
    next(error);
  }
}
