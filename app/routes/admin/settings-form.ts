import { z } from "~/lib/forms/zod";
import { emailField, optionalText, priceDollarsField, requiredText } from "~/lib/forms/fields";
import type { FormValues } from "~/lib/forms/parse-form";
import { isSafeLogoUrl, SELLER_DETAILS_LIMITS, SITE_SETTINGS_LIMITS, type SellerDetails, type SiteSettings } from "~/lib/site-settings";

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
};

export type SettingsField = keyof SettingsFormValues;

/** 9700 → "97", 9750 → "97.50": a price as the form shows it. */
export const centsToDollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** The saved settings as the form shows them. */
export function settingsFormValues(settings: SiteSettings, seller: SellerDetails): SettingsFormValues {
  return {
    schoolName: settings.schoolName,
    tagline: settings.tagline,
    supportEmail: settings.supportEmail,
    logoUrl: settings.logoUrl ?? "",
    membershipMonthly: centsToDollars(settings.membershipMonthlyCents),
    membershipYearly: centsToDollars(settings.membershipYearlyCents),
    courseFallbackPrice: centsToDollars(settings.courseFallbackPriceCents),
    sellerLegalName: seller.legalName,
    sellerAddress: seller.address,
    sellerTaxNumber: seller.taxNumber,
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
    sellerLegalName: field("sellerLegalName"),
    sellerAddress: field("sellerAddress"),
    sellerTaxNumber: field("sellerTaxNumber"),
  };
}

const dollars = priceDollarsField({ invalid: "Enter an amount in dollars, like 97 or 97.50", negative: "A price cannot be negative" });

/** A price in dollars that must be given (the shared price rule reads an empty field as $0). */
const price = (what: string) =>
  z
    .string({ error: `Enter the ${what} price` })
    .trim()
    .min(1, `Enter the ${what} price`)
    .transform((value, context) => {
      const cents = dollars.safeParse(value);
      if (cents.success) return cents.data;
      for (const issue of cents.error.issues) context.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
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
    membershipMonthly: price("monthly membership"),
    membershipYearly: price("yearly membership"),
    courseFallbackPrice: price("single-course"),
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
    }).refine((value) => value === "" || /^[A-Za-z0-9][A-Za-z0-9 .\-/]*$/.test(value), "Use letters, digits, spaces, dots, dashes or slashes, like IE1234567T"),
  })
  .transform((form): SiteSettings & { seller: SellerDetails } => ({
    seller: { legalName: form.sellerLegalName, address: form.sellerAddress, taxNumber: form.sellerTaxNumber },
    schoolName: form.schoolName,
    tagline: form.tagline,
    supportEmail: form.supportEmail,
    logoUrl: form.logoUrl || null,
    membershipMonthlyCents: form.membershipMonthly,
    membershipYearlyCents: form.membershipYearly,
    courseFallbackPriceCents: form.courseFallbackPrice,
  }));
