import { describe, expect, it } from "vitest";
import {
  CATALOG_MAX_PAGE,
  catalogListUrl,
  DEFAULT_CATALOG_FILTERS,
  hasActiveFilters,
  levelFromSlug,
} from "./catalog-filters";

const parse = (query: string) => catalogListUrl.parse(new URLSearchParams(query));

describe("catalogListUrl.parse", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual(DEFAULT_CATALOG_FILTERS);
  });

  it("reads every field", () => {
    expect(parse("q=%20prompt%20&level=beginner&topic=ai-chatgpt&sort=price-desc&view=list&page=3")).toEqual({
      q: "prompt",
      level: "beginner",
      topic: "ai-chatgpt",
      sort: "price-desc",
      view: "list",
      page: 3,
      type: null,
    });
  });

  it("keeps an unknown level or topic, so it matches nothing rather than everything", () => {
    expect(parse("topic=execution")).toMatchObject({ topic: "execution", level: null });
    expect(parse("level=Expert")).toMatchObject({ level: "Expert" });
  });

  it("falls back to the defaults for an unknown sort, view or page", () => {
    expect(parse("sort=cheapest&view=table&page=abc")).toMatchObject({ sort: "popular", view: "grid", page: 1 });
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=-4").page).toBe(1);
    expect(parse("page=100000").page).toBe(CATALOG_MAX_PAGE);
  });

  it("cuts a very long search", () => {
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(100);
  });
});

describe("catalogListUrl.toParams", () => {
  it("leaves the defaults out", () => {
    expect(catalogListUrl.toParams(DEFAULT_CATALOG_FILTERS).toString()).toBe("");
    expect(catalogListUrl.toParams({ ...DEFAULT_CATALOG_FILTERS, sort: "popular", view: "grid", page: 1, q: "  " }).toString()).toBe("");
  });

  it("writes the fields in a stable order", () => {
    expect(
      catalogListUrl.toParams({ view: "list", sort: "newest", topic: "shopify", level: "advanced", q: "store", page: 2 }).toString(),
    ).toBe("q=store&level=advanced&topic=shopify&sort=newest&view=list&page=2");
  });

  it("is the inverse of parse for every tidy URL", () => {
    for (const query of ["", "q=ai+%26+more", "level=beginner&topic=execution", "sort=title&view=list", "q=x&page=2"]) {
      expect(catalogListUrl.toParams(parse(query)).toString()).toBe(query);
    }
  });
});

describe("catalogListUrl.href", () => {
  const filters = parse("q=shop&level=beginner&page=3");

  it("changes one field and starts again from the first page", () => {
    expect(catalogListUrl.href(filters, { topic: "shopify" }, "/courses")).toBe("/courses?q=shop&level=beginner&topic=shopify");
    expect(catalogListUrl.href(filters, { level: null }, "/catalog")).toBe("/catalog?q=shop");
  });

  it("keeps the page when asked to change it", () => {
    expect(catalogListUrl.href(filters, { page: 4 }, "/courses")).toBe("/courses?q=shop&level=beginner&page=4");
  });

  it("is the bare path for the defaults", () => {
    expect(catalogListUrl.href(filters, { q: "", level: null }, "/courses")).toBe("/courses");
  });
});

describe("levels and topics", () => {
  // Topics are the owner's rows: their slugs are looked up in the database (topics.db.test.ts).
  it("maps URL slugs to exactly one level", () => {
    expect(levelFromSlug("intermediate")).toBe("Intermediate");
    expect(levelFromSlug("Intermediate")).toBeNull();
    expect(levelFromSlug(null)).toBeNull();
  });

  it("counts only search, level and topic as filters", () => {
    expect(hasActiveFilters(parse("sort=newest&view=list&page=2"))).toBe(false);
    expect(hasActiveFilters(parse("topic=execution"))).toBe(true);
  });
});
