/**
 * Lesson videos from other hosts, made safe to show. Pure functions, safe on both sides: the
 * builder checks what an admin types with them, the action stores their output, and the lesson
 * player renders from them again.
 *
 * Nothing an admin pastes is ever passed through as HTML. A YouTube or Vimeo link, or an embed
 * code's iframe, is reduced to the video's id(s), checked against a strict pattern per host, and
 * a fresh embed URL (and iframe) is built from those ids alone. So a hostile paste can at worst
 * be refused, never smuggle markup, script, another host or extra attributes through.
 */

/** Every origin a lesson iframe may load from; server.ts puts them in the CSP's frame-src. */
export const VIDEO_FRAME_ORIGINS = [
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
  "https://fast.wistia.net",
  "https://www.loom.com",
  "https://iframe.mediadelivery.net",
] as const;

/** What an embed iframe is allowed to do: play, full screen, picture in picture. */
const IFRAME_ALLOW = "autoplay; encrypted-media; fullscreen; picture-in-picture";

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[A-Za-z0-9]{1,40}$/;
const WISTIA_ID = /^[a-z0-9]{10}$/;
const LOOM_ID = /^[a-f0-9]{32}$/;
const BUNNY_LIBRARY = /^\d{1,12}$/;
const BUNNY_VIDEO = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const MAX_INPUT = 10_000;

/** An http(s) URL from what was typed ("youtu.be/x" too), or null. Never another scheme. */
function parseWebUrl(input: string): URL | null {
  const text = input.trim();
  if (text === "" || text.length > 2000 || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : text.startsWith("//") ? `https:${text}` : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

const pathParts = (url: URL) => url.pathname.split("/").filter(Boolean);

/** "90", "90s", "1m30s", "1h2m3s" → seconds; anything else → null. */
function parseStartSeconds(value: string | null): number | null {
  if (!value) return null;
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(value);
  if (!match || value === "") return null;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 ? seconds : null;
}

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);

/** The YouTube video a link or embed URL points at, with its start time, or null. */
function youtubeVideo(url: URL): { id: string; start: number | null } | null {
  const host = url.hostname.toLowerCase();
  const parts = pathParts(url);
  let id: string | undefined;
  if (host === "youtu.be") id = parts[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (parts[0] === "watch") id = url.searchParams.get("v") ?? undefined;
    else if (["embed", "shorts", "live", "v"].includes(parts[0] ?? "")) id = parts[1];
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { id, start: parseStartSeconds(url.searchParams.get("t") ?? url.searchParams.get("start")) };
}

/** The Vimeo video (and the private-link hash an unlisted video needs), or null. */
function vimeoVideo(url: URL): { id: string; hash: string | null } | null {
  const host = url.hostname.toLowerCase();
  const parts = pathParts(url);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get("h");
  if (host === "player.vimeo.com") {
    if (parts[0] !== "video") return null;
    id = parts[1];
  } else if (host === "vimeo.com" || host === "www.vimeo.com") {
    // vimeo.com/123, vimeo.com/123/abcdef (unlisted), vimeo.com/channels/name/123
    const index = parts.findIndex((part) => VIMEO_ID.test(part));
    if (index === -1) return null;
    id = parts[index];
    hash ??= parts[index + 1] ?? null;
  }
  if (!id || !VIMEO_ID.test(id)) return null;
  if (hash !== null && !VIMEO_HASH.test(hash)) return null;
  return { id, hash };
}

/** A YouTube link as the privacy-enhanced embed URL (no cookies until the viewer presses play), or null. */
export function youtubeEmbedUrl(input: string): string | null {
  const url = parseWebUrl(input);
  const video = url && youtubeVideo(url);
  if (!video) return null;
  return `https://www.youtube-nocookie.com/embed/${video.id}${video.start ? `?start=${video.start}` : ""}`;
}

/** A Vimeo link as the player URL with Do Not Track on, or null. */
export function vimeoEmbedUrl(input: string): string | null {
  const url = parseWebUrl(input);
  const video = url && vimeoVideo(url);
  if (!video) return null;
  return `https://player.vimeo.com/video/${video.id}?${video.hash ? `h=${video.hash}&` : ""}dnt=1`;
}

/** Any allowed host's embed URL rebuilt from its ids alone, or null for every other URL. */
function allowedEmbedUrl(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const parts = pathParts(url);
  if (YOUTUBE_HOSTS.has(host) || host === "youtu.be") return youtubeEmbedUrl(url.href);
  if (host === "player.vimeo.com" || host === "vimeo.com" || host === "www.vimeo.com") return vimeoEmbedUrl(url.href);
  if ((host === "fast.wistia.net" || host === "fast.wistia.com") && parts[0] === "embed" && parts[1] === "iframe" && parts.length === 3) {
    return WISTIA_ID.test(parts[2]) ? `https://fast.wistia.net/embed/iframe/${parts[2]}` : null;
  }
  if ((host === "www.loom.com" || host === "loom.com") && (parts[0] === "embed" || parts[0] === "share") && parts.length === 2) {
    return LOOM_ID.test(parts[1]) ? `https://www.loom.com/embed/${parts[1]}` : null;
  }
  if (
    (host === "iframe.mediadelivery.net" || host === "player.mediadelivery.net") &&
    (parts[0] === "embed" || parts[0] === "play") &&
    parts.length === 3
  ) {
    return BUNNY_LIBRARY.test(parts[1]) && BUNNY_VIDEO.test(parts[2])
      ? `https://iframe.mediadelivery.net/embed/${parts[1]}/${parts[2]}`
      : null;
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'" };

/** Enough entity decoding for an attribute value copied from a share dialog. */
function decodeEntities(value: string) {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16) || 0xfffd);
    if (lower.startsWith("#")) return String.fromCodePoint(Number(lower.slice(1)) || 0xfffd);
    return ENTITIES[lower] ?? whole;
  });
}

