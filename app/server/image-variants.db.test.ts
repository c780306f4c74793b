import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../tests/support/app-server";
import { signInNewUser } from "../../tests/support/sign-in";
import { useTestDatabase } from "../../tests/support/test-database";
import { IMAGE_VARIANT_WIDTHS, imageSrcSet, LOGO_VARIANT_HEIGHTS, logoSrcSet, logoVariantKey, variantKey } from "~/lib/image-variants";
import { bundles, courses } from "~/server/db/schema";
import { BUNDLE_COVER_PREFIX, sweepUnusedPostCovers } from "~/server/posts/post-covers.server";
import { removeReplacedCover, sweepTempCourseCovers } from "~/server/courses/course-covers.server";
import { getStorage, publicUrl } from "~/server/platform/storage.server";

const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startAppServer>>;
let adminCookie = "";

beforeAll(async () => {
  app = await startAppServer({ routes: (file) => file === "routes/not-found.tsx" || file === "routes/site-layout.tsx" });
  ({ cookie: adminCookie } = await signInNewUser(database().db, "admin"));
});
afterAll(() => app?.close());

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#0ea5e9" } })
    .jpeg()
    .toBuffer();

async function uploadCover(bytes: Buffer, kind = "course-cover", ownerId?: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "cover.jpg");
  const response = await fetch(`${app.base}/api/uploads/${kind}${ownerId ? `?ownerId=${ownerId}` : ""}`, { method: "POST", body: form, headers: { cookie: adminCookie } });
  expect(response.status).toBe(201);
  return (await response.json()) as { key: string; url: string };
}

const stored = async (key: string) => (await getStorage().stat("media", key)) !== undefined;
const widthOf = async (response: Response) => (await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width;

describe("cover copies in several widths (issue 21)", () => {
  it("are made when a cover is uploaded: WebP, 480, 960 and 1440 wide, offered in the cover's srcset", async () => {
    const { key, url } = await uploadCover(await photo(2000, 1125));
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const response = await fetch(`${app.base}${publicUrl("media", variantKey(key, width))}`);
      expect(response.status, String(width)).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(await widthOf(response)).toBe(width);
    }
    expect(imageSrcSet(url)).toBe(IMAGE_VARIANT_WIDTHS.map((width) => `${url}.w${width}.webp ${width}w`).join(", "));
  });

  it("are made for an uploaded logo too: WebP, 32, 64 and 96 pixels high, offered for 1×, 2× and 3× screens", async () => {
    const { key, url } = await uploadCover(await photo(1600, 400), "site-logo");
    for (const height of LOGO_VARIANT_HEIGHTS) {
      const response = await fetch(`${app.base}${publicUrl("media", logoVariantKey(key, height))}`);
      expect(response.status, String(height)).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([height * 4, height]);
    }
    expect(logoSrcSet(url)).toBe(LOGO_VARIANT_HEIGHTS.map((height, index) => `${url}.h${height}.webp ${index + 1}x`).join(", "));
  });

  it("are never wider than the cover itself", async () => {
    const { key } = await uploadCover(await photo(600, 338));
    expect(await widthOf(await fetch(`${app.base}${publicUrl("media", variantKey(key, 960))}`))).toBe(600);
  });

  it("are made when first asked for, for a cover stored before copies existed, and kept", async () => {
    const key = "courses/temp/cover-older.png";
    await getStorage().put("media", key, Readable.from([await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#222" } }).png().toBuffer()]), {
      contentType: "image/png",
    });
    expect(await stored(variantKey(key, 480))).toBe(false);
    const response = await fetch(`${app.base}${publicUrl("media", variantKey(key, 480))}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(await widthOf(response)).toBe(480);
    expect(await stored(variantKey(key, 480))).toBe(true);
    // No original, no copy; and no copy of what is not a cover, or at a width the site does not make.
    expect((await fetch(`${app.base}${publicUrl("media", variantKey("courses/temp/missing.png", 480))}`)).status).toBe(404);
    expect((await fetch(`${app.base}${publicUrl("media", `${key}.w500.webp`)}`)).status).toBe(404);
    await getStorage().put("media", "site/logo-1.png", Readable.from([await photo(320, 64)]), { contentType: "image/png" });
    expect((await fetch(`${app.base}${publicUrl("media", variantKey("site/logo-1.png", 480))}`)).status).toBe(404);
    expect((await fetch(`${app.base}${publicUrl("media", logoVariantKey(key, 64))}`)).status).toBe(404);
    // A logo's copy by height is made the same way.
    const logoCopy = await fetch(`${app.base}${publicUrl("media", logoVariantKey("site/logo-1.png", 32))}`);
    expect(logoCopy.status).toBe(200);
    expect((await sharp(Buffer.from(await logoCopy.arrayBuffer())).metadata()).height).toBe(32);
  });

  it("go with their cover: a replaced cover's copies are deleted, and the sweep keeps a used cover's copies", async () => {
    const [course] = await database().db.insert(courses).values({ title: "Covers", slug: `covers-${Date.now()}` }).returning();
    const old = await uploadCover(await photo(800, 450));
    const kept = await uploadCover(await photo(800, 450));
    const unused = await uploadCover(await photo(800, 450));
    await database().db.update(courses).set({ coverUrl: kept.url }).where(eq(courses.id, course.id));

    await removeReplacedCover({ courseId: course.id, previous: old.url, current: kept.url });
    for (const key of [old.key, ...IMAGE_VARIANT_WIDTHS.map((width) => variantKey(old.key, width))]) expect(await stored(key), key).toBe(false);

    await sweepTempCourseCovers({ olderThan: new Date(Date.now() + 60_000) });
    for (const key of [kept.key, ...IMAGE_VARIANT_WIDTHS.map((width) => variantKey(kept.key, width))]) expect(await stored(key), key).toBe(true);
    for (const key of [unused.key, ...IMAGE_VARIANT_WIDTHS.map((width) => variantKey(unused.key, width))]) expect(await stored(key), key).toBe(false);
  });

  it("are made for a bundle's cover as for a course's, filed under the bundle, and swept once no bundle shows it", async () => {
    const [bundle] = await database().db.insert(bundles).values({ title: "Covers", slug: `covers-${Date.now()}`, priceCents: 0 }).returning();
    const used = await uploadCover(await photo(2000, 1125), "bundle-cover", bundle!.id);
    const unused = await uploadCover(await photo(800, 450), "bundle-cover");
    expect(used.key).toMatch(new RegExp(`^bundles/${bundle!.id}/cover-\\d+\\.jpg$`));
    expect(unused.key).toMatch(/^bundles\/temp\/cover-\d+\.jpg$/);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const response = await fetch(`${app.base}${publicUrl("media", variantKey(used.key, width))}`);
      expect(response.status, String(width)).toBe(200);
      expect(await widthOf(response)).toBe(width);
    }
    expect(imageSrcSet(used.url)).toContain(`${used.url}.w1440.webp 1440w`);
    await database().db.update(bundles).set({ coverUrl: used.url }).where(eq(bundles.id, bundle!.id));

    await sweepUnusedPostCovers({ prefix: BUNDLE_COVER_PREFIX, olderThan: new Date(Date.now() + 60_000) });
    for (const key of [used.key, ...IMAGE_VARIANT_WIDTHS.map((width) => variantKey(used.key, width))]) expect(await stored(key), key).toBe(true);
    for (const key of [unused.key, ...IMAGE_VARIANT_WIDTHS.map((width) => variantKey(unused.key, width))]) expect(await stored(key), key).toBe(false);
  });
});
