import { describe, expect, it } from "vitest";
import routeConfig from "~/routes";
import { flattenRoutes } from "../../tests/support/route-table";
import { pageSlugField, RESERVED_PAGE_SLUGS } from "./page-sections";
import { isSafeLink } from "./safe-link";

describe("page addresses", () => {
  it("refuse every top-level address of the public site (app/routes.ts), and only those", async () => {
    const topLevel = new Set(
      flattenRoutes(await routeConfig)
        .map((route) => route.pattern.split("/")[1])
        .filter((segment) => segment && !segment.includes(".") && !segment.startsWith(":") && segment !== "*"),
    );
    // The back office and APIs are not pages visitors confuse with /p/…: /p/admin is a fine address.
    for (const segment of ["admin", "api", "data"]) topLevel.delete(segment);
    expect([...topLevel].filter((segment) => !(RESERVED_PAGE_SLUGS as readonly string[]).includes(segment))).toEqual([]);
    expect(pageSlugField.safeParse("admin").success).toBe(true);
    expect(pageSlugField.safeParse("courses").error?.issues[0].message).toBe(
      "“courses” is the address of one of the site's own pages: choose another",
    );
    expect(pageSlugField.safeParse("Our Story").success).toBe(false);
    expect(pageSlugField.safeParse(" our-story ").data).toBe("our-story");
  });
});

describe("owner links", () => {
  it("take site paths, http(s), mailto and anchors, never a script or another host by //", () => {
    for (const ok of ["/courses", "/pricing#membership", "https://example.com/x", "mailto:hi@example.com", "#faq"])
      expect(isSafeLink(ok), ok).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,hi",
      "//evil.example",
      "/\\evil.example",
      "vbscript:x",
      "",
      "http:/x",
    ]) {
      expect(isSafeLink(bad), bad).toBe(false);
    }
  });
});
