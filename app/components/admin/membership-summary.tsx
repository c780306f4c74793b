import { formatDate } from "~/lib/dates";
import { Badge } from "~/components/ui/badge";
import {
  isOneOf,
  LIVE_SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_PLAN_LABELS,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_STATUSES,
} from "~/lib/domain-values";

/** A membership as a loader hands it to the page, ready to show. */
export type MembershipView = {
  plan: string;
  status: string;
  /** "Renews on", "Ends on" or "Ended on", and the date it refers to. */
  dateLabel: string;
  date: string;
  dateTime: string;
  opensCourses: boolean;
};

type MembershipRead = {
  plan: string;
  status: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  opensCourses: boolean;
};

/**
 * What the back office says about a membership. A live one renews at the period's end unless it
 * was canceled for then; once the period is over (or the subscription is over) it has ended.
 */
export function toMembershipView(membership: MembershipRead, now = new Date()): MembershipView {
  const end = membership.currentPeriodEnd;
  const live = isOneOf(LIVE_SUBSCRIPTION_STATUSES, membership.status);
  const dateLabel = end <= now ? "Ended on" : live && !membership.cancelAtPeriodEnd ? "Renews on" : "Ends on";
  return {
    plan: isOneOf(SUBSCRIPTION_PLANS, membership.plan) ? SUBSCRIPTION_PLAN_LABELS[membership.plan] : membership.plan,
    status: isOneOf(SUBSCRIPTION_STATUSES, membership.status) ? SUBSCRIPTION_STATUS_LABELS[membership.status] : membership.status,
    dateLabel,
    date: formatDate(end),
    dateTime: end.toISOString(),
    opensCourses: membership.opensCourses,
  };
}

/** The membership line of a user's page: plan, status, renewal or end, and whether it opens the courses now. */
export function MembershipSummary({ membership }: { membership: MembershipView }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
      <dt className="text-muted-foreground">Plan</dt>
      <dd>{membership.plan}</dd>
      <dt className="text-muted-foreground">Status</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <Badge variant={membership.opensCourses ? "success" : "secondary"}>{membership.status}</Badge>
        <span className="text-xs text-muted-foreground">{membership.opensCourses ? "Opens every course" : "Opens no courses"}</span>
      </dd>
      <dt className="text-muted-foreground">{membership.dateLabel}</dt>
      <dd>
        <time dateTime={membership.dateTime}>{membership.date}</time>
      </dd>
    </dl>
  );
}
