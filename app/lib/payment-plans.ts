import { PLAN_PAYMENTS_MAX, PLAN_PAYMENTS_MIN, type PaymentPlanStatus } from "~/lib/domain-values";

/** What the course form, the checkout and the account say about payment plans (docs/decisions/069). */
export const PLAN_MESSAGES = {
  saved: "Payment plan saved",
  removed: "Payment plan removed",
  paymentsRange: `Choose from ${PLAN_PAYMENTS_MIN} to ${PLAN_PAYMENTS_MAX} payments`,
  instalmentRequired: "Each payment must cost more than nothing",
  instalmentNegative: "Each payment cannot be negative",
  instalmentInvalid: "Each payment must be a number",
  freeCourse: "A free course cannot have a payment plan: give it a price first",
  courseGone: "This course was deleted",
  freeBundle: "A free bundle cannot have a payment plan: give it a price first",
  bundleGone: "This bundle was deleted",
  paused: "Your payment plan is paused: a payment failed and was not made within the grace period. Pay it to open the lessons again.",
} as const;

/** "3 monthly payments of $69.00": the offer as the course page and the checkout show it. */
export const planOfferLabel = ({ payments, instalment }: { payments: number; instalment: string }) => `${payments} monthly payments of ${instalment}`;

/** "Paid 1 of 3": how far a plan has come. */
export const planProgressLabel = ({ paidCount, payments }: { paidCount: number; payments: number }) => `Paid ${paidCount} of ${payments}`;

export const PLAN_STATUS_LABELS: Record<PaymentPlanStatus, string> = {
  active: "Active",
  overdue: "Overdue",
  paused: "Paused",
  completed: "Completed",
  canceled: "Canceled",
  refunded: "Refunded",
};
