/**
 * The pure half of transcoding (docs/decisions/026): what ffmpeg says about a source, the ladder
 * made from it, the master playlist, and the check of each rendition's playlist before a stream
 * is declared ready.
 */

/** Segment length in seconds (keyframes every 2 s, so every segment is exactly this long). */
export const SEGMENT_SECONDS = 4;

export type SourceInfo = { durationSeconds: number; width: number; height: number; hasAudio: boolean };

/** What `ffmpeg -i source` prints about the file, or null when it found no video stream. */
export function parseSourceInfo(ffmpegOutput: string): SourceInfo | null {
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(ffmpegOutput);
  const video = /Stream #\d+:\d+.*?: Video: .*?(\d{2,5})x(\d{2,5})/.exec(ffmpegOutput);
  if (!video) return null;
  let width = Number(video[1]);
  let height = Number(video[2]);
  // A phone's portrait video is stored landscape with a rotation that ffmpeg applies when encoding.
  if (/rotate\s*:\s*-?(90|270)\b/.test(ffmpegOutput)) [width, height] = [height, width];
  return {
    durationSeconds: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : 0,
    width,
    height,
    hasAudio: /Stream #\d+:\d+.*?: Audio: /.test(ffmpegOutput),
  };
}

/**
 * The ffmpeg demuxer for a stored upload, by the extension the upload check matched to the file's
 * bytes (an extension naming another format is refused at upload): ffmpeg is told the format
 * instead of guessing it from the content, so a file cannot make it read an HLS playlist, a concat
 * list or an image sequence. Null for anything else.
 */
export function ffmpegInputFormat(fileName: string): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === "mp4" || extension === "m4v") return "mp4";
  if (extension === "mov" || extension === "qt") return "mov";
  if (extension === "webm") return "matroska,webm";
  return null;
}

/** What goes before `-i` for an upload: only local files, in the pinned format. */
export const inputArgs = (format: string) => ["-protocol_whitelist", "file", "-f", format];

/** The largest source transcoded: four hours, and 4K (3840×2160, either way round). */
export const SOURCE_LIMITS = { durationSeconds: 4 * 60 * 60, pixels: 3840 * 2160, side: 4096 } as const;

/** Why a probed source is refused before encoding (shown in the builder as the failed transcode's reason), or null. */
export function sourceRefusal(info: SourceInfo): string | null {
  if (info.durationSeconds > SOURCE_LIMITS.durationSeconds) {
    return `The video lasts ${Math.round(info.durationSeconds / 60)} minutes; the longest that is transcoded is ${SOURCE_LIMITS.durationSeconds / 3600} hours`;
  }
  if (info.width * info.height > SOURCE_LIMITS.pixels || Math.max(info.width, info.height) > SOURCE_LIMITS.side) {
    return `The video is ${info.width}×${info.height}; the largest that is transcoded is 3840×2160 (4K)`;
  }
  return null;
}

export type Rendition = { name: string; height: number; videoKbps: number };

const RUNGS = [
  { height: 360, videoKbps: 800 },
  { height: 720, videoKbps: 2800 },
  { height: 1080, videoKbps: 5000 },
];

/**
 * The renditions for a source `height` pixels tall: 360p always, 720p when the source is taller than
 * 360, 1080p when it has 1080 lines. No rendition is taller than the source (a small clip's "360p"
 * keeps its own height): upscaling only costs bytes.
 */
export function ladderFor(height: number): Rendition[] {
  const even = (value: number) => Math.max(2, Math.floor(value / 2) * 2);
  return RUNGS.filter((rung) => rung.height === 360 || (rung.height === 720 ? height > 360 : height >= rung.height)).map((rung) => {
    const made = even(Math.min(rung.height, height));
    return { name: `${made}p`, height: made, videoKbps: rung.videoKbps };
  });
}

