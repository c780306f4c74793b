import { TicketPercent } from "lucide-react";
import type { Route } from "./+types/coupons";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RowActions, RowIntentButton, RowLink } from "~/components/admin/list/row-actions";
import { RowTitle } from "~/components/admin/list/row-title";
import { Badge } from "~/components/ui/badge";
import { COUPON_MESSAGES, COUPONS_MAX_QUERY_LENGTH } from "~/lib/coupons";
import { formatDate } from "~/lib/dates";
import {
  COUPON_STATUS_LABELS,
  COUPON_STATUSES,
  COUPON_TARGET_LABELS,
  isOneOf,
  COUPON_TARGETS,
  COUPON_DURATION_LABELS,
  COUPON_DURATIONS,
} from "~/lib/domain-values";
import { defineListUrl, optionParam, pageParam, textParam } from "~/lib/list-url";
import { formatUsd } from "~/lib/money";
import { adminMeta } from "~/lib/seo";
import { readAdminList } from "~/server/admin-list.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { listAdminCoupons } from "~/server/coupons/admin-coupons.server";
import { couponStatusAction } from "./coupons.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Coupons");

const couponList = defineListUrl("/admin/coupons", {
  q: textParam({ maxLength: COUPONS_MAX_QUERY_LENGTH }),
  status: optionParam(COUPON_STATUSES),
  page: pageParam(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return readAdminList({
    request,
    list: couponList,
    failure: COUPON_MESSAGES.listFailed,
    what: "admin coupon list",
    read: async ({ q, status, page }) => {
      const result = await listAdminCoupons({ query: q, status, page });
      const rows = result.coupons.map((coupon) => ({
        id: coupon.id,
        code: coupon.code,
        active: coupon.status === "active",
        status: isOneOf(COUPON_STATUSES, coupon.status) ? COUPON_STATUS_LABELS[coupon.status] : coupon.status,
        discount: coupon.discountType === "percent" ? `${coupon.percentOff}% off` : `${formatUsd(coupon.amountOffCents ?? 0)} off`,
        appliesTo: appliesToText(coupon),
        redemptions: coupon.maxRedemptions === null ? `${coupon.redemptions}` : `${coupon.redemptions} / ${coupon.maxRedemptions}`,
        dates: datesText(coupon),
      }));
      return { ...result, rows };
    },
  });
}

function appliesToText(coupon: { appliesTo: string; courseCount: number; duration: string }) {
  if (!isOneOf(COUPON_TARGETS, coupon.appliesTo)) return coupon.appliesTo;
  if (coupon.appliesTo === "courses") return coupon.courseCount === 1 ? "1 course" : `${coupon.courseCount} courses`;
  if (coupon.appliesTo === "membership" && isOneOf(COUPON_DURATIONS, coupon.duration)) {
    return `${COUPON_TARGET_LABELS.membership} (${COUPON_DURATION_LABELS[coupon.duration].toLowerCase()})`;
  }
  return COUPON_TARGET_LABELS[coupon.appliesTo];
}

/** "From Dec 1, 2026 to Dec 31, 2026"; the end is stored as the start of the day after the last. */
function datesText({ startsAt, endsAt }: { startsAt: Date | null; endsAt: Date | null }) {
  const lastDay = endsAt ? formatDate(endsAt.getTime() - 24 * 60 * 60 * 1000) : null;
  if (startsAt && lastDay) return `${formatDate(startsAt)} – ${lastDay}`;
  if (startsAt) return `From ${formatDate(startsAt)}`;
  if (lastDay) return `Until ${lastDay}`;
  return "Always";
}

/** Disable and Enable: the row buttons post `{ intent, id }`, answered with the toast to show. */
export function action({ request, context }: Route.ActionArgs) {
  return couponStatusAction({ request, context });
}

type CouponRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<CouponRow>[] = [
  {
    header: "Code",
    className: "max-w-[10rem] sm:max-w-xs",
    cell: (coupon) => (
      <RowTitle to={`/admin/coupons/${coupon.id}`} title={coupon.code} detail={coupon.discount} detailClassName="sm:hidden">
        {coupon.active ? null : (
          <Badge variant="secondary" className="mt-1 sm:hidden">
            {coupon.status}
          </Badge>
        )}
      </RowTitle>
    ),
  },
  { header: "Discount", from: "sm", cell: (coupon) => coupon.discount },
  { header: "Applies to", from: "lg", cell: (coupon) => coupon.appliesTo },
  { header: "Used", from: "md", align: "right", className: "tabular-nums whitespace-nowrap", cell: (coupon) => coupon.redemptions },
  { header: "Dates", from: "xl", className: "whitespace-nowrap", cell: (coupon) => coupon.dates },
  { header: "Status", from: "sm", cell: (coupon) => <Badge variant={coupon.active ? "success" : "secondary"}>{coupon.status}</Badge> },
];

const STATUS_OPTIONS = COUPON_STATUSES.map((status) => ({ value: status, label: COUPON_STATUS_LABELS[status] }));

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Coupons"
      noun={["coupon", "coupons"]}
      list={couponList}
      data={loaderData}
      search={{ id: "coupon", label: "Search by code", placeholder: "LAUNCH25", maxLength: COUPONS_MAX_QUERY_LENGTH }}
      filters={[{ name: "status", label: "Status", allLabel: "All statuses", options: STATUS_OPTIONS, phrase: "with the status" }]}
      create={{ to: "/admin/coupons/new", label: "New coupon", firstLabel: "Create the first coupon" }}
      columns={columns}
      rowKey={(coupon) => coupon.id}
      rowActions={(coupon) => (
        <RowActions>
          <RowLink to={`/admin/coupons/${coupon.id}`} label={`Edit ${coupon.code}`}>
            Edit
          </RowLink>
          {coupon.active ? (
            <RowIntentButton intent="disable" fields={{ id: coupon.id }} label={`Disable ${coupon.code}`} variant="outline">
              Disable
            </RowIntentButton>
          ) : (
            <RowIntentButton intent="enable" fields={{ id: coupon.id }} label={`Enable ${coupon.code}`} variant="secondary">
              Enable
            </RowIntentButton>
          )}
        </RowActions>
      )}
      empty={{ icon: <TicketPercent />, none: "No coupons yet.", noMatches: "No coupons found matching your search." }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
