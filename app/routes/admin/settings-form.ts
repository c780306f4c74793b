import { z } from "~/lib/forms/zod";
import { emailField, optionalText, requiredText } from "~/lib/forms/fields";
import type { FormValues } from "~/lib/forms/parse-form";
import { isStripeCurrency } from "~/lib/currencies";
import { DATE_FORMATS, isDateFormat } from "~/lib/dates";
import { fromMinorUnits, toMinorUnits } from "~/lib/money";
import {
  brandColorProblem,
  isSafeLogoUrl,
  MEMBERSHIP_TRIAL_DAYS_MAX,
  PLAN_GRACE_DAYS,
  isSenderAddress,
  isTimeZone,
  normaliseHexColor,
  SELLER_DETAILS_LIMITS,
  SITE_SETTINGS_LIMITS,
  type SellerDetails,
  type SiteSettings,
} from "~/lib/site-settings";

/** What the form sends and shows: text as typed, prices in dollars. */
export type SettingsFormValues = {
  schoolName: string;
  tagline: string;
  supportEmail: string;
  logoUrl: string;
  membershipMonthly: string;
  membershipYearly: string;
  courseFallbackPrice: string;
  sellerLegalName: string;
  sellerAddress: string;
  sellerTaxNumber: string;
  senderName: string;
  senderEmail: string;
  replyTo: string;
  brandColor: string;
  faviconUrl: string;
  currency: string;
  timeZone: string;
  dateFormat: string;
  membershipTrialDays: string;
  planGraceDays: string;
  /** "on" when abandoned checkouts get their one reminder (a checkbox: absent when unticked). */
  checkoutReminders: string;
};

export type SettingsField = keyof SettingsFormValues;

/** The saved settings as the form shows them. */
export function settingsFormValues(settings: SiteSettings, seller: SellerDetails, checkoutReminders: boolean): SettingsFormValues {
  return {
    schoolName: settings.schoolName,
    tagline: settings.tagline,
    supportEmail: settings.supportEmail,
    logoUrl: settings.logoUrl ?? "",
    membershipMonthly: fromMinorUnits(settings.membershipMonthlyCents, settings.currency),
    membershipYearly: fromMinorUnits(settings.membershipYearlyCents, settings.currency),
    courseFallbackPrice: fromMinorUnits(settings.courseFallbackPriceCents, settings.currency),
    membershipTrialDays: String(settings.membershipTrialDays),
    planGraceDays: String(settings.planGraceDays),
    sellerLegalName: seller.legalName,
    sellerAddress: seller.address,
    sellerTaxNumber: seller.taxNumber,
    senderName: settings.senderName,
    senderEmail: settings.senderEmail,
    replyTo: settings.replyTo,
    brandColor: settings.brandColor,
    faviconUrl: settings.faviconUrl ?? "",
    currency: settings.currency,
    timeZone: settings.timeZone,
    dateFormat: settings.dateFormat,
    checkoutReminders: checkoutReminders ? "on" : "",
  };
}

/** What was typed, every field present, for a refused form to show again. */
export function typedSettingsValues(values: FormValues): SettingsFormValues {
  const field = (name: SettingsField) => values[name] ?? "";
  return {
    schoolName: field("schoolName"),
    tagline: field("tagline"),
    supportEmail: field("supportEmail"),
    logoUrl: field("logoUrl"),
    membershipMonthly: field("membershipMonthly"),
    membershipYearly: field("membershipYearly"),
    courseFallbackPrice: field("courseFallbackPrice"),
    membershipTrialDays: field("membershipTrialDays"),
    planGraceDays: field("planGraceDays"),
    sellerLegalName: field("sellerLegalName"),
    sellerAddress: field("sellerAddress"),
    sellerTaxNumber: field("sellerTaxNumber"),
    senderName: field("senderName"),
    senderEmail: field("senderEmail"),
    replyTo: field("replyTo"),
    brandColor: field("brandColor"),
    faviconUrl: field("faviconUrl"),
    currency: field("currency"),
    timeZone: field("timeZone"),
    dateFormat: field("dateFormat"),
    checkoutReminders: field("checkoutReminders"),
  };
}

/**
 * A price in the school's currency, in whole units as typed ("97", "97.50"; "500" for yen); turned
 * into the smallest unit once the currency (a field of the same form) is known.
 */
const price = (what: string) =>
  z
    .string({ error: `Enter the ${what} price` })
    .trim()
    .min(1, `Enter the ${what} price`)
    .refine((value) => value === "" || /^-?(\d+\.?\d*|\.\d+)$/.test(value), "Enter an amount, like 97 or 97.50")
    .refine((value) => !value.startsWith("-"), "A price cannot be negative");

