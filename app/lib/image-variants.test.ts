import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_VARIANT_WIDTHS, imageSrcSet, logoSrcSet, logoVariantKey, variantKey, variantOf } from "./image-variants";

describe("imageSrcSet", () => {
  it("offers the copies of uploaded and demo course and post covers, and nothing for other images", () => {
    expect(imageSrcSet("/media/media/courses/abc/cover-1.jpg")).toBe(
      "/media/media/courses/abc/cover-1.jpg.w480.webp 480w, /media/media/courses/abc/cover-1.jpg.w960.webp 960w, /media/media/courses/abc/cover-1.jpg.w1440.webp 1440w",
    );
    expect(imageSrcSet("/images/demo/posts/ship.webp")).toContain("/images/demo/posts/ship.webp.w480.webp 480w");
    for (const other of [
      null,
      "",
      "https://cdn.example.com/courses/cover.jpg",
      "/media/media/site/logo-1.png",
      "/images/demo/avatars/ben.webp",
      "/images/placeholders/shopify.svg",
      "/media/media/courses/abc/cover-1.jpg.w480.webp",
    ]) {
      expect(imageSrcSet(other), String(other)).toBeUndefined();
    }
  });

  it("reads a copy's key back to its cover and width, or its logo and height", () => {
    expect(variantOf(variantKey("posts/p/cover-2.png", 960))).toEqual({ original: "posts/p/cover-2.png", width: 960 });
    expect(variantOf(logoVariantKey("site/logo-1.png", 64))).toEqual({ original: "site/logo-1.png", height: 64 });
    expect(variantOf("posts/p/cover-2.png")).toBeNull();
    expect(variantOf("posts/p/cover-2.png.w500.webp")).toBeNull();
    expect(variantOf("site/logo-1.png.h48.webp")).toBeNull();
  });
});

describe("logoSrcSet", () => {
  it("offers an uploaded logo's copies for 1×, 2× and 3× screens, and nothing for other images", () => {
    expect(logoSrcSet("/media/media/site/logo-1.png")).toBe(
      "/media/media/site/logo-1.png.h32.webp 1x, /media/media/site/logo-1.png.h64.webp 2x, /media/media/site/logo-1.png.h96.webp 3x",
    );
    for (const other of [
      null,
      "/images/logo.svg",
      "https://cdn.example.com/site/logo-1.png",
      "/media/media/courses/a/cover-1.jpg",
      "/media/media/site/logo-1.gif",
    ]) {
      expect(logoSrcSet(other), String(other)).toBeUndefined();
    }
  });
});

describe("the demo school's covers", () => {
  it("each have their copies, WebP and no wider than asked (npm run images:demo)", async () => {
    const root = path.resolve(import.meta.dirname, "../../public/images/demo");
    let covers = 0;
    for (const folder of ["courses", "posts"]) {
      const names = fs.readdirSync(path.join(root, folder));
      for (const name of names.filter((file) => !variantOf(file))) {
        covers += 1;
        for (const width of IMAGE_VARIANT_WIDTHS) {
          const copy = variantKey(name, width);
          expect(names, `${folder}/${copy}`).toContain(copy);
          const meta = await sharp(path.join(root, folder, copy)).metadata();
          expect(meta.format).toBe("webp");
          expect(meta.width).toBeLessThanOrEqual(width);
        }
      }
    }
    expect(covers).toBeGreaterThanOrEqual(16);
  });
});
