import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { and, eq } from "drizzle-orm";
import type { VideoStreamStatus } from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { db } from "~/server/db/client.server";
import { lessons, lessonVideoStreams } from "~/server/db/schema";
import type { JobContext } from "~/server/jobs/queue.server";
import { logger } from "~/server/platform/logger.server";
import { contentTypeForKey, getStorage } from "~/server/platform/storage.server";
import { FfmpegExitError, findFfmpeg, runFfmpeg } from "./ffmpeg.server";
import {
  checkMediaPlaylist,
  ffmpegInputFormat,
  inputArgs,
  ladderFor,
  masterPlaylist,
  parseSourceInfo,
  posterArgs,
  renditionArgs,
  sourceRefusal,
  type SourceInfo,
} from "./hls.server";
import { removeStreamFiles, updateStreamState } from "./lesson-streams.server";

/**
 * The transcoding job (queue `transcode-video`, docs/decisions/026). For one lesson's upload it
 * makes the HLS ladder (one ffmpeg pass per rendition: a single pass with -var_stream_map crashes
 * the packaged ffmpeg 4.1), a poster, checks every rendition, stores the files under a new prefix,
 * and only then marks the stream ready and fills in the lesson's duration. The original upload
 * stays: it plays until the stream is ready, and it is what a retry starts from.
 */

/** A failure that another attempt would repeat (a file ffmpeg cannot read, no ffmpeg): the stream fails at once, with this reason. */
export class TranscodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TranscodeError";
  }
}

async function probe(ffmpeg: string, source: string, inputFormat: string): Promise<SourceInfo> {
  // `ffmpeg -i file` with no output always exits 1; what it printed about the input is the answer.
  const output = await runFfmpeg(ffmpeg, [...inputArgs(inputFormat), "-i", source]).then(
    ({ stderr }) => stderr,
    (error: unknown) => {
      if (error instanceof FfmpegExitError) return error.stderr;
      throw error;
    },
  );
  const info = parseSourceInfo(output);
  if (!info) throw new TranscodeError("The file has no video ffmpeg can read");
  // Refused before any encoding: a long or huge source would hold the one transcode slot for hours.
  const refusal = sourceRefusal(info);
  if (refusal) throw new TranscodeError(refusal);
  return info;
}

/** Progress as a whole percentage, written at most every second (and only when it moved). */
function progressWriter(lessonId: string, sourcePath: string) {
  let last = { at: 0, percent: -1 };
  let pending: Promise<unknown> = Promise.resolve();
  const write = (fraction: number) => {
    const percent = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
    if (percent === last.percent || Date.now() - last.at < 1000) return;
    last = { at: Date.now(), percent };
    // One write at a time, and none left running once the job moves on (settled).
    pending = pending.then(() => updateStreamState(db(), { lessonId, sourcePath, progress: percent })).catch(() => {});
  };
  return { write, settled: () => pending };
}

async function encode({
  ffmpeg,
  source,
  inputFormat,
  info,
  outDir,
  onProgress,
}: {
  ffmpeg: string;
  source: string;
  inputFormat: string;
  info: SourceInfo;
  outDir: string;
  onProgress: (fraction: number) => void;
}) {
  const ladder = ladderFor(info.height);
  const made = [];
  for (const [index, rendition] of ladder.entries()) {
    const folder = path.join(outDir, rendition.name);
    await fsp.mkdir(folder, { recursive: true });
    await runFfmpeg(ffmpeg, renditionArgs({ source, inputFormat, rendition, folder, hasAudio: info.hasAudio }), {
      onProgress: (seconds) => onProgress((index + Math.min(1, seconds / Math.max(info.durationSeconds, 0.1))) / ladder.length),
    }).catch((error: Error) => {
      throw new TranscodeError(`ffmpeg could not make the ${rendition.name} rendition: ${error.message}`);
    });
    const playlist = checkPlaylist(await fsp.readFile(path.join(folder, "index.m3u8"), "utf8"), info.durationSeconds, rendition.name);
    let peakBitsPerSecond = 0;
    for (const segment of playlist.segments) {
      const { size } = await fsp.stat(path.join(folder, segment)).catch(() => ({ size: 0 }));
      if (size === 0) throw new TranscodeError(`The ${rendition.name} rendition is missing ${segment}`);
      peakBitsPerSecond = Math.max(peakBitsPerSecond, (size * 8) / Math.max(playlist.totalSeconds / playlist.segments.length, 0.5));
    }
    const width = Math.max(2, Math.round((info.width * rendition.height) / info.height / 2) * 2);
    made.push({ name: rendition.name, width, height: rendition.height, bandwidth: peakBitsPerSecond, hasAudio: info.hasAudio });
  }
  await fsp.writeFile(path.join(outDir, "master.m3u8"), masterPlaylist(made));
  await runFfmpeg(ffmpeg, posterArgs({ source, inputFormat, output: path.join(outDir, "poster.jpg"), durationSeconds: info.durationSeconds })).catch(
    (error: Error) => {
      throw new TranscodeError(`ffmpeg could not make the poster: ${error.message}`);
    },
  );
  return made.map((rendition) => rendition.height);
}

