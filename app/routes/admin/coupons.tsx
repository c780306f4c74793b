import { TicketPercent } from "lucide-react";
import type { Route } from "./+types/coupons";
import { couponListUrl } from "~/lib/admin-list-urls";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RowActions, RowIntentButton, RowLink } from "~/components/admin/list/row-actions";
import { RowTitle } from "~/components/admin/list/row-title";
import { Badge } from "~/components/ui/badge";
import { COUPONS_MAX_QUERY_LENGTH } from "~/lib/coupons";

import { COUPON_STATUS_LABELS, COUPON_STATUSES } from "~/lib/domain-values";

import { adminMeta } from "~/lib/seo";

export { loader, action } from "./coupons.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Coupons");

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
      list={couponListUrl}
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
