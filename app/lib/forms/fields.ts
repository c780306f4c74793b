import { z } from "~/lib/forms/zod";
import { isImageUrl } from "~/lib/image-url";
import { currencyExponent } from "~/lib/currencies";
import { toMinorUnits } from "~/lib/money";
import { slugify } from "~/lib/slug";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, PERSON_NAME_MAX, PRICE_MAX_DOLLARS, SLUG_MAX } from "./limits";

/**
 * Field schemas every form shares, so an email, a password, a slug or a price means the same
 * thing on every page. Safe on both sides: the forms' schemas are built from them and parsed
 * by the actions; pages take the numbers for their inputs from ./limits.
 * Messages can be worded per form; the rules cannot.
 */

/** Trimmed and lower-cased before the format check, everywhere: " Ann@Example.COM " is "ann@example.com". */
export function emailField({
  required = "Email is required",
  invalid = "Please enter a valid email address",
  tooLong = "Email is too long",
}: { required?: string; invalid?: string; tooLong?: string } = {}) {
  return z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(EMAIL_MAX, tooLong)
    .pipe(z.email({ error: invalid }));
}

/** A password being chosen (sign-up, reset, change): the length rules (`min`: ADMIN_PASSWORD_MIN for an admin's). Never trimmed. */
export function passwordField({
  min = PASSWORD_MIN,
  required = "Password is required",
  tooShort = `Password must be at least ${min} characters`,
  tooLong = `Password must be at most ${PASSWORD_MAX} characters`,
}: { min?: number; required?: string; tooShort?: string; tooLong?: string } = {}) {
  return z.string({ error: required }).min(1, required).min(min, tooShort).max(PASSWORD_MAX, tooLong);
}

/**
 * A password being checked (sign-in, confirming an action): present, and no longer than any
 * password that can be set, since a longer one cannot be right.
 */
export function currentPasswordField({
  required = "Password is required",
  tooLong = "That password is not correct.",
}: { required?: string; tooLong?: string } = {}) {
  return z.string({ error: required }).min(1, required).max(PASSWORD_MAX, tooLong);
}

/** Line breaks, tabs and other control characters (C0, DEL, C1), and the bidirectional overrides. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * A person's name, on every path into the users table: the sign-up and account forms, the owner
 * setup, and Better Auth's own endpoints (auth.server.ts). Trimmed, one line, at most
 * PERSON_NAME_MAX characters; `required` makes empty an error, else empty is allowed.
 */
export function personNameField({
  required,
  tooLong = `Name must be at most ${PERSON_NAME_MAX} characters`,
  invalid = "Name must be one line of text, without control characters",
}: { required?: string; tooLong?: string; invalid?: string } = {}) {
  const text = z
    .string({ error: required ?? "Name must be text" })
    .trim()
    .max(PERSON_NAME_MAX, tooLong)
    .refine((value) => !CONTROL_CHARACTERS.test(value), invalid);
  return required ? text.pipe(z.string().min(1, required)) : text;
}

/** Trimmed text that must not be empty. */
export function requiredText(message: string, { max = 1000, tooLong }: { max?: number; tooLong?: string } = {}) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, tooLong ?? `Must be at most ${max} characters`);
}

/** Trimmed text that may be empty (a missing field counts as empty). */
export function optionalText({ max = 1000, tooLong }: { max?: number; tooLong?: string } = {}) {
  return z
    .string()
    .trim()
    .max(max, tooLong ?? `Must be at most ${max} characters`)
    .optional()
    .transform((value) => value ?? "");
}

/**
 * A slug as typed, cleaned with the slug rule (§5). It may come out empty: the domain then makes
 * one from the title and makes it unique.
 */
export function slugField({ max = SLUG_MAX, tooLong }: { max?: number; tooLong?: string } = {}) {
  return z
    .string()
    .trim()
    .max(max, tooLong ?? `Must be at most ${max} characters`)
    .optional()
    .transform((value) => slugify(value ?? ""));
}

/**
 * An amount of money typed in whole units of the school's currency, as its smallest unit, rounded
 * (§5: a number, minimum 0; for USD step 0.01, stored as rounded cents): ("12.345", usd) → 1235,
 * ("500", jpy) → 500, ("1.5", kwd) → 1500. Empty is 0, the default price. `maxMinor` is in the
 * smallest unit; by default a million whole units.
 */
export function moneyField({
  currency,
  invalid = "Price must be a number",
  negative = "Price cannot be negative",
  maxMinor = PRICE_MAX_DOLLARS * 10 ** currencyExponent(currency),
}: {
  currency: string;
  invalid?: string;
  negative?: string;
  maxMinor?: number;
}) {
  return z
    .string({ error: invalid })
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return 0;
      // Plain decimals only: no exponents, no thousands separators, no currency sign.
      const minor = /^-?(\d+\.?\d*|\.\d+)$/.test(value) ? toMinorUnits(value, currency) : Number.NaN;
      if (Number.isNaN(minor) || minor > maxMinor) {
        context.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      if (minor < 0) {
        context.addIssue({ code: "custom", message: negative });
        return z.NEVER;
      }
      return minor || 0; // "-0" is 0
    });
}

/**
 * An image the site shows (a cover): a path on this site ("/media/…" for uploads, "/images/…" for
 * the demo art) or an absolute https URL, checked with `new URL` like every reader of it
 * (~/lib/image-url). Anything else (javascript:, data:, "//other.host", plain http, "https://[x")
 * is dropped rather than saved, as no form lets anyone type it.
 */
export function imageUrlField({ max = 2000 }: { max?: number } = {}) {
  return z
    .string()
    .trim()
    .max(max)
    .refine((value) => value === "" || isImageUrl(value))
    .catch("");
}

/** A checkbox: the browser sends its value ("on") when ticked and nothing when not. */
export const checkboxField = z
  .string()
  .optional()
  .transform((value) => value !== undefined && value !== "" && value !== "off");