/** An address mail is sent from or replied to: empty for the default, else one with a domain. */
const senderAddress = (what: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(SITE_SETTINGS_LIMITS.supportEmail, "That email address is too long")
    .superRefine((value, context) => {
      if (value === "" || isSenderAddress(value)) return;
      context.addIssue({
        code: "custom",
        message: value.includes("@")
          ? `The ${what} needs a full domain after the @, like hello@your-school.com`
          : `The ${what} needs an @ and a domain, like hello@your-school.com`,
      });
    });

/** The Settings form, parsed again by the action; its output is what updateSiteSettings saves. */
export const settingsForm = z
  .object({
    intent: z.literal("save"),
    schoolName: requiredText("Enter the school's name", {
      max: SITE_SETTINGS_LIMITS.schoolName,
      tooLong: `Keep the name to ${SITE_SETTINGS_LIMITS.schoolName} characters or fewer`,
    }),
    tagline: optionalText({
      max: SITE_SETTINGS_LIMITS.tagline,
      tooLong: `Keep the tagline to ${SITE_SETTINGS_LIMITS.tagline} characters or fewer`,
    }),
    supportEmail: emailField({
      required: "Enter the support email address",
      invalid: "Enter a valid email address, like help@your-school.com",
      tooLong: "That email address is too long",
    }),
    logoUrl: optionalText({ max: SITE_SETTINGS_LIMITS.logoUrl, tooLong: "That address is too long" }).refine(
      (value) => value === "" || isSafeLogoUrl(value),
      "Upload an image, or give a path on this site (/images/…) or an https:// address",
    ),
    senderName: optionalText({
      max: SITE_SETTINGS_LIMITS.senderName,
      tooLong: `Keep the sender's name to ${SITE_SETTINGS_LIMITS.senderName} characters or fewer`,
    }),
    senderEmail: senderAddress("sender address"),
    replyTo: senderAddress("reply-to address"),
    brandColor: z
      .string({ error: "Enter the brand colour" })
      .trim()
      .superRefine((value, context) => {
        const problem = brandColorProblem(value);
        if (problem) context.addIssue({ code: "custom", message: problem });
      })
      .transform((value) => normaliseHexColor(value)!),
    faviconUrl: optionalText({ max: SITE_SETTINGS_LIMITS.logoUrl, tooLong: "That address is too long" }).refine(
      (value) => value === "" || isSafeLogoUrl(value),
      "Upload a PNG or ICO icon",
    ),
    currency: z
      .string({ error: "Choose a currency" })
      .trim()
      .toLowerCase()
      .refine(isStripeCurrency, "Choose a currency Stripe charges in, like USD, EUR or JPY"),
    timeZone: z
      .string({ error: "Choose a time zone" })
      .trim()
      .refine(isTimeZone, "Choose a time zone by its IANA name, like Europe/Dublin or America/New_York"),
    dateFormat: z.string({ error: "Choose a date format" }).refine(isDateFormat, `Choose one of ${DATE_FORMATS.join(", ")}`),
    checkoutReminders: z.literal("on").optional(),
    membershipMonthly: price("monthly membership"),
    membershipYearly: price("yearly membership"),
    courseFallbackPrice: price("single-course"),
    membershipTrialDays: z
      .string({ error: "Enter the trial's length in days (0 for no trial)" })
      .trim()
      .regex(/^\d{1,3}$/, "Enter whole days, like 14, or 0 for no trial")
      .transform(Number)
      .refine((days) => days <= MEMBERSHIP_TRIAL_DAYS_MAX, `A trial can last at most ${MEMBERSHIP_TRIAL_DAYS_MAX} days`),
    planGraceDays: z
      .string({ error: "Enter the grace period in days" })
      .trim()
      .regex(/^\d{1,3}$/, "Enter whole days, like 7")
      .transform(Number)
      .refine(
        (days) => days >= PLAN_GRACE_DAYS.min && days <= PLAN_GRACE_DAYS.max,
        `Give between ${PLAN_GRACE_DAYS.min} and ${PLAN_GRACE_DAYS.max} days`,
      ),
    sellerLegalName: optionalText({
      max: SELLER_DETAILS_LIMITS.legalName,
      tooLong: `Keep the legal name to ${SELLER_DETAILS_LIMITS.legalName} characters or fewer`,
    }),
    sellerAddress: optionalText({
      max: SELLER_DETAILS_LIMITS.address,
      tooLong: `Keep the address to ${SELLER_DETAILS_LIMITS.address} characters or fewer`,
    }),
    sellerTaxNumber: optionalText({
      max: SELLER_DETAILS_LIMITS.taxNumber,
      tooLong: `Keep the tax number to ${SELLER_DETAILS_LIMITS.taxNumber} characters or fewer`,
    }).refine(
      (value) => value === "" || /^[A-Za-z0-9][A-Za-z0-9 .\-/]*$/.test(value),
      "Use letters, digits, spaces, dots, dashes or slashes, like IE1234567T",
    ),
  })
  .transform((form, context): SiteSettings & { seller: SellerDetails; checkoutReminders: boolean } => {
    const minor = (field: "membershipMonthly" | "membershipYearly" | "courseFallbackPrice") => {
      const amount = toMinorUnits(form[field], form.currency);
      if (amount > SITE_SETTINGS_LIMITS.priceCents) {
        context.addIssue({ code: "custom", path: [field], message: "That price is too large" });
      }
      return amount || 0;
    };
    return {
      seller: { legalName: form.sellerLegalName, address: form.sellerAddress, taxNumber: form.sellerTaxNumber },
      checkoutReminders: form.checkoutReminders === "on",
      schoolName: form.schoolName,
      tagline: form.tagline,
      supportEmail: form.supportEmail,
      logoUrl: form.logoUrl || null,
      membershipMonthlyCents: minor("membershipMonthly"),
      membershipYearlyCents: minor("membershipYearly"),
      courseFallbackPriceCents: minor("courseFallbackPrice"),
      membershipTrialDays: form.membershipTrialDays,
      planGraceDays: form.planGraceDays,
      senderName: form.senderName,
      senderEmail: form.senderEmail,
      replyTo: form.replyTo,
      brandColor: form.brandColor,
      faviconUrl: form.faviconUrl || null,
      currency: form.currency,
      timeZone: form.timeZone,
      dateFormat: form.dateFormat as SiteSettings["dateFormat"],
    };
  });
