import { describe, expect, it } from "vitest";
import { commonPasswordCount, isCommonPassword } from "./common-passwords.server";

describe("the common-password list shipped with the app", () => {
  it("holds the 10,000 most common passwords", () => {
    expect(commonPasswordCount()).toBe(10_000);
  });

  it("matches whatever the case", () => {
    for (const password of ["123456", "password", "Password", "QWERTY", "iloveyou", "Sunshine"])
      expect(isCommonPassword(password)).toBe(true);
  });

  it("lets an uncommon password through", () => {
    expect(isCommonPassword("violet-harbor-73-lantern")).toBe(false);
    expect(isCommonPassword("")).toBe(false);
  });
});
