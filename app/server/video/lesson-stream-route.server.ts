import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { authorizeLessonVideo, refuseMissing, VIDEO_CACHE_CONTROL, videoEtag } from "~/server/video/lesson-video.server";
import { contentTypeForKey, getStorage } from "~/server/platform/storage.server";
import { STREAM_FILE } from "./hls.server";
import { findReadyStream } from "./lesson-streams.server";
import { grantStreamAccess, readStreamAccess, STREAM_ACCESS_SECONDS, type StreamAccess } from "./stream-access.server";

/**
 * GET /api/lessons/:lessonId/stream/{file}: a piece of a lesson's adaptive stream (the master
 * playlist, a rendition's playlist, a segment, the poster), and GET /api/lessons/:lessonId/captions.vtt.
 * A playlist always asks the one access rule (decision 014) and, when allowed, hands the browser a
 * short-lived credential for the lesson (stream-access.server.ts, decision 045); a segment, the
 * poster or the captions are served on that credential alone, without a database query, and ask
 * the access rule only when the request has no good one (a poster shown before the first
 * playlist, or a credential that expired: the answer renews it). So a revoked learner is refused
 * at the next playlist and, at the latest, when their credential expires. Pieces are kept
 * privately by the browser and revalidated before each use.
 */

/** The request's good credential, or the access rule's answer (which renews the credential); null once refused. */
async function streamAccess(req: ExpressRequest, res: ExpressResponse, { askRule }: { askRule: boolean }) {
  if (!askRule) {
    const access = readStreamAccess(req);
    if (access) return access;
  }
  const allowed = await authorizeLessonVideo(req, res);
  if (!allowed) return null;
  const stream = await findReadyStream({ lessonId: allowed.lesson.id });
  const access: Omit<StreamAccess, "expiresAt"> = {
    userId: allowed.userId,
    hlsPrefix: stream?.hlsPrefix ?? null,
    captionsPath: allowed.lesson.captionsPath,
  };
  grantStreamAccess(req, res, access);
  return { ...access, expiresAt: Math.floor(Date.now() / 1000) + STREAM_ACCESS_SECONDS };
}

export async function serveLessonCaptions(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  try {
    const access = await streamAccess(req, res, { askRule: false });
    if (!access) return;
    const key = access.captionsPath;
    const object = key ? await getStorage().get("course-videos", key) : undefined;
    if (!key || !object) return refuseMissing(res);
    res.setHeader("Cache-Control", VIDEO_CACHE_CONTROL);
    res.type("text/vtt; charset=utf-8");
    object.stream.on("error", next).pipe(res);
  } catch (error) {
    next(error);
  }
}

export async function serveLessonStream(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  try {
    const raw = req.params.file as unknown;
    const file = Array.isArray(raw) ? raw.join("/") : String(raw ?? "");
    if (!STREAM_FILE.test(file)) return refuseMissing(res);
    const access = await streamAccess(req, res, { askRule: file.endsWith(".m3u8") });
    if (!access) return;
    if (!access.hlsPrefix) return refuseMissing(res);

    const key = `${access.hlsPrefix}/${file}`;
    const storage = getStorage();
    if (file.endsWith(".ts") && storage.signedUrl) {
      // S3: the browser fetches the segment from the bucket, by a URL that expires with the credential.
      const seconds = Math.max(1, Math.min(STREAM_ACCESS_SECONDS, access.expiresAt - Math.floor(Date.now() / 1000)));
      res.setHeader("Cache-Control", VIDEO_CACHE_CONTROL);
      return res.redirect(302, await storage.signedUrl("course-videos", key, { expiresInSeconds: seconds, cacheControl: VIDEO_CACHE_CONTROL }));
    }
    const stat = await storage.stat("course-videos", key);
    if (!stat) return refuseMissing(res);
    res.setHeader("Cache-Control", VIDEO_CACHE_CONTROL);
    const etag = videoEtag(key, stat.size);
    res.setHeader("ETag", etag);
    if (req.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === etag)) return res.status(304).end();
    res.type(contentTypeForKey(key));
    res.status(200).setHeader("Content-Length", stat.size);
    if (req.method === "HEAD") return res.end();
    const object = await storage.get("course-videos", key);
    if (!object) return refuseMissing(res);
    object.stream.on("error", next).pipe(res);
  } catch (error) {
    next(error);
  }
}
