import { describe, expect, it } from "vitest";
import { nextFreeSlug, slugify } from "./slug";

describe("slugify", () => {
  it("lower-cases and turns spaces into hyphens", () => {
    expect(slugify("How To Price Your Products")).toBe("how-to-price-your-products");
  });

  it("drops characters other than letters, digits, spaces and hyphens", () => {
    expect(slugify("ChatGPT: 10 prompts (that work!) & more?")).toBe("chatgpt-10-prompts-that-work-more");
  });

  it("collapses repeated hyphens and spaces and trims the edges", () => {
    expect(slugify("  A -- B   ---  C  ")).toBe("a-b-c");
    expect(slugify("--Hello--")).toBe("hello");
  });

  it("keeps digits and folds accents to plain letters", () => {
    expect(slugify("Café 2024 Résumé")).toBe("cafe-2024-resume");
  });

  it("gives an empty slug when nothing usable is left", () => {
    expect(slugify("!!! ???")).toBe("");
  });
});

describe("nextFreeSlug", () => {
  it("keeps a free slug as it is", () => {
    expect(nextFreeSlug("post", ["other"])).toBe("post");
  });

  it("appends -1, -2 … until the slug is free", () => {
    expect(nextFreeSlug("post", ["post"])).toBe("post-1");
    expect(nextFreeSlug("post", ["post", "post-1", "post-2"])).toBe("post-3");
    expect(nextFreeSlug("post", ["post", "post-2"])).toBe("post-1");
  });
});
