import { z } from "~/lib/forms/zod";
import { priceDollarsField } from "~/lib/forms/fields";
import { AFFILIATE_JOIN_POLICIES, COMMISSION_TYPES, type CommissionType } from "./domain-values";

/**
 * The affiliate program's rules both sides read (docs/decisions/063-affiliates.md): how a code is
 * written, the limits of the owner's settings, how a commission is computed, and the forms.
 */

export const AFFILIATE_CODE_MIN = 3;
export const AFFILIATE_CODE_MAX = 40;
/** Letters, digits and hyphens; unique whatever the case ("Ann" and "ANN" are one code). */
export const AFFILIATE_CODE_PATTERN = /^[A-Za-z0-9-]+$/;
export const AFFILIATE_COOKIE_DAYS = { min: 1, max: 365, default: 30 } as const;
export const AFFILIATE_HOLD_DAYS = { min: 0, max: 365, default: 30 } as const;
export const AFFILIATES_PAGE_SIZE = 25;
export const AFFILIATES_MAX_QUERY_LENGTH = 100;
export const PAYOUT_DETAILS_MAX = 500;
export const PAYOUT_REFERENCE_MAX = 200;

export const AFFILIATE_MESSAGES = {
  codeRequired: "Enter a code",
  codeShape: "Use only letters, digits and hyphens (no spaces)",
  codeLength: `Use ${AFFILIATE_CODE_MIN} to ${AFFILIATE_CODE_MAX} characters`,
  codeTaken: "This code is taken; choose another",
  percentRange: "Enter a percentage from 0 to 100",
  fixedInvalid: "Enter an amount, like 5 or 12.50",
  fixedNegative: "The amount cannot be negative",
  cookieRange: `Enter a number of days from ${AFFILIATE_COOKIE_DAYS.min} to ${AFFILIATE_COOKIE_DAYS.max}`,
  holdRange: `Enter a number of days from ${AFFILIATE_HOLD_DAYS.min} to ${AFFILIATE_HOLD_DAYS.max}`,
  settingsSaved: "Affiliate program saved",
  affiliateSaved: "Affiliate saved",
  approved: "Affiliate approved",
  paused: "Affiliate paused",
  removed: "Affiliate removed",
  notFound: "This affiliate no longer exists",
  joined: "You joined the affiliate program",
  joinRequested: "Thanks! Your request is pending approval",
  joinClosed: "The affiliate program is not open to new affiliates",
  payoutDetailsSaved: "Payout details saved",
  payoutDetailsLength: `Use at most ${PAYOUT_DETAILS_MAX} characters`,
  listFailed: "Failed to fetch affiliates",
  payoutNothingSelected: "Choose at least one affiliate to pay",
  payoutNotPayable: "A chosen affiliate has no payable balance; nothing was paid",
  payoutDateRequired: "Enter the date of the payment",
  payoutReferenceRequired: "Enter a reference for the payment",
  payoutDone: "Payouts recorded",
} as const;

/** A code as typed, trimmed; refused with the reason when it has spaces, HTML or the wrong length. */
export const affiliateCodeField = z
  .string({ error: AFFILIATE_MESSAGES.codeRequired })
  .trim()
  .min(1, AFFILIATE_MESSAGES.codeRequired)
  .refine((code) => AFFILIATE_CODE_PATTERN.test(code), AFFILIATE_MESSAGES.codeShape)
  .refine((code) => code.length >= AFFILIATE_CODE_MIN && code.length <= AFFILIATE_CODE_MAX, AFFILIATE_MESSAGES.codeLength);

/** A whole number from a text field within [min, max], or the message. */
function wholeNumberField({ min, max, message }: { min: number; max: number; message: string }) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => /^\d+$/.test(value), message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);
}

const percentField = wholeNumberField({ min: 0, max: 100, message: AFFILIATE_MESSAGES.percentRange });
const fixedField = priceDollarsField({ invalid: AFFILIATE_MESSAGES.fixedInvalid, negative: AFFILIATE_MESSAGES.fixedNegative });

/** A commission as the forms send it: its type, and the percentage or the amount that type uses. */
const commissionFields = {
  commissionType: z.enum(COMMISSION_TYPES),
  commissionPercent: z.string().optional(),
  commissionFixed: z.string().optional(),
};

type CommissionTyped = { commissionType: CommissionType; commissionPercent?: string; commissionFixed?: string };

