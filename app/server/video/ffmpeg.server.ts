import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { getConfig } from "~/server/platform/config.server";
import { logger } from "~/server/platform/logger.server";

/**
 * The ffmpeg that transcodes lesson videos (docs/decisions/026): FFMPEG_PATH when set, otherwise
 * the static binary that the npm package @ffmpeg-installer/ffmpeg ships for this platform (no
 * download from anywhere else; a 2018 build). It must encode H.264 (libx264) and AAC. Without one,
 * lessons play the uploaded file as it is, and the log says why once per process. Its version is
 * logged at start, with a warning when it is older than 5.0: production should point FFMPEG_PATH
 * at a maintained build (README, "Lesson videos").
 */

/** ffmpeg ran and failed; `stderr` has what it printed (the end of it, for long runs). */
export class FfmpegExitError extends Error {
  constructor(
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`ffmpeg exited with code ${code}: ${stderr.trim().split("\n").slice(-3).join(" ").slice(0, 400)}`);
    this.name = "FfmpegExitError";
  }
}

export type Ffmpeg = { ok: true; path: string; version: string; olderThanFive: boolean | null } | { ok: false; reason: string };

/**
 * What `ffmpeg -version` says of the build: its version ("5.1.6-0+deb12u1", "n6.1", or a git
 * build "N-47683-g0e8eb07980-static"), and whether it is older than 5.0. A release number answers
 * that; a git build is dated by its copyright line (5.0 came out in January 2022); null when
 * neither says.
 */
export function parseFfmpegVersion(output: string): { version: string; olderThanFive: boolean | null } {
  const version = /^ffmpeg version (\S+)/m.exec(output)?.[1] ?? "unknown";
  const release = /^n?(\d+)\.(\d+)/.exec(version);
  if (release) return { version, olderThanFive: Number(release[1]) < 5 };
  const year = /Copyright \(c\) \d{4}-(\d{4})/.exec(output)?.[1];
  return { version, olderThanFive: year ? Number(year) < 2022 : null };
}

let checked: Promise<Ffmpeg> | undefined;

/** Where ffmpeg should be: FFMPEG_PATH, or the installer package's binary; a reason when neither. */
export function ffmpegCandidate({ configured = getConfig().ffmpegPath }: { configured?: string } = {}):
  { path: string } | { reason: string } {
  if (configured) return { path: configured };
  try {
    const installer = createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string };
    return { path: installer.path };
  } catch (error) {
    return { reason: `@ffmpeg-installer/ffmpeg has no binary here (${String(error instanceof Error ? error.message : error)})` };
  }
}

/** Runs `ffmpeg args`, collecting its output; rejects with the tail of stderr when it fails to start or exits non-zero. */
export function runFfmpeg(
  binary: string,
  args: string[],
  { onProgress, signal }: { onProgress?: (seconds: number) => void; signal?: AbortSignal } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["-hide_banner", "-nostdin", ...args], { stdio: ["ignore", "pipe", "pipe"], signal });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (!onProgress) return;
      // `-progress pipe:1` writes key=value lines; out_time_us is how far the output has got.
      for (const match of chunk.matchAll(/out_time_us=(\d+)/g)) onProgress(Number(match[1]) / 1_000_000);
      if (stdout.length > 64_000) stdout = stdout.slice(-16_000);
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-64_000);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) return resolve({ stdout, stderr });
      reject(new FfmpegExitError(code, stderr));
    });
  });
}

async function check(): Promise<Ffmpeg> {
  const candidate = ffmpegCandidate();
  if ("reason" in candidate) return { ok: false, reason: candidate.reason };
  try {
    const { stdout } = await runFfmpeg(candidate.path, ["-version"]);
    const { version, olderThanFive } = parseFfmpegVersion(stdout);
    const { stdout: encoders } = await runFfmpeg(candidate.path, ["-encoders"]);
    if (!/\blibx264\b/.test(encoders)) return { ok: false, reason: `${candidate.path} cannot encode H.264 (no libx264)` };
    if (!/\baac\b/.test(encoders)) return { ok: false, reason: `${candidate.path} cannot encode AAC` };
    return { ok: true, path: candidate.path, version, olderThanFive };
  } catch (error) {
    return { ok: false, reason: `${candidate.path} does not run (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** The working ffmpeg, checked once per process; logs once why there is none. */
export function findFfmpeg(): Promise<Ffmpeg> {
  checked ??= check().then((result) => {
    if (!result.ok) {
      logger.warn({ reason: result.reason }, "no working ffmpeg: uploaded lessons play their original file, not adaptive streams");
      return result;
    }
    logger.info({ ffmpeg: result.path, version: result.version }, "ffmpeg found for lesson video streams");
    if (result.olderThanFive) {
      logger.warn(
        { ffmpeg: result.path, version: result.version },
        "this ffmpeg is older than 5.0 and gets no security fixes: set FFMPEG_PATH to a maintained one (e.g. Debian's ffmpeg package)",
      );
    }
    return result;
  });
  return checked;
}

/** Forgets the checked ffmpeg (tests that change FFMPEG_PATH). */
export function resetFfmpeg() {
  checked = undefined;
}