/** ffmpeg's arguments for one rendition: H.264 + AAC in MPEG-TS segments of SEGMENT_SECONDS, a VOD playlist. */
export function renditionArgs({
  source,
  inputFormat,
  rendition,
  folder,
  hasAudio,
}: {
  source: string;
  inputFormat: string;
  rendition: Rendition;
  folder: string;
  hasAudio: boolean;
}) {
  const kbps = rendition.videoKbps;
  return [
    "-y",
    ...inputArgs(inputFormat),
    "-i",
    source,
    "-map",
    "0:v:0",
    ...(hasAudio ? ["-map", "0:a:0", "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-ar", "48000"] : []),
    "-vf",
    `scale=-2:${rendition.height}`,
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-profile:v",
    "main",
    "-pix_fmt",
    "yuv420p",
    "-b:v",
    `${kbps}k`,
    "-maxrate",
    `${Math.round(kbps * 1.1)}k`,
    "-bufsize",
    `${kbps * 2}k`,
    "-force_key_frames",
    "expr:gte(t,n_forced*2)",
    "-sc_threshold",
    "0",
    "-f",
    "hls",
    "-hls_time",
    String(SEGMENT_SECONDS),
    "-hls_playlist_type",
    "vod",
    "-hls_segment_filename",
    `${folder}/seg-%04d.ts`,
    "-progress",
    "pipe:1",
    `${folder}/index.m3u8`,
  ];
}

/** A frame a second in (or halfway through a shorter clip), no taller than 720 lines. */
export function posterArgs({
  source,
  inputFormat,
  output,
  durationSeconds,
}: {
  source: string;
  inputFormat: string;
  output: string;
  durationSeconds: number;
}) {
  const at = Math.min(1, durationSeconds / 2).toFixed(2);
  return ["-y", "-ss", at, ...inputArgs(inputFormat), "-i", source, "-frames:v", "1", "-vf", "scale=-2:'min(720,ih)'", "-q:v", "4", output];
}

export type CheckedPlaylist = { segments: string[]; totalSeconds: number };

/**
 * A rendition's playlist is complete: it ends (#EXT-X-ENDLIST), lists segments named as ffmpeg was
 * told, and they add up to the source's duration (within a segment's length). Throws why not.
 */
export function checkMediaPlaylist(text: string, durationSeconds: number): CheckedPlaylist {
  if (!text.startsWith("#EXTM3U") || !text.includes("#EXT-X-ENDLIST")) throw new Error("a rendition's playlist is incomplete");
  const segments: string[] = [];
  let totalSeconds = 0;
  for (const line of text.split("\n").map((value) => value.trim())) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) totalSeconds += Number(extinf[1]);
    else if (line && !line.startsWith("#")) {
      if (!/^seg-\d{4,6}\.ts$/.test(line)) throw new Error(`a rendition's playlist names an unexpected file (${line.slice(0, 40)})`);
      segments.push(line);
    }
  }
  if (segments.length === 0) throw new Error("a rendition has no segments");
  if (durationSeconds > 0 && Math.abs(totalSeconds - durationSeconds) > SEGMENT_SECONDS) {
    throw new Error(`a rendition lasts ${totalSeconds.toFixed(1)} s of the source's ${durationSeconds.toFixed(1)} s`);
  }
  return { segments, totalSeconds };
}

/** The master playlist: each rendition with its measured peak bandwidth and size, lowest first. */
export function masterPlaylist(renditions: { name: string; width: number; height: number; bandwidth: number; hasAudio: boolean }[]) {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const rendition of renditions) {
    const codecs = rendition.hasAudio ? "avc1.4d401f,mp4a.40.2" : "avc1.4d401f";
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.max(1, Math.round(rendition.bandwidth))},RESOLUTION=${rendition.width}x${rendition.height},CODECS="${codecs}",NAME="${rendition.name}"`,
      `${rendition.name}/index.m3u8`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** The files of a stream a browser may ask for, relative to its prefix. Anything else is a 404. */
export const STREAM_FILE = /^(?:master\.m3u8|poster\.jpg|\d{2,4}p\/(?:index\.m3u8|seg-\d{4,6}\.ts))$/;
