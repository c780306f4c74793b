/**
 * Image URLs (covers), written and read with one parser: `new URL`, the one browsers and the
 * pages themselves use. A value is saved only if it parses; a stored value that does not (a row
 * written before this rule, or by hand) is read as no image, so one bad row never breaks a list.
 */

const SITE = "https://site.invalid";

/** A path on this site ("/media/…", "/images/…") or an absolute https URL, as `new URL` reads it. */
export function isImageUrl(value: string) {
  if (/^\/(?![/\\])/.test(value)) {
    const url = parseUrl(value, SITE);
    return url !== null && url.origin === SITE;
  }
  if (!/^https:\/\/[^/\\]/.test(value)) return false;
  return parseUrl(value)?.protocol === "https:";
}

/**
 * A stored image URL as a page may show it in `src`: null for anything that is not a site path or
 * https (a `javascript:` or `data:` value written by hand, a seed or another tool), so no reader
 * puts a script-scheme URL into the page.
 */
export function imageSrc(value: string | null | undefined) {
  return value && isImageUrl(value) ? value : null;
}

/** A stored image as an absolute URL for other sites and tools (JSON-LD, courses.json, Open Graph); null when it is not an image URL. */
export function absoluteImageUrl(value: string | null | undefined, origin: string) {
  const src = imageSrc(value);
  if (!src) return null;
  return parseUrl(src, origin)?.toString() ?? null;
}

function parseUrl(value: string, base?: string) {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
