// `npm run bench:transcode`: how long this machine takes to make a lesson video's HLS stream
// (docs/decisions/026), as seconds of transcoding per minute of source video. The source is made
// here by ffmpeg (a moving test pattern and a tone, H.264/AAC); BENCH_SOURCE_HEIGHT (720 or 1080)
// and BENCH_SOURCE_SECONDS (30) change it. The same code as the job, without storage or database.
// Asserts nothing; append the figure to bench/RESULTS.md by hand.
//   BENCH_SMOKE=1   a run that checks the command works (a 2-second source)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setConfig, parseConfig } from "../app/server/platform/config.server";
import { findFfmpeg } from "../app/server/video/ffmpeg.server";
import { makeStreamFiles } from "../app/server/video/transcode-lesson-video.server";
import { makeClip } from "../tests/support/video-clips";
import { benchSetting } from "./bench-support";

const HEIGHT = benchSetting("BENCH_SOURCE_HEIGHT", 720, 720);
const SECONDS = benchSetting("BENCH_SOURCE_SECONDS", 30, 2);

setConfig(parseConfig({ ...process.env, NODE_ENV: "production", DATA_DIR: os.tmpdir() }));
const ffmpeg = await findFfmpeg();
if (!ffmpeg.ok) throw new Error(ffmpeg.reason);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-transcode-"));
try {
  const width = Math.round((HEIGHT * 16) / 9 / 2) * 2;
  const source = await makeClip(path.join(work, "source.mp4"), { width, height: HEIGHT, seconds: SECONDS });
  const started = performance.now();
  const { renditions, info } = await makeStreamFiles({ ffmpeg: ffmpeg.path, source, outDir: path.join(work, "out") });
  const seconds = (performance.now() - started) / 1000;
  const perMinute = seconds / (info.durationSeconds / 60);
  console.log(
    `ffmpeg ${ffmpeg.version}, ${os.cpus().length} cores: a ${info.durationSeconds.toFixed(0)} s ${width}x${HEIGHT} source ` +
      `into ${renditions.map((height) => `${height}p`).join(" + ")} + poster in ${seconds.toFixed(1)} s ` +
      `= ${perMinute.toFixed(1)} s of transcoding per minute of source`,
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
