import { z } from "~/lib/forms/zod";
import { moneyField } from "~/lib/forms/fields";
import { PLAN_PAYMENTS_MAX, PLAN_PAYMENTS_MIN } from "~/lib/domain-values";
import { PLAN_MESSAGES } from "~/lib/payment-plans";

/** Admin → Edit course → Payment plan: the number of payments and each one's amount, in the school's currency. */
export const coursePlanForm = (currency: string) =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("save-plan"),
      planPayments: z.coerce
        .number({ error: PLAN_MESSAGES.paymentsRange })
        .int(PLAN_MESSAGES.paymentsRange)
        .min(PLAN_PAYMENTS_MIN, PLAN_MESSAGES.paymentsRange)
        .max(PLAN_PAYMENTS_MAX, PLAN_MESSAGES.paymentsRange),
      planInstalment: moneyField({ currency, negative: PLAN_MESSAGES.instalmentNegative, invalid: PLAN_MESSAGES.instalmentInvalid }).refine(
        (cents) => cents > 0,
        PLAN_MESSAGES.instalmentRequired,
      ),
    }),
    z.object({ intent: z.literal("remove-plan") }),
  ]);