/** Parses the field the type uses (the other is ignored), adding the issue to that field. */
function parseCommission(value: CommissionTyped, context: z.RefinementCtx) {
  if (value.commissionType === "percent") {
    const percent = percentField.safeParse(value.commissionPercent ?? "");
    if (!percent.success) {
      context.addIssue({ code: "custom", path: ["commissionPercent"], message: AFFILIATE_MESSAGES.percentRange });
      return z.NEVER;
    }
    return { commissionType: "percent" as const, commissionPercent: percent.data, commissionFixedCents: 0 };
  }
  const fixed = fixedField.safeParse(value.commissionFixed ?? "");
  if (!fixed.success) {
    context.addIssue({
      code: "custom",
      path: ["commissionFixed"],
      message: fixed.error.issues[0]?.message ?? AFFILIATE_MESSAGES.fixedInvalid,
    });
    return z.NEVER;
  }
  return { commissionType: "fixed" as const, commissionPercent: 0, commissionFixedCents: fixed.data };
}

/** Admin → Affiliates: the program's settings. */
export const affiliateSettingsForm = z
  .object({
    intent: z.literal("settings"),
    enabled: z
      .string()
      .optional()
      .transform((value) => value === "on"),
    joinPolicy: z.enum(AFFILIATE_JOIN_POLICIES),
    ...commissionFields,
    cookieDays: wholeNumberField({ ...AFFILIATE_COOKIE_DAYS, message: AFFILIATE_MESSAGES.cookieRange }),
    holdDays: wholeNumberField({ ...AFFILIATE_HOLD_DAYS, message: AFFILIATE_MESSAGES.holdRange }),
  })
  .transform((value, context) => {
    const commission = parseCommission(value, context);
    return { enabled: value.enabled, joinPolicy: value.joinPolicy, cookieDays: value.cookieDays, holdDays: value.holdDays, ...commission };
  });

export type AffiliateSettingsInput = z.output<typeof affiliateSettingsForm>;

/** The affiliates list's row buttons. */
export const affiliateRowForm = z.object({ intent: z.enum(["approve", "pause", "remove"]), id: z.string().min(1) });

/** One affiliate's page in the back office: status buttons, and their own terms. */
export const affiliateAdminForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  z.object({ intent: z.literal("pause") }),
  z.object({ intent: z.literal("remove") }),
  z
    .object({
      intent: z.literal("terms"),
      ownCommission: z
        .string()
        .optional()
        .transform((value) => value === "on"),
      ...commissionFields,
      courseIds: z
        .string()
        .optional()
        .transform((value) => (value ?? "").split(",").filter(Boolean)),
    })
    .transform((value, context) => {
      const commission = value.ownCommission ? parseCommission(value, context) : null;
      return { intent: value.intent, commission, courseIds: value.courseIds };
    }),
]);

export type AffiliateTermsInput = {
  commission: { commissionType: CommissionType; commissionPercent: number; commissionFixedCents: number } | null;
  courseIds: string[];
};

/** The account's join form: a code of one's own, or none (one is made from their name). */
export const affiliateJoinForm = z.object({
  intent: z.literal("join"),
  code: z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .pipe(z.union([z.literal(""), affiliateCodeField])),
});

export const payoutDetailsForm = z.object({
  intent: z.literal("payoutDetails"),
  payoutDetails: z.string().trim().max(PAYOUT_DETAILS_MAX, AFFILIATE_MESSAGES.payoutDetailsLength),
});

/**
 * The commission on what was paid before tax: a whole percentage rounded down to the cent (the
 * school never pays a fraction it did not earn), or the fixed amount, never more than the base.
 */
export function commissionOn({
  baseCents,
  commissionType,
  commissionPercent,
  commissionFixedCents,
}: {
  baseCents: number;
  commissionType: CommissionType;
  commissionPercent: number;
  commissionFixedCents: number;
}) {
  if (baseCents <= 0) return 0;
  if (commissionType === "percent") return Math.floor((baseCents * commissionPercent) / 100);
  return Math.min(commissionFixedCents, baseCents);
}

/** Admin → Affiliates → Payouts: the chosen affiliates (one checkbox each, read as one comma-separated field), the date and a reference. */
export const payoutBatchForm = z.object({
  intent: z.literal("pay"),
  affiliateIds: z
    .string()
    .optional()
    .transform((value) => (value ?? "").split(",").filter(Boolean))
    .refine((ids) => ids.length > 0, AFFILIATE_MESSAGES.payoutNothingSelected),
  paidOn: z
    .string({ error: AFFILIATE_MESSAGES.payoutDateRequired })
    .trim()
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      AFFILIATE_MESSAGES.payoutDateRequired,
    ),
  reference: z
    .string({ error: AFFILIATE_MESSAGES.payoutReferenceRequired })
    .trim()
    .min(1, AFFILIATE_MESSAGES.payoutReferenceRequired)
    .max(PAYOUT_REFERENCE_MAX, `Use at most ${PAYOUT_REFERENCE_MAX} characters`),
});
