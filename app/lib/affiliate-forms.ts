import { z } from "~/lib/forms/zod";
import { moneyField } from "~/lib/forms/fields";
import {
  AFFILIATE_CODE_MAX,
  AFFILIATE_CODE_MIN,
  AFFILIATE_CODE_PATTERN,
  AFFILIATE_COOKIE_DAYS,
  AFFILIATE_HOLD_DAYS,
  AFFILIATE_MESSAGES,
  PAYOUT_DETAILS_MAX,
  PAYOUT_REFERENCE_MAX,
} from "./affiliates";
import { AFFILIATE_JOIN_POLICIES, COMMISSION_TYPES, type CommissionType } from "./domain-values";

/** The affiliate program's forms, parsed by the actions (docs/decisions/063-affiliates.md). */

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
/** A fixed commission, typed in whole units of the school's currency (whole yen in JPY). */
const fixedField = (currency: string) =>
  moneyField({ currency, invalid: AFFILIATE_MESSAGES.fixedInvalid, negative: AFFILIATE_MESSAGES.fixedNegative });

/** A commission as the forms send it: its type, and the percentage or the amount that type uses. */
const commissionFields = {
  commissionType: z.enum(COMMISSION_TYPES),
  commissionPercent: z.string().optional(),
  commissionFixed: z.string().optional(),
};

type CommissionTyped = { commissionType: CommissionType; commissionPercent?: string; commissionFixed?: string };

/** Parses the field the type uses (the other is ignored), adding the issue to that field. */
function parseCommission(value: CommissionTyped, context: z.RefinementCtx, currency: string) {
  if (value.commissionType === "percent") {
    const percent = percentField.safeParse(value.commissionPercent ?? "");
    if (!percent.success) {
      context.addIssue({ code: "custom", path: ["commissionPercent"], message: AFFILIATE_MESSAGES.percentRange });
      return z.NEVER;
    }
    return { commissionType: "percent" as const, commissionPercent: percent.data, commissionFixedCents: 0 };
  }
  const fixed = fixedField(currency).safeParse(value.commissionFixed ?? "");
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

/** Admin → Affiliates: the program's settings (a fixed commission in the school's currency). */
export const affiliateSettingsForm = (currency: string) =>
  z
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
      membershipPayments: z.enum(["every", "first"], { error: AFFILIATE_MESSAGES.membershipPayments }),
    })
    .transform((value, context) => {
      const commission = parseCommission(value, context, currency);
      return {
        enabled: value.enabled,
        joinPolicy: value.joinPolicy,
        cookieDays: value.cookieDays,
        holdDays: value.holdDays,
        recurringCommissions: value.membershipPayments === "every",
        ...commission,
      };
    });

export type AffiliateSettingsInput = z.output<ReturnType<typeof affiliateSettingsForm>>;

/** The affiliates list's row buttons. */
export const affiliateRowForm = z.object({ intent: z.enum(["approve", "pause", "remove"]), id: z.string().min(1) });

/** One affiliate's page in the back office: status buttons, and their own terms. */
export const affiliateAdminForm = (currency: string) =>
  z.discriminatedUnion("intent", [
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
        const commission = value.ownCommission ? parseCommission(value, context, currency) : null;
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
