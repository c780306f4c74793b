/**
 * Covers in several widths (issue 21): each course and post cover has WebP copies 480, 960 and
 * 1440 pixels wide next to it, named after it (`cover-1.jpg` → `cover-1.jpg.w480.webp`), so a
 * page can offer them in `srcset` and a phone downloads the small one. Uploads make them at once
 * (and the media route makes a missing one from its original); the demo school's are in the
 * repository beside its images (`npm run images:demo`).
 */

export const IMAGE_VARIANT_WIDTHS = [480, 960, 1440] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** Course and post covers, uploaded (`/media/media/courses/…`) or the demo's (`/images/demo/courses/…`). */
const WITH_VARIANTS = /^\/(?:media\/media|images\/demo)\/(?:courses|posts)\/[^?#]+\.(?:jpe?g|png|webp)$/i;
const VARIANT = /\.w(480|960|1440)\.webp$/;

export const variantKey = (key: string, width: ImageVariantWidth) => `${key}.w${width}.webp`;

/** The original and width a variant's key or URL was made from, or null for anything else. */
export function variantOf(key: string) {
  const match = VARIANT.exec(key);
  return match ? { original: key.slice(0, match.index), width: Number(match[1]) as ImageVariantWidth } : null;
}

/** `srcset` for a cover that has variants, or undefined (an external URL, a logo, a placeholder). */
export function imageSrcSet(src: string | null | undefined) {
  if (!src || !WITH_VARIANTS.test(src) || variantOf(src)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${variantKey(src, width)} ${width}w`).join(", ");
}

/** How wide a cover is drawn: a card in a grid (three across on wide screens), a page's aside, an article's column, a thumbnail. */
export const COVER_SIZES = {
  card: "(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw",
  aside: "(min-width: 1024px) 384px, 100vw",
  article: "(min-width: 1024px) 768px, 100vw",
  thumbnail: "128px",
} as const;
