import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  checkboxField,
  currentPasswordField,
  emailField,
  imageUrlField,
  optionalText,
  passwordField,
  moneyField,
  requiredText,
  slugField,
} from "./fields";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("emailField", () => {
  it("trims and lower-cases before checking the format", () => {
    expect(emailField().parse("  Ann.Lee@Example.COM ")).toBe("ann.lee@example.com");
  });

  it("says what is wrong, in the form's own words", () => {
    const field = emailField({ required: "Enter your email.", invalid: "That is not an email." });
    expect(messageOf(field.safeParse(""))).toBe("Enter your email.");
    expect(messageOf(field.safeParse("   "))).toBe("Enter your email.");
    expect(messageOf(field.safeParse(undefined))).toBe("Enter your email.");
    expect(messageOf(field.safeParse("ann@"))).toBe("That is not an email.");
    expect(messageOf(emailField().safeParse(`${"a".repeat(250)}@example.com`))).toBe("Email is too long");
  });
});

describe("passwords", () => {
  it("a new password has at least 6 characters (§9) and is never trimmed", () => {
    expect(messageOf(passwordField().safeParse(""))).toBe("Password is required");
    expect(messageOf(passwordField().safeParse("12345"))).toBe("Password must be at least 6 characters");
    expect(passwordField().parse(" 12345")).toBe(" 12345");
    expect(messageOf(passwordField().safeParse("x".repeat(129)))).toBe("Password must be at most 128 characters");
  });

  it("a password being checked only has to be there", () => {
    expect(currentPasswordField().parse("a")).toBe("a");
    expect(messageOf(currentPasswordField({ required: "Enter your password" }).safeParse(""))).toBe("Enter your password");
  });
});

describe("moneyField", () => {
  it("reads whole units of the currency as its smallest unit: yen whole, dinars in thousandths", () => {
    expect(moneyField({ currency: "jpy" }).parse("4900")).toBe(4900);
    expect(moneyField({ currency: "jpy" }).parse("19.6")).toBe(20);
    expect(moneyField({ currency: "kwd" }).parse("1.5")).toBe(1500);
    expect(moneyField({ currency: "eur" }).parse("19.99")).toBe(1999);
  });

  it("caps at a million whole units in any currency", () => {
    expect(moneyField({ currency: "jpy" }).parse("1000000")).toBe(1_000_000);
    expect(messageOf(moneyField({ currency: "jpy", invalid: "Too much" }).safeParse("1000001"))).toBe("Too much");
    expect(messageOf(moneyField({ currency: "usd", invalid: "Too much" }).safeParse("1000000.01"))).toBe("Too much");
  });
});

describe("moneyField in US dollars", () => {
  it("turns dollars into whole cents, rounded", () => {
    const price = moneyField({ currency: "usd" });
    expect(price.parse("12.345")).toBe(1235);
    expect(price.parse("19.99")).toBe(1999);
    expect(price.parse(" 197 ")).toBe(19700);
    expect(price.parse("1.005")).toBe(101);
    expect(price.parse(".5")).toBe(50);
    expect(price.parse("0")).toBe(0);
    expect(price.parse("-0")).toBe(0);
  });

  it("is 0 when left empty (the default price)", () => {
    expect(moneyField({ currency: "usd" }).parse("")).toBe(0);
    expect(moneyField({ currency: "usd" }).parse(undefined)).toBe(0);
  });

  it("refuses negative amounts and anything that is not a plain number", () => {
    const price = moneyField({ currency: "usd", invalid: "Not a price", negative: "Below zero" });
    expect(messageOf(price.safeParse("-1"))).toBe("Below zero");
    for (const typed of ["ten", "1e3", "$5", "1,000", "1.2.3", "Infinity"]) expect(messageOf(price.safeParse(typed))).toBe("Not a price");
  });
});

describe("text, slugs and checkboxes", () => {
  it("requiredText trims and refuses blank text with the given message", () => {
    const title = requiredText("Title is required", { max: 5 });
    expect(title.parse("  Hi  ")).toBe("Hi");
    expect(messageOf(title.safeParse("   "))).toBe("Title is required");
    expect(messageOf(title.safeParse("toolong"))).toBe("Must be at most 5 characters");
  });

  it("optionalText is empty when missing", () => {
    expect(z.object({ excerpt: optionalText() }).parse({})).toEqual({ excerpt: "" });
  });

  it("slugField cleans a typed slug with the slug rule and may be empty", () => {
    expect(slugField().parse("  My  Great -- Post!! ")).toBe("my-great-post");
    expect(slugField().parse(undefined)).toBe("");
  });

  it("checkboxField is true only when the box was ticked", () => {
    const form = z.object({ remember: checkboxField });
    expect(form.parse({ remember: "on" })).toEqual({ remember: true });
    expect(form.parse({})).toEqual({ remember: false });
  });

  it("imageUrlField keeps this site's paths and https URLs, and drops anything else", () => {
    const cover = imageUrlField();
    for (const kept of ["", "/media/media/courses/1/cover-1.png", "/images/demo/courses/shopify-101.webp", "https://cdn.example/c.png"])
      expect(cover.parse(kept)).toBe(kept);
    expect(cover.parse("  /media/media/a.png ")).toBe("/media/media/a.png");
    for (const dropped of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/x.png",
      "/\\evil.example",
      "http://plain.example/x.png",
      "https://[x",
      "https://exa mple.com/x.png",
      undefined,
    ])
      expect(cover.parse(dropped)).toBe("");
  });
});
