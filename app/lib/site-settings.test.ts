import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS, isSafeLogoUrl, membershipOffer } from "./site-settings";

const offer = (monthly: number, yearly: number) =>
  membershipOffer({ membershipMonthlyCents: monthly, membershipYearlyCents: yearly, courseFallbackPriceCents: 19700 });

describe("membershipOffer", () => {
  it("says the default prices as the spec does: $97 a month, $970 a year, 2 months free", () => {
    expect(membershipOffer(DEFAULT_SITE_SETTINGS)).toEqual({
      monthlyPrice: "$97",
      yearlyPrice: "$970",
      coursePrice: "$197",
      yearlyDeal: "2 months free",
      yearlyPaidMonths: "ten",
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
