// The load generator of `npm run bench:video`, a process of its own so it never shares a CPU
// thread with the server it measures. Simulated players, each as a browser plays a lesson's
// stream: the master playlist and a rendition's playlist with the learner's session (the answers
// set the stream credential, kept as a browser keeps it), then one segment every 4 s. Players are
// added in stages (`stages`, each the total number playing); each stage lasts `stageSeconds` and
// reports its segments' latencies. The ramp stops after the first stage whose p99 passes
// `p99LimitMs`, or whose failures pass 1%. Reads its job as JSON in argv[2], prints JSON on stdout.

import { performance } from "node:perf_hooks";

type Job = {
  base: string;
  lessonId: string;
  cookie: string;
  rendition: string;
  segments: number;
  stages: number[];
  stageSeconds: number;
  p99LimitMs: number;
};
type Stage = { viewers: number; segments: number; perSecond: number; p50: number; p99: number; failed: number; playlistP99: number };

const job = JSON.parse(process.argv[2] ?? "{}") as Job;
if (new URL(job.base).hostname !== "127.0.0.1") throw new Error("the benchmark talks to 127.0.0.1 only");

const SEGMENT_MS = 4000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
let running = true;
let segmentSamples: number[] = [];
let playlistSamples: number[] = [];
let failures = 0;

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

async function player() {
  let credential = "";
  const get = async (file: string) => {
    const started = performance.now();
    try {
      const response = await fetch(`${job.base}/api/lessons/${job.lessonId}/stream/${file}`, {
        headers: { cookie: credential ? `${job.cookie}; ${credential}` : job.cookie },
      });
      const renewed = response.headers.getSetCookie().find((value) => value.startsWith("lesson_stream="));
      if (renewed) credential = renewed.split(";")[0]!;
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
    } catch {
      failures++;
    }
    return performance.now() - started;
  };
  // Players do not all start at the same instant.
  await sleep(Math.random() * SEGMENT_MS);
  for (const file of ["master.m3u8", `${job.rendition}/index.m3u8`]) {
    if (!running) return;
    playlistSamples.push(await get(file));
  }
  let next = performance.now();
  for (let index = 0; running; index++) {
    segmentSamples.push(await get(`${job.rendition}/seg-${String(index % job.segments).padStart(4, "0")}.ts`));
    next += SEGMENT_MS;
    await sleep(next - performance.now());
  }
}

const stages: Stage[] = [];
const players: Promise<void>[] = [];
for (const viewers of job.stages) {
  while (players.length < viewers) players.push(player());
  // The first 4 s of a stage let the new players start; only the rest is measured.
  await sleep(SEGMENT_MS);
  segmentSamples = [];
  playlistSamples = [];
  failures = 0;
  const started = performance.now();
  await sleep(job.stageSeconds * 1000);
  const seconds = (performance.now() - started) / 1000;
  const samples = segmentSamples;
  const stage = {
    viewers,
    segments: samples.length,
    perSecond: samples.length / seconds,
    p50: Math.round(percentile(samples, 0.5)),
    p99: Math.round(percentile(samples, 0.99)),
    failed: failures,
    playlistP99: Math.round(percentile(playlistSamples, 0.99)),
  };
  stages.push(stage);
  process.stderr.write(`  ${viewers} players: ${stage.perSecond.toFixed(0)} segments/s, p50 ${stage.p50} ms, p99 ${stage.p99} ms, ${failures} failed\n`);
  if (stage.p99 > job.p99LimitMs || failures > samples.length / 100) break;
}
running = false;
await Promise.race([Promise.all(players), sleep(SEGMENT_MS * 2)]);
process.stdout.write(JSON.stringify(stages));
process.exit(0);
