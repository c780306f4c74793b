import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { PLAN_PAYMENTS_MAX, PLAN_PAYMENTS_MIN } from "~/lib/domain-values";

type PlanValues = { planPayments: string; planInstalment: string };
type PlanAnswer = { planErrors?: Record<string, string[] | undefined>; planValues?: Partial<PlanValues> };

/**
 * Edit course → Payment plan (docs/decisions/069): N monthly payments of an amount, offered beside
 * paying once. Its own form, beside the course's, like the order bump's.
 */
export function PlanCard({
  courseTitle,
  plan,
  answer,
}: {
  courseTitle: string;
  plan: { values: PlanValues; saved: boolean; total: string | null; currency: string };
  /** The route's answer to a refused save sent without JavaScript. */
  answer?: PlanAnswer;
}) {
  const fetcher = useFetcher<PlanAnswer>();
  const answered = fetcher.data ?? answer;
  const errors = answered?.planErrors ?? {};
  const values = { ...plan.values, ...answered?.planValues };
  const busy = fetcher.state !== "idle";
  return (
    <Card className="mx-auto mt-6 w-full max-w-5xl" role="region" aria-labelledby="payment-plan-card-heading">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="payment-plan-card-heading">Payment plan</h2>
        </CardTitle>
        <CardDescription>
          Let buyers pay for “{courseTitle}” in monthly payments instead of at once. The total may be more than the price.
          {plan.total ? ` Now: ${plan.total} in all.` : null}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" key={`${plan.values.planPayments}-${plan.values.planInstalment}-${plan.saved}`}>
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
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" name="intent" value="save-plan" loading={busy && fetcher.formData?.get("intent") === "save-plan"}>
              Save payment plan
            </Button>
            {plan.saved ? (
              <Button
                type="submit"
                name="intent"
                value="remove-plan"
                variant="outline"
                loading={busy && fetcher.formData?.get("intent") === "remove-plan"}
              >
                Remove payment plan
              </Button>
            ) : null}
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
