import { EMAIL_MAX, PRICE_MAX_DOLLARS } from "./forms/limits";
import { formatPrice as formatMoneyAsPrice } from "./money";
import { isTimeZone, type DateFormat } from "./dates";

export { isTimeZone };

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
  /** The monthly and yearly plans' free trial, in days; 0: none (docs/decisions/066). */
  membershipTrialDays: number;
  /** Days a payment plan with a declined instalment keeps its course open before it pauses (docs/decisions/069). */
  planGraceDays: number;
  /** The sender of every e-mail (docs/decisions/051): empty name is the school's name; empty address is MAIL_FROM's. */
  senderName: string;
  senderEmail: string;
  /** Where replies go: empty is the support address. */
  replyTo: string;
  /** The site's primary colour, "#rrggbb", at least 4.5:1 against white. */
  brandColor: string;
  /** The tab icon (an uploaded PNG or ICO); null keeps the default. */
  faviconUrl: string | null;
  /** The school's currency, a Stripe currency code in lower case ("usd"); every price is in its smallest unit. */
  currency: string;
  /** The IANA time zone and the format of the dates shown to people. */
  timeZone: string;
  dateFormat: DateFormat;
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
  membershipTrialDays: 0,
  planGraceDays: 7,
  senderName: "",
  senderEmail: "",
  replyTo: "",
  brandColor: "#4338ca",
  faviconUrl: null,
  currency: "usd",
  timeZone: "UTC",
  dateFormat: "MMM d, yyyy",
});

/**
 * The seller as invoices name it (docs/decisions/047): the legal name, the postal address (lines)
 * and the tax number. Not public: not in SiteSettings, read only by the settings screen and invoices.
 */
export type SellerDetails = { legalName: string; address: string; taxNumber: string };

export const SELLER_DETAILS_LIMITS = { legalName: 200, address: 500, taxNumber: 40 } as const;

/** The longest free trial the settings take. */
export const MEMBERSHIP_TRIAL_DAYS_MAX = 90;

/** The shortest and longest grace period of an overdue payment plan the settings take. */
export const PLAN_GRACE_DAYS = { min: 1, max: 60 } as const;

export const SITE_SETTINGS_LIMITS = {
  schoolName: 80,
  tagline: 200,
  supportEmail: EMAIL_MAX,
  logoUrl: 2000,
  /** The shared price ceiling ($1,000,000), far below the integer column's limit. */
  priceCents: PRICE_MAX_DOLLARS * 100,
  senderName: 80,
  timeZone: 64,
} as const;

/** WCAG AA for body text: the brand colour carries white text (buttons, links on white). */
export const BRAND_CONTRAST_MIN = 4.5;

/** "#4338CA" → "#4338ca"; "#abc" → "#aabbcc"; null when it is not a hex colour. */
export function normaliseHexColor(value: string) {
  const text = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  if (/^#[0-9a-f]{3}$/.test(text)) return `#${[...text.slice(1)].map((digit) => digit + digit).join("")}`;
  return null;
}

/** The WCAG 2 contrast ratio of a "#rrggbb" colour against white (1 to 21). */
export function contrastWithWhite(hex: string) {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

/** Why a brand colour is refused, or null when it is fine: not a colour, or too light for white text. */
export function brandColorProblem(value: string) {
  const hex = normaliseHexColor(value);
  if (!hex) return "Enter a colour as #rrggbb, like #4338ca";
  const ratio = contrastWithWhite(hex);
  // Rounded down, so a colour is never shown as passing at "4.50:1" while it is 4.498:1.
  if (ratio < BRAND_CONTRAST_MIN) {
    return `${hex} has a contrast of ${(Math.floor(ratio * 100) / 100).toFixed(2)}:1 against white; white text on it needs at least 4.5:1 (WCAG AA). Choose a darker colour`;
  }
  return null;
}

/** An e-mail address with a domain: "hello@school.example", not "hello" nor "hello@school". */
export function isSenderAddress(value: string) {
  return /^[^\s@<>"(),;:]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i.test(value);
}

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
  settings: Pick<SiteSettings, "membershipMonthlyCents" | "membershipYearlyCents" | "courseFallbackPriceCents" | "currency"> &
    Partial<Pick<SiteSettings, "membershipTrialDays">>,
) {
  const trialDays = settings.membershipTrialDays ?? 0;
  const formatPrice = (minorUnits: number) => formatMoneyAsPrice(minorUnits, settings.currency);
  const monthly = settings.membershipMonthlyCents;
  const saving = monthly * 12 - settings.membershipYearlyCents;
  const monthsFree = monthly > 0 && saving > 0 && saving % monthly === 0 ? saving / monthly : null;
  return {
    monthlyPrice: formatPrice(monthly),
    yearlyPrice: formatPrice(settings.membershipYearlyCents),
    coursePrice: formatPrice(settings.courseFallbackPriceCents),
    /** "2 months free", "save $50", or null when a year costs no less than twelve months. */
    yearlyDeal: monthsFree ? `${monthsFree} month${monthsFree === 1 ? "" : "s"} free` : saving > 0 ? `save ${formatPrice(saving)}` : null,
    /** The plans' free trial as the pricing page says it (docs/decisions/066), or null when there is none. */
    trial: trialDays > 0 ? `${trialDays}-day free trial: your first charge is ${trialDays} days after you start, and nothing is charged if you cancel before` : null,
    /** "ten" when a year costs ten months, else null. */
    yearlyPaidMonths: monthsFree ? MONTH_WORDS[12 - monthsFree] || null : null,
  };
}

export type MembershipOffer = ReturnType<typeof membershipOffer>;

/** "save $50" → "Save $50"; "2 months free" stays as it is. */
export const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
