import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useAnswerToast } from "~/components/use-toast-once";
import { planProgressLabel } from "~/lib/payment-plans";

/** A payment plan as the account and the admin's user page show it (docs/decisions/069); dates and money formatted by the loader. */
export type PaymentPlanView = {
  id: string;
  title: string;
  courseSlug: string | null;
  payments: number;
  paidCount: number;
  /** "$69.00 a month, $207.00 in all". */
  price: string;
  status: string;
  statusLabel: string;
  /** "Next payment on 28 Dec 2026", or null when none is due. */
  next: string | null;
  overdue: boolean;
  /** Test mode, and the plan still has payments to take: the owner's controls show. */
  canRunNext: boolean;
  /** Test mode, and an instalment is overdue: the buyer's "Pay the overdue payment" shows on their account. */
  canPayOverdue: boolean;
  /** Stripe, and an instalment is overdue: "Update my card" opens Stripe's customer portal. */
  canUpdateCard: boolean;
};

/**
 * The plans list: "Paid k of N", the next date, overdue. `controls` (Admin → the user's page, test
 * mode): "Run the next payment now" and "Decline the next payment", so a whole plan can be tried
 * in an afternoon. `buyer` (the account): "Pay the overdue payment" on an overdue or paused plan in
 * test mode.
 */
export function PaymentPlansList({ plans, controls = false, buyer = false }: { plans: PaymentPlanView[]; controls?: boolean; buyer?: boolean }) {
  return (
    <ul className="grid gap-3" aria-label="Payment plans">
      {plans.map((plan) => (
        <li key={plan.id} className="grid gap-2 rounded-lg border p-4 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold">{plan.title}</p>
            <Badge variant={plan.overdue ? "destructive" : "secondary"}>{plan.statusLabel}</Badge>
          </div>
          <p>
            <span className="font-medium">{planProgressLabel(plan)}</span> · {plan.price}
          </p>
          {plan.next ? <p className={plan.overdue ? "font-medium text-destructive" : "text-muted-foreground"}>{plan.next}</p> : null}
          {controls && plan.canRunNext ? <PlanControls plan={plan} /> : null}
          {buyer && plan.canPayOverdue ? <PayOverdue plan={plan} /> : null}
          {buyer && plan.canUpdateCard ? <UpdateCard plan={plan} /> : null}
        </li>
      ))}
    </ul>
  );
}

function PlanControls({ plan }: { plan: PaymentPlanView }) {
  const fetcher = useFetcher();
  // The action's toast says what the control did (paid, declined, nothing due).
  useAnswerToast(fetcher.data);
  const busy = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="planId" value={plan.id} />
      <Button type="submit" size="sm" name="intent" value="plan-pay-next" loading={busy === "plan-pay-next"}>
        Run the next payment now
      </Button>
      <Button type="submit" size="sm" variant="outline" name="intent" value="plan-decline-next" loading={busy === "plan-decline-next"}>
        Decline the next payment
      </Button>
    </fetcher.Form>
  );
}

/** The buyer pays the overdue instalment (test mode): paid at once, the course open again. */
function PayOverdue({ plan }: { plan: PaymentPlanView }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="planId" value={plan.id} />
      <Button type="submit" size="sm" name="intent" value="pay-overdue-plan" loading={fetcher.state !== "idle"}>
        Pay the overdue payment<span className="sr-only"> of “{plan.title}”</span>
      </Button>
    </fetcher.Form>
  );
}

/** Stripe's customer portal, a page of another site: a plain form post that the action redirects. */
function UpdateCard({ plan }: { plan: PaymentPlanView }) {
  return (
    <form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="planId" value={plan.id} />
      <Button type="submit" size="sm" name="intent" value="update-plan-card">
        Update my card<span className="sr-only"> for “{plan.title}”</span>
      </Button>
    </form>
  );
}