function checkPlaylist(text: string, durationSeconds: number, name: string) {
  try {
    return checkMediaPlaylist(text, durationSeconds);
  } catch (error) {
    throw new TranscodeError(`The ${name} rendition failed its check: ${(error as Error).message}`);
  }
}

async function storeFolder(outDir: string, prefix: string) {
  const storage = getStorage();
  const entries = await fsp.readdir(outDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = `${prefix}/${path.relative(outDir, file).split(path.sep).join("/")}`;
    await storage.put("course-videos", key, fs.createReadStream(file), { contentType: contentTypeForKey(key) });
  }
}

/** Marks the stream ready and fills the lesson's duration, if the lesson still plays this upload. False when it moved on. */
async function finish({
  lessonId,
  sourcePath,
  prefix,
  renditions,
  durationSeconds,
}: {
  lessonId: string;
  sourcePath: string;
  prefix: string;
  renditions: number[];
  durationSeconds: number;
}) {
  return db().transaction(async (tx) => {
    const [lesson] = await tx.select({ sourcePath: lessons.videoStoragePath }).from(lessons).where(eq(lessons.id, lessonId)).for("update");
    if (lesson?.sourcePath !== sourcePath) return false;
    const updated = await tx
      .update(lessonVideoStreams)
      .set({
        status: "ready" satisfies VideoStreamStatus,
        progress: 100,
        error: null,
        hlsPrefix: prefix,
        renditions,
        durationSeconds,
        updatedAt: new Date(),
      })
      .where(and(eq(lessonVideoStreams.lessonId, lessonId), eq(lessonVideoStreams.sourcePath, sourcePath)))
      .returning({ lessonId: lessonVideoStreams.lessonId });
    if (updated.length === 0) return false;
    await tx.update(lessons).set({ durationSeconds, updatedAt: new Date() }).where(eq(lessons.id, lessonId));
    return true;
  });
}

/** Claims the stream for this attempt (processing, 0 %), or null when the lesson no longer plays this upload. */
async function claim(lessonId: string, sourcePath: string) {
  const [lesson] = await db()
    .select({ courseId: lessons.courseId, sourcePath: lessons.videoStoragePath })
    .from(lessons)
    .where(eq(lessons.id, lessonId));
  if (!lesson || lesson.sourcePath !== sourcePath) return null;
  const claimed = await updateStreamState(db(), { lessonId, sourcePath, status: "processing", progress: 0, error: null });
  return claimed ? lesson.courseId : null;
}

/**
 * The stream's files for a source video on disk, into `outDir`: master.m3u8, poster.jpg and one
 * folder per rendition, each checked. The job stores them; the benchmark (bench/transcode.ts) times it.
 */
