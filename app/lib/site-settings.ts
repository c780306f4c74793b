import { EMAIL_MAX, PRICE_MAX_DOLLARS } from "./forms/limits";
import { formatPrice } from "./money";

/**
 * What the school's owner changes without a code change, as Ghost's settings: its name, words,
 * logo and prices. One row of `site_settings`; every page, e-mail and the checkout read it.
 * All of it is public (the root loader sends it to every page). The rules a saved value keeps (a zod
 * schema) live on the server, in settings/site-settings.server.ts: this module is in every page's bundle.
 */
export type SiteSettings = {
  schoolName: string;
  tagline: string;
  supportEmail: string;
  /** The header logo and the logo in structured data; null shows the name as text. */
  logoUrl: string | null;
  membershipMonthlyCents: number;
  membershipYearlyCents: number;
  /** The single-course price shown where no particular course is meant ("$197 for a typical course"). */
  courseFallbackPriceCents: number;
};

/**
 * The settings of a new school (the database's column defaults are built from these) and what
 * pages show if the row cannot be read. The only place the demo school's name is written out,
 * besides the demo content.
 */
export const DEFAULT_SITE_SETTINGS: Readonly<SiteSettings> = Object.freeze({
  schoolName: "Launchpad Academy",
  tagline: "Practical courses for Shopify, AI and automation, built by people who run real stores.",
  supportEmail: "support@launchpad.localhost",
  logoUrl: "/images/logo.svg",
  membershipMonthlyCents: 9700,
  membershipYearlyCents: 97000,
  courseFallbackPriceCents: 19700,
});

/**
 * The seller as invoices name it (docs/decisions/047): the legal name, the postal address (lines)
 * and the tax number. Not public: not in SiteSettings, read only by the settings screen and invoices.
 */
export type SellerDetails = { legalName: string; address: string; taxNumber: string };

export const SELLER_DETAILS_LIMITS = { legalName: 200, address: 500, taxNumber: 40 } as const;

export const SITE_SETTINGS_LIMITS = {
  schoolName: 80,
  tagline: 200,
  supportEmail: EMAIL_MAX,
  logoUrl: 2000,
  /** The shared price ceiling ($1,000,000), far below the integer column's limit. */
  priceCents: PRICE_MAX_DOLLARS * 100,
} as const;

/** The Settings screen's messages, in one place. */
export const SETTINGS_MESSAGES = {
  saved: "Settings saved",
  invalid: "Please correct the highlighted fields",
  saveFailed: "Failed to save settings",
} as const;

/**
 * A logo is one of our own paths ("/images/…", "/media/…") or an absolute https URL. Not "//host"
 * or "/\host", which browsers read as another host, and nothing with spaces or quotes.
 */
export function isSafeLogoUrl(url: string) {
  return /^\/(?![/\\])[^\s\\"'<>]*$/.test(url) || /^https:\/\/[^\s\\"'<>]+$/.test(url);
}

const MONTH_WORDS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"];

/**
 * The prices as the marketing copy says them. The yearly deal follows from the two prices:
 * 9700 a month and 97000 a year is "2 months free", a year at the price of "ten" months.
 */
export function membershipOffer(
  settings: Pick<SiteSettings, "membershipMonthlyCents" | "membershipYearlyCents" | "courseFallbackPriceCents">,
) {
  const monthly = settings.membershipMonthlyCents;
  const saving = monthly * 12 - settings.membershipYearlyCents;
  const monthsFree = monthly > 0 && saving > 0 && saving % monthly === 0 ? saving / monthly : null;
  return {
    monthlyPrice: formatPrice(monthly),
    yearlyPrice: formatPrice(settings.membershipYearlyCents),
    coursePrice: formatPrice(settings.courseFallbackPriceCents),
    /** "2 months free", "save $50", or null when a year costs no less than twelve months. */
    yearlyDeal: monthsFree ? `${monthsFree} month${monthsFree === 1 ? "" : "s"} free` : saving > 0 ? `save ${formatPrice(saving)}` : null,
    /** "ten" when a year costs ten months, else null. */
    yearlyPaidMonths: monthsFree ? MONTH_WORDS[12 - monthsFree] || null : null,
  };
}

export type MembershipOffer = ReturnType<typeof membershipOffer>;

/** "save $50" → "Save $50"; "2 months free" stays as it is. */
export const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
