import { useRef } from "react";
import { Sparkles } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { LazyConfirmButton } from "~/components/ui/lazy-confirm-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { SUBSCRIPTION_PLAN_LABELS, SUBSCRIPTION_STATUS_LABELS, type SubscriptionPlan, type SubscriptionStatus } from "~/lib/domain-values";

/** The member's latest membership, dates already written out by the loader. */
export type MembershipView = {
  plan: SubscriptionPlan;
  status: SubscriptionStatus;
  /** Opens every course right now. */
  active: boolean;
  /** Still billed by the provider. */
  live: boolean;
  cancelAtPeriodEnd: boolean;
  periodEnd: string;
  provider: string;
};

type Membership = MembershipView;

/** What the member reads about their period: renews, ends, or ended. */
function periodLine(membership: Membership) {
  // A free trial (docs/decisions/066): its period ends with the trial, and the first charge.
  if (membership.active && !membership.cancelAtPeriodEnd && membership.status === "trialing") {
    return `Free trial: first charge on ${membership.periodEnd}`;
  }
  if (membership.active && !membership.cancelAtPeriodEnd) return `Renews on ${membership.periodEnd}`;
  if (membership.active) return `Ends on ${membership.periodEnd}`;
  if (membership.live && membership.provider === "stripe") return "On hold: update your payment details";
  return `Ended on ${membership.periodEnd}`;
}

/** The account page's Membership section: status, the renewal or end date, and "cancel anytime". */
export function AccountMembership({ membership }: { membership: MembershipView | null }) {
  const navigation = useNavigation();
  // The dialog renders outside the form (a portal), so its confirm button submits the form by reference.
  const formRef = useRef<HTMLFormElement>(null);
  const canceling = navigation.state !== "idle" && navigation.formAction === "/account/membership";
  const status = membership
    ? membership.active
      ? membership.cancelAtPeriodEnd
        ? "Ending"
        : SUBSCRIPTION_STATUS_LABELS[membership.status]
      : membership.live && membership.provider === "stripe"
        ? SUBSCRIPTION_STATUS_LABELS[membership.status]
        : "Ended"
    : null;
  // Stripe's billing page also fixes a membership on hold (a failed renewal): "Manage billing".
  const needsBilling = membership?.live && !membership.active && membership.provider === "stripe";
  const cancelable = (membership?.live && membership.active && !membership.cancelAtPeriodEnd) || needsBilling;
  return (
    <Card id="membership" role="region" aria-labelledby="membership-heading" className="scroll-mt-24">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="membership-heading">Membership</h2>
        </CardTitle>
        <CardDescription>Every course is open while your membership is active.</CardDescription>
      </CardHeader>
      <CardContent>
        {!membership ? (
          <EmptyState
            icon={<Sparkles />}
            title="You are not a member."
            titleAs="p"
            description="Get every course, including new releases, with the all-access membership."
            action={
              <Button asChild variant="outline" size="sm">
                <Link to="/pricing#membership">See membership plans</Link>
              </Button>
            }
          />
        ) : (
          <div className="grid gap-4">
            <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-3">
              <div>
                <dt className="text-sm font-medium text-muted-foreground">Plan</dt>
                <dd className="mt-1 font-medium">{SUBSCRIPTION_PLAN_LABELS[membership.plan]}</dd>
              </div>
              <div>
                <dt className="text-sm font-medium text-muted-foreground">Status</dt>
                <dd className="mt-1">
                  <Badge variant={membership.active ? (membership.cancelAtPeriodEnd ? "warning" : "success") : "secondary"}>{status}</Badge>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-medium text-muted-foreground">{membership.active ? "Period" : "Ended"}</dt>
                <dd className="mt-1 font-medium">{periodLine(membership)}</dd>
              </div>
            </dl>
            {cancelable ? (
              <Form ref={formRef} method="post" action="/account/membership" className="flex flex-wrap items-center gap-3">
                <input type="hidden" name="intent" value="cancel-membership" />
                {membership.provider === "stripe" ? (
                  <Button type="submit" variant="outline" loading={canceling}>
                    {needsBilling ? "Manage billing" : "Cancel membership"}
                  </Button>
                ) : (
                  <LazyConfirmButton
                    trigger={
                      <Button type="button" variant="outline" loading={canceling}>
                        Cancel membership
                      </Button>
                    }
                    title="Cancel your membership?"
                    description={<>You keep every course until {membership.periodEnd}; nothing more is charged after that.</>}
                    cancelLabel="Keep membership"
                    confirmLabel="Cancel membership"
                    onConfirm={() => formRef.current?.requestSubmit()}
                  />
                )}
                <p className="text-sm text-muted-foreground">
                  {membership.provider === "stripe"
                    ? "Opens Stripe's billing page, where you can cancel or update your card."
                    : "Cancel anytime: you keep access until the period ends."}
                </p>
              </Form>
            ) : !membership.active ? (
              <Button asChild variant="outline" size="sm" className="justify-self-start">
                <Link to="/pricing#membership">Rejoin</Link>
              </Button>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
