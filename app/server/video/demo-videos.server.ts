import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { LessonType, VideoProvider } from "~/lib/domain-values";
import { db } from "~/server/db/client.server";
import { lessons } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { contentTypeForKey, getStorage } from "~/server/platform/storage.server";
import { findFfmpeg, runFfmpeg } from "./ffmpeg.server";
import { queueLessonTranscode } from "./lesson-streams.server";

/**
 * The demo school's free-preview video lessons play offline (docs/decisions/026): after the demo
 * content is seeded, each gets a short video made here by ffmpeg (a title card with the lesson's
 * title and a tone), stored and saved as the lesson's upload, and queued for transcoding like any
 * upload. Runs in the background of the first start; without a working ffmpeg the lessons keep
 * their YouTube links.
 */

const SECONDS = 6;

/** A title card: the title on the brand's dark indigo, over a quiet tone; the text is left out when no font is found. */
async function makeTitleCard(ffmpeg: string, title: string, output: string, work: string) {
  const textFile = path.join(work, "title.txt");
  await fsp.writeFile(textFile, title.length > 48 ? `${title.slice(0, 47)}…` : title);
  const base = [
    "-y",
    "-f",
    "lavfi",
    "-i",
    `color=c=0x1e1b4b:s=640x360:d=${SECONDS}:r=25`,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=440:duration=${SECONDS}`,
  ];
  const encode = [
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-b:a",
    "96k",
    "-af",
    "volume=0.2",
    "-shortest",
    output,
  ];
  const text = `drawtext=textfile=${textFile}:fontcolor=white:fontsize=30:x=(w-text_w)/2:y=(h-text_h)/2`;
  await runFfmpeg(ffmpeg, [...base, "-vf", text, ...encode]).catch(() => runFfmpeg(ffmpeg, [...base, ...encode]));
}

/** Gives every free-preview video lesson that still links to another host a made-up video of its own. Returns how many. */
export async function makeDemoVideos() {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg.ok) return 0;
  const previews = await db()
    .select({ id: lessons.id, courseId: lessons.courseId, title: lessons.title, slug: lessons.slug })
    .from(lessons)
    .where(
      and(
        eq(lessons.isPreview, true),
        eq(lessons.type, "video" satisfies LessonType),
        eq(lessons.videoProvider, "youtube" satisfies VideoProvider),
      ),
    );
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), "demo-videos-"));
  let made = 0;
  try {
    for (const lesson of previews) {
      const file = path.join(work, `${lesson.slug}.mp4`);
      await makeTitleCard(ffmpeg.path, lesson.title, file, work);
      const key = `${lesson.courseId}/${Date.now()}-demo-${lesson.slug}.mp4`;
      await getStorage().put("course-videos", key, fs.createReadStream(file), { contentType: contentTypeForKey(key) });
      await db().transaction(async (tx) => {
        await tx
          .update(lessons)
          .set({ videoProvider: "upload" satisfies VideoProvider, videoStoragePath: key, updatedAt: new Date() })
          .where(eq(lessons.id, lesson.id));
        await queueLessonTranscode(tx, { lessonId: lesson.id, sourcePath: key });
      });
      made++;
    }
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
  logger.info({ count: made }, "demo preview videos made");
  return made;
}
