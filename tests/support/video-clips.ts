import { ffmpegCandidate, runFfmpeg } from "~/server/video/ffmpeg.server";

/**
 * A short test clip made by ffmpeg (a test pattern and a tone, H.264/AAC in MP4) into `file`:
 * tiny and low-resolution by default so transcoding it in a test costs well under a second.
 */
export async function makeClip(file: string, { width = 320, height = 180, seconds = 6, audio = true } = {}) {
  // Read from the environment, not the app's configuration: browser tests call this too.
  const candidate = ffmpegCandidate({ configured: process.env.FFMPEG_PATH || undefined });
  if (!("path" in candidate)) throw new Error(candidate.reason);
  await runFfmpeg(candidate.path, [
    "-y",
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=${width}x${height}:rate=15:duration=${seconds}`,
    ...(audio ? ["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`, "-c:a", "aac", "-b:a", "48k"] : []),
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-movflags",
    "+faststart",
    "-shortest",
    file,
  ]);
  return file;
}
