/**
 * Covers in several widths (issue 21): each course and post cover has WebP copies 480, 960 and
 * 1440 pixels wide next to it, named after it (`cover-1.jpg` → `cover-1.jpg.w480.webp`), so a
 * page can offer them in `srcset` and a phone downloads the small one. Uploads make them at once
 * (and the media route makes a missing one from its original); the demo school's are in the
 * repository beside its images (`npm run images:demo`).
 *
 * An uploaded logo, drawn 32 pixels high, has WebP copies 32, 64 and 96 pixels high
 * (`logo-1.png` → `logo-1.png.h64.webp`), offered for 1×, 2× and 3× screens.
 */

export const IMAGE_VARIANT_WIDTHS = [480, 960, 1440] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];
export const LOGO_VARIANT_HEIGHTS = [32, 64, 96] as const;
export type LogoVariantHeight = (typeof LOGO_VARIANT_HEIGHTS)[number];

/** Course, post and bundle covers, uploaded (`/media/media/courses/…`) or the demo's (`/images/demo/courses/…`). */
const WITH_VARIANTS = /^\/(?:media\/media|images\/demo)\/(?:courses|posts|bundles)\/[^?#]+\.(?:jpe?g|png|webp)$/i;
/** Uploaded site logos (`/media/media/site/logo-…`). */
const LOGO_WITH_VARIANTS = /^\/media\/media\/site\/logo-[^/?#]+\.(?:jpe?g|png|webp)$/i;
const VARIANT = /\.w(480|960|1440)\.webp$/;
const LOGO_VARIANT = /\.h(32|64|96)\.webp$/;

export const variantKey = (key: string, width: ImageVariantWidth) => `${key}.w${width}.webp`;
export const logoVariantKey = (key: string, height: LogoVariantHeight) => `${key}.h${height}.webp`;

export type ImageVariant = { original: string; width: ImageVariantWidth } | { original: string; height: LogoVariantHeight };

/** The original and width (a cover's copy) or height (a logo's) a variant's key or URL was made from, or null for anything else. */
export function variantOf(key: string): ImageVariant | null {
  const cover = VARIANT.exec(key);
  if (cover) return { original: key.slice(0, cover.index), width: Number(cover[1]) as ImageVariantWidth };
  const logo = LOGO_VARIANT.exec(key);
  if (logo) return { original: key.slice(0, logo.index), height: Number(logo[1]) as LogoVariantHeight };
  return null;
}

/** `srcset` for a cover that has variants, or undefined (an external URL, a logo, a placeholder). */
export function imageSrcSet(src: string | null | undefined) {
  if (!src || !WITH_VARIANTS.test(src) || variantOf(src)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${variantKey(src, width)} ${width}w`).join(", ");
}

/** `srcset` for an uploaded logo (1×, 2×, 3× screens), or undefined (the default logo, an outside URL). */
export function logoSrcSet(src: string | null | undefined) {
  if (!src || !LOGO_WITH_VARIANTS.test(src) || variantOf(src)) return undefined;
  return LOGO_VARIANT_HEIGHTS.map((height, index) => `${logoVariantKey(src, height)} ${index + 1}x`).join(", ");
}

/** How wide a cover is drawn: a card in a grid (three across on wide screens), a page's aside, an article's column, a thumbnail. */
export const COVER_SIZES = {
  card: "(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw",
  aside: "(min-width: 1024px) 384px, 100vw",
  article: "(min-width: 1024px) 768px, 100vw",
  thumbnail: "128px",
} as const;
