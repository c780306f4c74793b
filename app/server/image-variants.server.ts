import { Readable } from "node:stream";
import sharp from "sharp";
import {
  IMAGE_VARIANT_WIDTHS,
  LOGO_VARIANT_HEIGHTS,
  logoVariantKey,
  variantKey,
  variantOf,
  type ImageVariant,
  type ImageVariantWidth,
} from "~/lib/image-variants";
import { logger } from "~/server/platform/logger.server";
import { contentTypeForKey, getStorage, type Bucket } from "~/server/platform/storage.server";

const RESIZABLE = /\.(?:jpe?g|png|webp)$/i;

/** Stored covers with variants (app/lib/image-variants.ts): the media bucket's course, post and bundle covers. */
export const hasImageVariants = (bucket: Bucket, key: string) =>
  bucket === "media" && /^(?:courses|posts|bundles)\//.test(key) && RESIZABLE.test(key) && !variantOf(key);

/** Stored site logos, which have copies by height. */
const hasLogoVariants = (bucket: Bucket, key: string) => bucket === "media" && /^site\/logo-/.test(key) && RESIZABLE.test(key) && !variantOf(key);

/** Every copy a stored image has: a cover's by width, a logo's by height, nothing for anything else. */
function variantsOf(bucket: Bucket, key: string): ImageVariant[] {
  if (hasImageVariants(bucket, key)) return IMAGE_VARIANT_WIDTHS.map((width) => ({ original: key, width }));
  if (hasLogoVariants(bucket, key)) return LOGO_VARIANT_HEIGHTS.map((height) => ({ original: key, height }));
  return [];
}

const keyOf = (variant: ImageVariant) =>
  "width" in variant ? variantKey(variant.original, variant.width) : logoVariantKey(variant.original, variant.height);

const VARIANT_CACHE = "public, max-age=31536000, immutable";

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The image at `width` pixels wide or `height` pixels high (never larger than it is), upright, as WebP. */
export function resizeToWebp(source: Buffer, size: { width: ImageVariantWidth } | { height: number }) {
  return sharp(source).rotate().resize({ ...size, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
}

async function storeVariant(bucket: Bucket, source: Buffer, variant: ImageVariant) {
  const bytes = await resizeToWebp(source, "width" in variant ? { width: variant.width } : { height: variant.height });
  const copy = keyOf(variant);
  await getStorage().put(bucket, copy, Readable.from([bytes]), { contentType: contentTypeForKey(copy), cacheControl: VARIANT_CACHE });
  return bytes;
}

/**
 * Makes and stores every variant of a cover or logo just uploaded. A failure is logged, not
 * thrown: the upload stands, and the media route makes a missing variant when it is first asked for.
 */
export async function storeImageVariants(bucket: Bucket, key: string) {
  const variants = variantsOf(bucket, key);
  if (variants.length === 0) return;
  try {
    const object = await getStorage().get(bucket, key);
    if (!object) return;
    const source = await readAll(object.stream);
    for (const variant of variants) await storeVariant(bucket, source, variant);
  } catch (error) {
    logger.warn({ err: error, key }, "image variants not made; they will be made when asked for");
  }
}

const making = new Map<string, Promise<Buffer | null>>();

/**
 * A variant that is not stored (a cover uploaded before variants existed, or one whose variants
 * failed): made from its original, stored, and returned. Null when the key is not a variant of a
 * stored cover or logo. Requests for the same variant at once share one resize.
 */
export function makeMissingVariant(bucket: Bucket, key: string): Promise<Buffer | null> {
  const variant = variantOf(key);
  // Only the copies the original's kind has: a cover's widths, a logo's heights.
  if (!variant || !variantsOf(bucket, variant.original).some((made) => keyOf(made) === key)) return Promise.resolve(null);
  const id = `${bucket}/${key}`;
  let pending = making.get(id);
  if (!pending) {
    pending = (async () => {
      const object = await getStorage().get(bucket, variant.original);
      if (!object) return null;
      return storeVariant(bucket, await readAll(object.stream), variant);
    })().finally(() => making.delete(id));
    making.set(id, pending);
  }
  return pending;
}

/** Deletes a stored image and, for a cover or a logo, its smaller copies. */
export async function deleteStoredImage(bucket: Bucket, key: string) {
  const storage = getStorage();
  await storage.delete(bucket, key);
  for (const variant of variantsOf(bucket, key)) await storage.delete(bucket, keyOf(variant));
}
