import { Readable } from "node:stream";
import sharp from "sharp";
import { IMAGE_VARIANT_WIDTHS, variantKey, variantOf, type ImageVariantWidth } from "~/lib/image-variants";
import { logger } from "~/server/logger.server";
import { contentTypeForKey, getStorage, type Bucket } from "~/server/storage.server";

/** Stored covers with variants (app/lib/image-variants.ts): the media bucket's course and post covers. */
export const hasImageVariants = (bucket: Bucket, key: string) =>
  bucket === "media" && /^(?:courses|posts)\//.test(key) && /\.(?:jpe?g|png|webp)$/i.test(key) && !variantOf(key);

const VARIANT_CACHE = "public, max-age=31536000, immutable";

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The image at `width` pixels wide (never wider than it is), upright, as WebP. */
export function resizeToWebp(source: Buffer, width: ImageVariantWidth) {
  return sharp(source).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
}

async function storeVariant(bucket: Bucket, key: string, source: Buffer, width: ImageVariantWidth) {
  const bytes = await resizeToWebp(source, width);
  const copy = variantKey(key, width);
  await getStorage().put(bucket, copy, Readable.from([bytes]), { contentType: contentTypeForKey(copy), cacheControl: VARIANT_CACHE });
  return bytes;
}

/**
 * Makes and stores every variant of a cover just uploaded. A failure is logged, not thrown: the
 * upload stands, and the media route makes a missing variant when it is first asked for.
 */
export async function storeImageVariants(bucket: Bucket, key: string) {
  if (!hasImageVariants(bucket, key)) return;
  try {
    const object = await getStorage().get(bucket, key);
    if (!object) return;
    const source = await readAll(object.stream);
    for (const width of IMAGE_VARIANT_WIDTHS) await storeVariant(bucket, key, source, width);
  } catch (error) {
    logger.warn({ err: error, key }, "cover variants not made; they will be made when asked for");
  }
}

const making = new Map<string, Promise<Buffer | null>>();

/**
 * A variant that is not stored (a cover uploaded before variants existed, or one whose variants
 * failed): made from its original, stored, and returned. Null when the key is not a variant of a
 * stored cover. Requests for the same variant at once share one resize.
 */
export function makeMissingVariant(bucket: Bucket, key: string): Promise<Buffer | null> {
  const variant = variantOf(key);
  if (!variant || !hasImageVariants(bucket, variant.original)) return Promise.resolve(null);
  const id = `${bucket}/${key}`;
  let pending = making.get(id);
  if (!pending) {
    pending = (async () => {
      const object = await getStorage().get(bucket, variant.original);
      if (!object) return null;
      return storeVariant(bucket, variant.original, await readAll(object.stream), variant.width);
    })().finally(() => making.delete(id));
    making.set(id, pending);
  }
  return pending;
}

/** Deletes a stored image and, for a cover, its smaller copies. */
export async function deleteStoredImage(bucket: Bucket, key: string) {
  const storage = getStorage();
  await storage.delete(bucket, key);
  if (hasImageVariants(bucket, key)) for (const width of IMAGE_VARIANT_WIDTHS) await storage.delete(bucket, variantKey(key, width));
}
