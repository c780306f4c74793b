import { describe, expect, it } from "vitest";
import {
  brandColorProblem,
  contrastWithWhite,
  DEFAULT_SITE_SETTINGS,
  isSafeLogoUrl,
  isSenderAddress,
  isTimeZone,
  membershipOffer,
  normaliseHexColor,
} from "./site-settings";

const offer = (monthly: number, yearly: number) =>
  membershipOffer({ membershipMonthlyCents: monthly, membershipYearlyCents: yearly, courseFallbackPriceCents: 19700, currency: "usd" });

describe("membershipOffer", () => {
  it("says the default prices as the spec does: $97 a month, $970 a year, 2 months free", () => {
    expect(membershipOffer(DEFAULT_SITE_SETTINGS)).toEqual({
      monthlyPrice: "$97",
      yearlyPrice: "$970",
      coursePrice: "$197",
      yearlyDeal: "2 months free",
      yearlyPaidMonths: "ten",
      trial: null,
    });
  });

  it("derives the yearly deal from the two prices", () => {
    expect(offer(4950, 49500)).toMatchObject({ monthlyPrice: "$49.50", yearlyPrice: "$495", yearlyDeal: "2 months free" });
    expect(offer(1000, 11000)).toMatchObject({ yearlyDeal: "1 month free", yearlyPaidMonths: "eleven" });
    expect(offer(1000, 11500)).toMatchObject({ yearlyDeal: "save $5", yearlyPaidMonths: null });
    expect(offer(1000, 12000)).toMatchObject({ yearlyDeal: null, yearlyPaidMonths: null });
    expect(offer(0, 0)).toMatchObject({ monthlyPrice: "$0", yearlyDeal: null });
  });
});

describe("isSafeLogoUrl", () => {
  it("accepts our own paths and https addresses", () => {
    for (const url of ["/images/logo.svg", "/media/site/logo-1.png", "https://cdn.example/logo.png"])
      expect(isSafeLogoUrl(url), url).toBe(true);
  });

  it("refuses other hosts in disguise, other schemes and markup", () => {
    for (const url of [
      "//evil.example/x.png",
      "/\\evil.example/x.png",
      "http://cdn.example/logo.png",
      "javascript:alert(1)",
      "data:image/png;base64,AA",
      "/a b.png",
      '/x.png"onerror=1',
      "logo.png",
    ])
      expect(isSafeLogoUrl(url), url).toBe(false);
  });
});

describe("the brand colour", () => {
  it("computes WCAG contrast against white", () => {
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1, 5);
    expect(contrastWithWhite("#4338ca")).toBeGreaterThan(4.5);
  });

  it("refuses a colour too light for white text, with the ratio", () => {
    expect(brandColorProblem("#4338ca")).toBeNull();
    expect(brandColorProblem("#767676")).toBeNull(); // 4.54:1, the lightest grey that passes
    expect(brandColorProblem("#777777")).toMatch(/^#777777 has a contrast of 4\.47:1 against white; .*at least 4\.5:1 \(WCAG AA\)/);
    expect(brandColorProblem("#ffcc00")).toMatch(/contrast of 1\.\d\d:1/);
    expect(brandColorProblem("indigo")).toBe("Enter a colour as #rrggbb, like #4338ca");
    expect(brandColorProblem("#43c;}")).toBe("Enter a colour as #rrggbb, like #4338ca");
  });

  it("normalises the ways a hex colour is typed", () => {
    expect(normaliseHexColor(" #4338CA ")).toBe("#4338ca");
    expect(normaliseHexColor("#abc")).toBe("#aabbcc");
    expect(normaliseHexColor("4338ca")).toBeNull();
  });
});

describe("the sender and the time zone", () => {
  it("needs a sender address with a domain", () => {
    expect(isSenderAddress("hello@harbour.example")).toBe(true);
    expect(isSenderAddress("hello")).toBe(false);
    expect(isSenderAddress("hello@harbour")).toBe(false);
    expect(isSenderAddress("hello@")).toBe(false);
    expect(isSenderAddress("a b@harbour.example")).toBe(false);
  });

  it("takes IANA zones Intl knows", () => {
    expect(isTimeZone("Europe/Dublin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
