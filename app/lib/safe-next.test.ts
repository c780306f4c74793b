import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next";

describe("safeNextPath (where sign-in goes next)", () => {
  it.each([
    ["/account", "/account"],
    ["/courses/shopify-101", "/courses/shopify-101"],
    ["/courses?topic=execution&sort=newest", "/courses?topic=execution&sort=newest"],
    ["/blog/post#comments", "/blog/post#comments"],
    ["/blog/c%2B%2B-for-founders", "/blog/c%2B%2B-for-founders"],
    ["/blog/100%25-done", "/blog/100%25-done"],
    ["/courses?next=//evil.example", "/courses?next=//evil.example"],
  ])("keeps the same-site path %s", (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [""],
    ["https://evil.example/account"],
    ["//evil.example/account"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    [" /account"],
    ["account"],
    ["http:/evil.example"],
    // The review's examples: each normalises to //evil.com.
    ["/.//evil.com"],
    ["/a/..//evil.com"],
    ["/%2e//evil.com"],
    ["/%2E%2E//evil.com"],
    ["/./\t/evil.com"],
    ["/.\n//evil.com"],
    ["/\t/evil.com"],
    ["/\r\n/evil.com"],
    // Slashes and backslashes in disguise.
    ["/%2f%2fevil.com"],
    ["/%2F/evil.com"],
    ["/%252f%252fevil.com"],
    ["/%5c%5cevil.com"],
    ["/%5Cevil.com"],
    ["/\\\\evil"],
    ["/\\/evil.com"],
    ["/./\\evil.com"],
    ["/%09/evil.com"],
    ["/%00/account"],
  ])("sends %j to /account", (next) => {
    expect(safeNextPath(next)).toBe("/account");
  });

  it("never returns a value that leaves the site, whatever it was given", () => {
    const pieces = ["/", "\\", ".", "..", "%2e", "%2f", "%5c", "\t", "\n", "evil.com", "@", ":", "?", "#"];
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const result = safeNextPath(`/${a}${b}${c}evil.com`);
          expect(result.startsWith("/")).toBe(true);
          expect(result).not.toMatch(/^[/\\]{2}|^\/\\/);
          expect(new URL(result, "http://site.example").origin).toBe("http://site.example");
          expect(decodeURIComponent(new URL(result, "http://site.example").pathname)).not.toMatch(/^[/\\]{2}/);
        }
  });

  it("normalises dot segments instead of leaving the site", () => {
    expect(safeNextPath("/../../etc/passwd")).toBe("/etc/passwd");
    expect(safeNextPath("/courses/./a/../b")).toBe("/courses/b");
  });

  it("uses the given fallback", () => {
    expect(safeNextPath("//evil.example", "/")).toBe("/");
  });
});
