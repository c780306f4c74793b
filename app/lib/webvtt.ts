/**
 * Lesson captions are WebVTT files the owner uploads (docs/decisions/026). The builder and the
 * server check them with this before anything is stored; the messages are what the owner sees.
 */

export const CAPTIONS_MAX_BYTES = 512 * 1024;

export const CAPTIONS_MESSAGES = {
  missing: "Choose a WebVTT captions file (.vtt)",
  size: "Captions files must be smaller than 512 KB",
  encoding: "The captions file must be UTF-8 text",
  header: "This is not a WebVTT file: its first line must be WEBVTT",
  empty: "The captions file has no captions",
  uploaded: "Captions uploaded",
  removed: "Captions removed",
  failed: "Failed to save the captions",
} as const;

const TIMESTAMP = String.raw`(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const TIMING = new RegExp(String.raw`^${TIMESTAMP}[ \t]+-->[ \t]+${TIMESTAMP}(?:[ \t].*)?$`);

function seconds(hours: string | undefined, minutes: string, secs: string, millis: string) {
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}

/**
 * Why `bytes` is not a usable WebVTT file (the message to show), or null when it is: UTF-8, the
 * WEBVTT header, at least one cue, and every cue timing well-formed with its end after its start.
 */
export function webVttProblem(bytes: Uint8Array): string | null {
  if (bytes.byteLength === 0) return CAPTIONS_MESSAGES.missing;
  if (bytes.byteLength > CAPTIONS_MAX_BYTES) return CAPTIONS_MESSAGES.size;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return CAPTIONS_MESSAGES.encoding;
  }
  const lines = text.split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) return CAPTIONS_MESSAGES.header;
  let cues = 0;
  for (const [index, line] of lines.entries()) {
    if (!line.includes("-->")) continue;
    const match = TIMING.exec(line.trim());
    if (!match) return `Line ${index + 1}: a cue's timing must read like 00:00:01.000 --> 00:00:04.000`;
    const start = seconds(match[1], match[2]!, match[3]!, match[4]!);
    const end = seconds(match[5], match[6]!, match[7]!, match[8]!);
    if (end <= start) return `Line ${index + 1}: a cue must end after it starts`;
    cues++;
  }
  return cues === 0 ? CAPTIONS_MESSAGES.empty : null;
}
