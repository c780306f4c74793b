import type { CommissionType } from "./domain-values";

/**
 * The affiliate program's rules both sides read (docs/decisions/063-affiliates.md): how a code is
 * written, the limits of the owner's settings, the messages and how a commission is computed. The
 * forms' schemas are in `affiliate-forms.ts` (zod stays out of the pages' bundles).
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
  membershipPayments: "Choose whether memberships pay on every payment or the first only",
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
