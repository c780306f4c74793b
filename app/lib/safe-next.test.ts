import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next";

describe("safeNextPath (where sign-in goes next)", () => {
  it.each([
    ["/account", "/account"],
    ["/courses/shopify-101", "/courses/shopify-101"],
    ["/courses?topic=execution&sort=newest", "/courses?topic=execution&sort=newest"],
    ["/blog/post#comments", "/blog/post#comments"],
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
    ["account"],
    ["http:/evil.example"],
  ])("sends %s to /account", (next) => {
    expect(safeNextPath(next)).toBe("/account");
  });

  it("normalises dot segments instead of leaving the site", () => {
    expect(safeNextPath("/../../etc/passwd")).toBe("/etc/passwd");
  });

  it("uses the given fallback", () => {
    expect(safeNextPath("//evil.example", "/")).toBe("/");
  });
});
