/**
 * Every kind of file the admin uploads, as both sides see it: the types the server accepts (read
 * from the file's first bytes, mapped to the stored key's extension), the size limit, the file
 * picker's accept list and hint, and the refusal texts (§9). The server's table
 * (app/server/platform/uploads.server.ts) adds where each kind is stored; the upload components read the
 * rest from here, so a limit or a format is changed in one place.
 */

const MB = 1024 * 1024;

const IMAGE_TYPES = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/gif": "gif", "image/avif": "avif" } as const;
const VIDEO_TYPES = { "video/mp4": "mp4", "video/webm": "webm", "video/quicktime": "mov" } as const;

const DOCUMENT_TYPES = { "application/pdf": "pdf", "application/zip": "zip" } as const;

export type UploadKindName = "post-cover" | "course-cover" | "bundle-cover" | "site-logo" | "site-favicon" | "page-image" | "lesson-video" | "lesson-file";

export type UploadKindRules = {
  /** Detected MIME type → the extension the stored key gets. */
  types: Readonly<Record<string, string>>;
  maxBytes: number;
  /** The file picker's `accept`: the types, plus file names for browsers that give no type. */
  accept: string;
  /** What the picker says it takes. */
  hint: string;
  /** The refusal texts: not this kind of file, too large. */
  messages: { type: string; size: string };
};

const image: UploadKindRules = {
  types: IMAGE_TYPES,
  maxBytes: 5 * MB,
  accept: Object.keys(IMAGE_TYPES).join(","),
  hint: "JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.",
  messages: { type: "Please select a JPEG, PNG, WebP, GIF or AVIF image", size: "File size must be less than 5MB" },
};

const VIDEO_EXTENSIONS = [".mp4", ".m4v", ".webm", ".mov"];

/**
 * The file-name extensions each accepted type may carry: the server refuses a name whose extension
 * names another format (a JPEG called photo.png, an MP4 called page.html).
 */
export const UPLOAD_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  "image/jpeg": ["jpg", "jpeg", "jpe", "jfif"],
  "image/png": ["png"],
  "image/webp": ["webp"],
  "image/gif": ["gif"],
  "image/avif": ["avif"],
  "video/mp4": ["mp4", "m4v"],
  "video/webm": ["webm"],
  "video/quicktime": ["mov", "qt"],
  "application/pdf": ["pdf"],
  "application/zip": ["zip"],
};

export const UPLOAD_KINDS: Readonly<Record<UploadKindName, UploadKindRules>> = {
  "post-cover": image,
  "course-cover": image,
  "bundle-cover": image,
  "site-logo": image,
  // A picture in one of the owner's page sections (a hero, an image with text, a portrait).
  "page-image": image,
  // PNG only (docs/decisions/051): an SVG icon would need sanitising, and the image decoder that
  // inspects every upload does not read ICO, so neither is taken.
  "site-favicon": {
    types: { "image/png": "png" },
    maxBytes: 1 * MB,
    accept: "image/png",
    hint: "A square PNG, 32 × 32 pixels or larger, up to 1 MB.",
    messages: { type: "Please select a PNG image", size: "File size must be less than 1MB" },
  },
  "lesson-video": {
    types: VIDEO_TYPES,
    // §9: 50MB = 50*1024*1024 bytes; formats MP4, WebM, MOV.
    maxBytes: 50 * MB,
    accept: [...Object.keys(VIDEO_TYPES), ...VIDEO_EXTENSIONS].join(","),
    hint: "MP4, WebM or MOV, up to 50 MB.",
    messages: { type: "Please select a video file", size: "File size must be less than 50MB" },
  },
  // A lesson's downloads (issue 38): read from their bytes like every upload; images must decode.
  "lesson-file": {
    types: { ...DOCUMENT_TYPES, ...IMAGE_TYPES },
    maxBytes: 50 * MB,
    accept: [...Object.keys(DOCUMENT_TYPES), ...Object.keys(IMAGE_TYPES), ".pdf", ".zip"].join(","),
    hint: "PDF, ZIP or an image (JPEG, PNG, WebP, GIF, AVIF), up to 50 MB each.",
    messages: { type: "Please select a PDF, a ZIP or an image", size: "File size must be less than 50MB" },
  },
};

/** The MIME type of an uploaded file by its stored key's extension ("mp4" → "video/mp4"). */
export const UPLOADED_CONTENT_TYPES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(UPLOAD_KINDS).flatMap((kind) => Object.entries(kind.types).map(([mime, ext]) => [ext, mime])),
);

export function isUploadKindName(value: string): value is UploadKindName {
  return Object.hasOwn(UPLOAD_KINDS, value);
}

/**
 * The browser's check before sending a lesson video: a video by its type (or, when the browser
 * gives none, its name), under the limit. The server checks both again while it streams.
 */
export function videoFileProblem(file: { name: string; type: string; size: number }) {
  const video = UPLOAD_KINDS["lesson-video"];
  const name = file.name.toLowerCase();
  const isVideo = file.type ? file.type.startsWith("video/") : VIDEO_EXTENSIONS.some((extension) => name.endsWith(extension));
  if (!isVideo) return video.messages.type;
  if (file.size > video.maxBytes) return video.messages.size;
  return null;
}
