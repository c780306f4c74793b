import { OfferCard } from "~/components/admin/offer-card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { PLAN_PAYMENTS_MAX, PLAN_PAYMENTS_MIN } from "~/lib/domain-values";

type PlanValues = { planPayments: string; planInstalment: string };

/**
 * Edit course (or bundle) → Payment plan (docs/decisions/069, 073): N monthly payments of an
 * amount, offered beside paying once. Its own form, beside the page's, like the order bump's.
 */
export function PlanCard({
  productTitle,
  plan,
  answer,
}: {
  /** “Shopify Basics”, or the bundle “Store Starter Kit”: what the plan pays for. */
  productTitle: string;
  plan: { values: PlanValues; saved: boolean; total: string | null; currency: string };
  /** The route's answer to a refused save sent without JavaScript. */
  answer?: unknown;
}) {
  return (
    <OfferCard
      card="plan"
      title="Payment plan"
      description={
        <>
          Let buyers pay for {productTitle} in monthly payments instead of at once. The total may be more than the price.
          {plan.total ? ` Now: ${plan.total} in all.` : null}
        </>
      }
      saved={plan.saved}
      stored={plan.values}
      answer={answer}
      formClassName="grid gap-4 sm:grid-cols-2"
    >
      {({ errors, values }) => (
        <>
          <FormField
            label="Number of payments"
            name="planPayments"
            hint={`From ${PLAN_PAYMENTS_MIN} to ${PLAN_PAYMENTS_MAX}, one a month.`}
            error={errors.planPayments}
          >
            <Input inputMode="numeric" defaultValue={values.planPayments} />
          </FormField>
          <FormField
            label="Each payment"
            name="planInstalment"
            hint={`In the school's currency (${plan.currency.toUpperCase()}), before tax.`}
            error={errors.planInstalment}
          >
            <Input inputMode="decimal" defaultValue={values.planInstalment} />
          </FormField>
        </>
      )}
    </OfferCard>
  );
}
