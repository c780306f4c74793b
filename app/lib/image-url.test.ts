import { describe, expect, it } from "vitest";
import { absoluteImageUrl, imageSrc, isImageUrl } from "./image-url";

const ORIGIN = "https://school.example";

describe("stored image URLs as pages show them", () => {
  it("keeps site paths and https URLs", () => {
    expect(imageSrc("/media/media/courses/a/cover-1.png")).toBe("/media/media/courses/a/cover-1.png");
    expect(imageSrc("https://cdn.example/cover.webp")).toBe("https://cdn.example/cover.webp");
    expect(absoluteImageUrl("/images/demo/a.webp", ORIGIN)).toBe(`${ORIGIN}/images/demo/a.webp`);
  });

  // The XSS corpus found a playbook's javascript: image in its page and in Open Graph tags (issue 22).
  it.each([
    "javascript:__xss(1)",
    " javascript:alert(1)",
    "data:text/html,<script>x</script>",
    "vbscript:x",
    "//evil.example/x.png",
    "http://plain.example/x.png",
  ])("reads %j as no image, in a page and in meta tags", (value) => {
    expect(isImageUrl(value)).toBe(false);
    expect(imageSrc(value)).toBeNull();
    expect(absoluteImageUrl(value, ORIGIN)).toBeNull();
  });

  it("reads nothing as no image", () => {
    expect(imageSrc(null)).toBeNull();
    expect(imageSrc("")).toBeNull();
    expect(absoluteImageUrl(undefined, ORIGIN)).toBeNull();
  });
});
