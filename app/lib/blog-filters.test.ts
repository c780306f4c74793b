import { describe, expect, it } from "vitest";
import { blogCategoryFromSlug, blogCategorySlug, blogListUrl, DEFAULT_BLOG_FILTERS } from "./blog-filters";

const parse = (search: string) => blogListUrl.parse(new URLSearchParams(search));

describe("blog filters in the URL", () => {
  it("reads every filter and falls back to defaults for unknown values", () => {
    expect(parse("")).toEqual(DEFAULT_BLOG_FILTERS);
    expect(parse("q=%20n8n%20&category=ai-chatgpt&sort=reading-time&page=2")).toEqual({
      q: "n8n",
      category: "ai-chatgpt",
      sort: "reading-time",
      page: 2,
    });
    expect(parse("category=AI%20%2F%20ChatGPT&sort=oldest&page=-1")).toEqual(DEFAULT_BLOG_FILTERS);
    expect(parse("page=1.5").page).toBe(1);
    expect(parse(`q=${"x".repeat(300)}`).q).toHaveLength(100);
  });

  it("writes only what differs from the defaults, and round-trips", () => {
    expect(blogListUrl.search(DEFAULT_BLOG_FILTERS)).toBe("");
    expect(blogListUrl.search({ q: "  ", sort: "newest", page: 1 })).toBe("");
    const filters = { q: "price & margin", category: "shopify", sort: "a-z", page: 3 } as const;
    const search = blogListUrl.search(filters);
    expect(search).toBe("?q=price+%26+margin&category=shopify&sort=a-z&page=3");
    expect(parse(search.slice(1))).toEqual(filters);
  });

  it("maps URL values to stored categories and back", () => {
    expect(blogCategoryFromSlug("ai-chatgpt")).toBe("AI / ChatGPT");
    expect(blogCategoryFromSlug(null)).toBeNull();
    expect(blogCategorySlug("Announcements")).toBe("announcements");
    expect(blogCategorySlug("Unknown")).toBeNull();
  });
});