function escapeAttribute(value: string) {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The attributes of each `<iframe …>` start tag in some HTML, in order. Quoted values may hold ">". */
function iframeTags(html: string) {
  const tags: Record<string, string>[] = [];
  for (const tag of html.matchAll(/<iframe\b((?:"[^"]*"|'[^']*'|[^'">])*)>/gi)) {
    const attributes: Record<string, string> = {};
    for (const attribute of tag[1].matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      const name = attribute[1].toLowerCase();
      if (!(name in attributes)) attributes[name] = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? "");
    }
    tags.push(attributes);
  }
  return tags;
}

export type EmbedSource = { src: string; title: string };

/**
 * The video an embed code shows: the first iframe whose src is an allowed host's video, as a
 * rebuilt URL and a plain-text title. A bare link is taken too. Null when there is none.
 */
export function embedCodeSource(code: string | null | undefined): EmbedSource | null {
  if (!code || code.length > MAX_INPUT) return null;
  const text = code.trim();
  const candidates = /<iframe\b/i.test(text)
    ? iframeTags(text).map((tag) => ({ src: tag.src ?? "", title: tag.title ?? "" }))
    : [{ src: text, title: "" }];
  for (const candidate of candidates) {
    const url = parseWebUrl(candidate.src);
    const src = url && allowedEmbedUrl(url);
    if (!src) continue;
    const title = candidate.title
      .replace(/\s+/g, " ")
      .replace(/[^\P{Cc}]|[<>]/gu, "")
      .trim()
      .slice(0, 200);
    return { src, title: title || "Lesson video" };
  }
  return null;
}

/** An iframe element's HTML for a source, built from scratch with fixed, safe attributes. */
export function embedIframeHtml({ src, title }: EmbedSource) {
  return `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" allow="${IFRAME_ALLOW}" allowfullscreen loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`;
}

/** Embed code reduced to one safe iframe from an allowed video host, or null when it has none. */
export function sanitizeEmbedCode(code: string | null | undefined): string | null {
  const source = embedCodeSource(code);
  return source ? embedIframeHtml(source) : null;
}

export type LessonVideoFields = {
  id: string;
  videoProvider: string;
  videoUrl: string | null;
  videoStoragePath: string | null;
  embedCode: string | null;
};

/**
 * An uploaded file plays from `src`; once its adaptive stream is ready (docs/decisions/026),
 * `stream` names the master playlist and the poster, and `src` is the fallback.
 */
export type LessonPlayer =
  | { kind: "iframe"; src: string; title: string; allow: string }
  | { kind: "file"; src: string; stream?: { src: string; poster: string }; captions?: string };

/** The URL of an uploaded lesson video: served only to viewers allowed to open the lesson. */
export const lessonVideoPath = (lessonId: string) => `/api/lessons/${lessonId}/video`;

/** A piece of an uploaded video's adaptive stream (master.m3u8, poster.jpg, …): checked like the file. */
export const lessonStreamPath = (lessonId: string, file: string) => `/api/lessons/${lessonId}/stream/${file}`;

/** An uploaded video's WebVTT captions: checked like the file. */
export const lessonCaptionsPath = (lessonId: string) => `/api/lessons/${lessonId}/captions.vtt`;

/**
 * What plays for a video lesson: an iframe (YouTube, Vimeo, an embed code) or the uploaded file,
 * or null when the lesson has nothing playable. Lesson pages render this with React, never as HTML.
 */
export function lessonPlayer(lesson: LessonVideoFields): LessonPlayer | null {
  const iframe = (src: string | null, title = "Lesson video"): LessonPlayer | null =>
    src ? { kind: "iframe", src, title, allow: IFRAME_ALLOW } : null;
  switch (lesson.videoProvider) {
    case "upload":
      return lesson.videoStoragePath ? { kind: "file", src: lessonVideoPath(lesson.id) } : null;
    case "youtube":
      return iframe(lesson.videoUrl ? youtubeEmbedUrl(lesson.videoUrl) : null);
    case "vimeo":
      return iframe(lesson.videoUrl ? vimeoEmbedUrl(lesson.videoUrl) : null);
    case "embed": {
      const source = embedCodeSource(lesson.embedCode);
      return source ? iframe(source.src, source.title) : null;
    }
    default:
      return null;
  }
}