export async function makeStreamFiles({
  ffmpeg,
  source,
  outDir,
  onProgress = () => {},
}: {
  ffmpeg: string;
  source: string;
  outDir: string;
  onProgress?: (fraction: number) => void;
}) {
  // The source is named after the stored upload, whose extension the upload check matched to its bytes.
  const inputFormat = ffmpegInputFormat(source);
  if (!inputFormat) throw new TranscodeError(`${path.basename(source)} is not an MP4, MOV or WebM file`);
  const info = await probe(ffmpeg, source, inputFormat);
  const renditions = await encode({ ffmpeg, source, inputFormat, info, outDir, onProgress });
  return { info, renditions };
}

/** Each transcode works in a folder of its own under the system's temporary folder, removed when it ends. */
const WORK_DIR_PREFIX = "lesson-transcode-";
/** Past the transcode job's expiry (2 hours, queue.server.ts): no attempt still works in a folder this old. */
export const ABANDONED_TRANSCODE_AGE_MS = 3 * 60 * 60 * 1000;

/**
 * Removes the work folders of transcodes a crash cut off (SIGKILL skips the `finally` that removes
 * them): a copy of the source video and the renditions made so far. With the hourly upload sweeps,
 * in the worker processes that transcode. Returns the folders' paths.
 */
export async function sweepAbandonedTranscodes({
  olderThan = new Date(Date.now() - ABANDONED_TRANSCODE_AGE_MS),
  tmpDir = os.tmpdir(),
}: { olderThan?: Date; tmpDir?: string } = {}) {
  const removed: string[] = [];
  const entries = await fsp.readdir(tmpDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(WORK_DIR_PREFIX)) continue;
    const dir = path.join(tmpDir, entry.name);
    const stat = await fsp.stat(dir).catch(() => undefined);
    if (!stat || stat.mtime >= olderThan) continue;
    await fsp.rm(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

export async function transcodeLessonVideo(data: Record<string, unknown>, job?: Pick<JobContext, "isLastAttempt">) {
  const lessonId = String(data.lessonId ?? "");
  const sourcePath = String(data.sourcePath ?? "");
  if (!isUuid(lessonId) || !sourcePath) return;
  const courseId = await claim(lessonId, sourcePath);
  if (!courseId) return; // replaced or deleted since it was queued: nothing to do

  const prefix = `${courseId}/hls/${lessonId}-${Date.now().toString(36)}`;
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), WORK_DIR_PREFIX));
  let stored = false;
  try {
    const ffmpeg = await findFfmpeg();
    if (!ffmpeg.ok) throw new TranscodeError(`No working ffmpeg: ${ffmpeg.reason}`);
    const object = await getStorage().get("course-videos", sourcePath);
    if (!object) throw new TranscodeError("The uploaded file is missing from storage");
    const source = path.join(work, `source${path.extname(sourcePath)}`);
    await pipeline(object.stream, fs.createWriteStream(source));

    const outDir = path.join(work, "out");
    const progress = progressWriter(lessonId, sourcePath);
    const { info, renditions } = await makeStreamFiles({ ffmpeg: ffmpeg.path, source, outDir, onProgress: progress.write }).finally(
      progress.settled,
    );
    stored = true;
    await storeFolder(outDir, prefix);
    const durationSeconds = Math.max(1, Math.round(info.durationSeconds));
    if (!(await finish({ lessonId, sourcePath, prefix, renditions, durationSeconds }))) await removeStreamFiles([prefix]);
    logger.info({ lessonId, renditions, durationSeconds }, "lesson video stream ready");
  } catch (error) {
    if (stored) await removeStreamFiles([prefix]);
    const permanent = error instanceof TranscodeError;
    const reason = error instanceof Error ? error.message : String(error);
    // A passing failure (storage, database) is retried by the queue; its last attempt, or one that
    // would fail again, leaves the stream failed with the reason, for the builder's Retry.
    if (permanent || job?.isLastAttempt !== false) {
      await updateStreamState(db(), { lessonId, sourcePath, status: "failed", error: reason.slice(0, 500) });
      logger.warn({ lessonId, reason }, "lesson video transcoding failed");
      if (permanent) return;
    } else {
      await updateStreamState(db(), { lessonId, sourcePath, status: "queued", error: reason.slice(0, 500) });
    }
    throw error;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}
