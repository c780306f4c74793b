import { Transform, type TransformCallback } from "node:stream";
import sharp from "sharp";
import { UPLOAD_EXTENSIONS } from "~/lib/upload-kinds";

/**
 * What an upload must pass besides its magic bytes (docs/security.md, "Uploads"). The first bytes
 * say which format a file claims to be; these checks refuse files that are also something else:
 * an HTML or script document hidden after an image header (a polyglot), an image that does not
 * decode, a name whose extension names another format.
 */

/**
 * Markup a browser would run if the file were ever read as a document. The markers are long enough
 * that compressed pixels or frames do not spell one by chance (about 1 in 10^5 for a 50 MB video).
 */
const MARKUP = /<(?:script|html|iframe|object|embed|!doctype)[\s/>]|javascript:/i;
/** Longest marker above, so one spread over two chunks is still seen. */
const CARRY = 16;

export class UploadContentError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "UploadContentError";
  }
}

export function containsMarkup(bytes: Buffer) {
  return MARKUP.test(bytes.toString("latin1"));
}

/** A pass-through that fails with UploadContentError as soon as markup shows up in the bytes. */
export function markupScanner() {
  let tail = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const window = Buffer.concat([tail, chunk]);
      if (containsMarkup(window)) {
        callback(new UploadContentError("markup in the file"));
        return;
      }
      tail = window.subarray(Math.max(0, window.length - CARRY));
      callback(null, chunk);
    },
  });
}

/** More pixels than any cover or logo needs; a small file that would decode into gigabytes is refused. */
const MAX_IMAGE_PIXELS = 64_000_000;

/** Whether `bytes` decode, every frame to the last byte, as the image they claim to be. */
export async function decodesAsImage(bytes: Buffer) {
  try {
    await sharp(bytes, { animated: true, failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS }).stats();
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a file name's extension contradicts the type its bytes show ("photo.png" holding a JPEG,
 * "clip.html" holding an MP4). A name without an extension is judged by its bytes alone.
 */
export function extensionContradicts(filename: string, detectedMime: string) {
  const match = /\.([^./\\]+)$/.exec(filename.trim());
  if (!match) return false;
  const allowed = UPLOAD_EXTENSIONS[detectedMime] ?? [];
  return !allowed.includes(match[1]!.toLowerCase());
}

/**
 * A name no browser sends: browsers send the bare file name, so a path (`../`, `C:\\`), control
 * characters or bidirectional overrides (`cover\u202Egnp.exe`) come from a crafted request.
 */
export function unsafeFilename(filename: string) {
  if (/[/\\]|^\.\.?$|[\u202a-\u202e\u2066-\u2069]/.test(filename)) return true;
  return [...filename].some((character) => {
    const code = character.codePointAt(0)!;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });
}
