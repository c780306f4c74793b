import { z } from "~/lib/forms/zod";
import { SUBSCRIPTION_PLANS } from "~/lib/domain-values";

/**
 * The Pay button's form: what to buy, never a price (the server reads that from the database).
 * The same fields as the page's URL: `?courseId=` or `?plan=monthly|yearly`.
 */
export const checkoutForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay-course"), courseId: z.string().trim().min(1, "Choose a course") }),
  z.object({ intent: z.literal("pay-membership"), plan: z.enum(SUBSCRIPTION_PLANS, { error: "Choose a membership plan" }) }),
]);
