import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { authorizeLessonVideo, refuseMissing, VIDEO_CACHE_CONTROL, videoEtag } from "~/server/video/lesson-video.server";
import { contentTypeForKey, getStorage } from "~/server/platform/storage.server";
import { STREAM_FILE } from "./hls.server";
import { findReadyStream } from "./lesson-streams.server";

/**
 * GET /api/lessons/:lessonId/stream/{file}: a piece of a lesson's adaptive stream (the master
 * playlist, a rendition's playlist, a segment, the poster). Every request asks the one access rule
 * (decision 014), as the original file's route does, so a learner whose access is revoked stops at
 * the next segment. Pieces are kept privately by the browser and revalidated before each use.
 */
/** GET /api/lessons/:lessonId/captions.vtt: the lesson's WebVTT captions, for the same viewers as its video. */
export async function serveLessonCaptions(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  try {
    const allowed = await authorizeLessonVideo(req, res);
    if (!allowed) return;
    const key = allowed.lesson.captionsPath;
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
    const allowed = await authorizeLessonVideo(req, res);
    if (!allowed) return;
    const stream = await findReadyStream({ lessonId: allowed.lesson.id });
    if (!stream) return refuseMissing(res);

    const key = `${stream.hlsPrefix}/${file}`;
    const storage = getStorage();
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
