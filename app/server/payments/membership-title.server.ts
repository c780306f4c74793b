import { SUBSCRIPTION_PLAN_LABELS, type SubscriptionPlan } from "~/lib/domain-values";

/** The membership's name on orders, receipts and reminders: "{school} all-access membership (monthly)". */
export function membershipTitle(schoolName: string, plan: SubscriptionPlan) {
  return `${schoolName} all-access membership (${SUBSCRIPTION_PLAN_LABELS[plan].toLowerCase()})`;
}
