import type { Route } from "./+types/analytics";
import { AdminError } from "~/components/admin/admin-error";
import { FigureList } from "~/components/admin/figure-list";
import { AnalyticsCard } from "~/components/admin/analytics/analytics-card";
import { AnalyticsFunnel } from "~/components/admin/analytics/analytics-funnel";
import { AnalyticsRangeForm } from "~/components/admin/analytics/analytics-range-form";
import { AdminListTable, type AdminListColumn } from "~/components/admin/list/admin-list-table";
import { analyticsSearch, bucketLabel, type AnalyticsReport } from "~/lib/analytics-range";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { ORDER_LINE_KIND_LABELS } from "~/lib/domain-values";
import { useSiteSettings } from "~/components/use-site-settings";
import { adminMeta } from "~/lib/seo";
export { loader } from "./analytics.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Analytics");

type Data = Route.ComponentProps["loaderData"]["data"];
const count = (value: number) => value.toLocaleString("en-US");
const COLORS = {
  primary: "var(--color-primary)",
  destructive: "var(--color-destructive)",
  success: "var(--color-success)",
  warm: "var(--color-warm)",
};
const num = { align: "right" as const, className: "tabular-nums" };

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { range, data } = loaderData;
  const search = analyticsSearch(range);
  const csv = (report: AnalyticsReport) => `/admin/analytics/export.csv${search ? `${search}&` : "?"}report=${report}`;
  const label = (day: string) => bucketLabel(day, range.bucket);
  const { totals } = data;
  const { currency } = useSiteSettings();
  const money = (minorUnits: number) => formatMoney(minorUnits, currency);
  const figures: [string, string][] = [
    ["Gross revenue", money(totals.grossCents)],
    ["Refunded", money(totals.refundedCents)],
    ["Net revenue", money(totals.netCents)],
    ["Sales", count(totals.sales)],
    ["MRR", money(totals.mrrCents)],
    ["Active members", count(totals.activeMembers)],
    ["New members", count(totals.joined)],
    ["Churned members", count(totals.churned)],
    ["New sign-ups", count(totals.signups)],
    ["Trials started", count(data.trials.started)],
    [
      "Trial-to-paid",
      data.trials.ratePercent === null
        ? "No trial ended yet"
        : `${data.trials.ratePercent}% (${count(data.trials.converted)} of ${count(data.trials.converted + data.trials.lapsed)})`,
    ],
  ];
  const revenueColumns: AdminListColumn<Data["revenue"][number]>[] = [
    { header: "Period", className: "whitespace-nowrap", cell: (point) => label(point.day) },
    { header: "Sales", from: "sm", ...num, cell: (point) => count(point.sales) },
    { header: "Gross", ...num, cell: (point) => money(point.grossCents) },
    { header: "Refunded", ...num, cell: (point) => money(point.refundedCents) },
    { header: "Net", ...num, cell: (point) => money(point.netCents) },
  ];
  const kindColumns: AdminListColumn<Data["kinds"][number]>[] = [
    { header: "Product", cell: (row) => ORDER_LINE_KIND_LABELS[row.kind] },
    { header: "Sales", ...num, cell: (row) => count(row.sales) },
    { header: "Gross", from: "sm", ...num, cell: (row) => money(row.grossCents) },
    { header: "Refunded", from: "md", ...num, cell: (row) => money(row.refundedCents) },
    { header: "Net", ...num, cell: (row) => money(row.netCents) },
  ];
  const courseColumns: AdminListColumn<Data["courses"][number]>[] = [
    { header: "Course", className: "max-w-[12rem] truncate", cell: (row) => row.title },
    { header: "Views", from: "sm", ...num, cell: (row) => count(row.views) },
    { header: "Sales", ...num, cell: (row) => count(row.sales) },
    { header: "Gross", from: "lg", ...num, cell: (row) => money(row.grossCents) },
    { header: "Refunded", from: "md", ...num, cell: (row) => money(row.refundedCents) },
    { header: "Net", ...num, cell: (row) => money(row.netCents) },
  ];
  const affiliateColumns: AdminListColumn<Data["affiliates"][number]>[] = [
    { header: "Affiliate", className: "max-w-[12rem] truncate", cell: (row) => (row.name ? `${row.name} (${row.code})` : row.code) },
    { header: "Sales", ...num, cell: (row) => count(row.sales) },
    { header: "Revenue", from: "lg", ...num, cell: (row) => money(row.grossCents) },
    { header: "Refunded", from: "md", ...num, cell: (row) => money(row.refundedCents) },
    { header: "Net", ...num, cell: (row) => money(row.netCents) },
    { header: "Commission", ...num, cell: (row) => money(row.commissionCents) },
  ];
  const signupColumns: AdminListColumn<Data["signups"][number]>[] = [
    { header: "Period", className: "whitespace-nowrap", cell: (point) => label(point.day) },
    { header: "New sign-ups", ...num, cell: (point) => count(point.count) },
  ];
  const memberColumns: AdminListColumn<Data["members"][number]>[] = [
    { header: "Period", className: "whitespace-nowrap", cell: (point) => label(point.day) },
    { header: "New members", ...num, cell: (point) => count(point.joined) },
    { header: "Churned", ...num, cell: (point) => count(point.churned) },
  ];
  const byDay = <T extends { day: string }>(points: T[]) => points.map((point) => ({ ...point, period: label(point.day) }));
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Analytics</h1>
        <p className="text-sm text-muted-foreground">
          {formatDate(range.from)} to {formatDate(`${range.toDay}T00:00:00Z`)}, UTC days. Revenue counts orders: course purchases and
          memberships' first payments.
        </p>
      </div>
      <AnalyticsRangeForm range={range} />
      <FigureList figures={figures} className="sm:grid-cols-3 lg:grid-cols-5" />
      <AnalyticsCard
        title="Revenue"
        description="Gross is what was paid in each period, refunded what was refunded in it, net the difference."
        csvHref={csv("revenue")}
        empty={totals.sales === 0 && totals.refundedCents === 0 ? "No sales or refunds in this range." : null}
        chart={{
          data: byDay(data.revenue).map((point) => ({
            ...point,
            gross: point.grossCents,
            refunded: point.refundedCents,
            net: point.netCents,
          })),
          xKey: "period",
          format: money,
          series: [
            { key: "gross", label: "Gross", color: COLORS.primary },
            { key: "refunded", label: "Refunded", color: COLORS.destructive },
            { key: "net", label: "Net", color: COLORS.success, as: "line" },
          ],
        }}
      >
        <AdminListTable label="Revenue by period" columns={revenueColumns} rows={data.revenue} rowKey={(point) => point.day} />
      </AnalyticsCard>
      <AnalyticsCard
        title="Revenue by product"
        description="What each kind of product brought in: its sales paid in the range, and refunds made in it."
        csvHref={csv("kinds")}
        empty={data.kinds.every((row) => row.sales === 0 && row.refundedCents === 0) ? "No sales or refunds in this range." : null}
        chart={{
          data: data.kinds.map((row) => ({ product: ORDER_LINE_KIND_LABELS[row.kind], net: row.netCents })),
          xKey: "product",
          format: money,
          series: [{ key: "net", label: "Net", color: COLORS.primary }],
        }}
      >
        <AdminListTable label="Revenue by product" columns={kindColumns} rows={data.kinds} rowKey={(row) => row.kind} />
        <p className="border-t border-border px-4 py-3 text-sm text-muted-foreground" data-testid="bump-take-rate">
          {data.bumps.percent === null
            ? "Order bumps: no paid checkout offered one in this range."
            : `Order bumps: taken in ${data.bumps.taken} of ${data.bumps.offered} paid checkouts that offered one (${data.bumps.percent}%).`}
        </p>
        <p className="border-t border-border px-4 py-3 text-sm text-muted-foreground" data-testid="upsell-take-rate">
          {data.upsells.percent === null
            ? "One-click upsells: no offer was shown in this range."
            : `One-click upsells: accepted in ${data.upsells.taken} of ${data.upsells.offered} offers shown (${data.upsells.percent}%).`}
        </p>
      </AnalyticsCard>
      <AnalyticsCard
        title="Sales per course"
        description="Course-page views (visitors a day, bots left out), purchases paid in the range, and refunds made in it."
        csvHref={csv("courses")}
        empty={data.courses.length === 0 ? "No course-page views or sales in this range." : null}
        chart={{
          data: data.courses.map((row) => ({ title: row.title, net: row.netCents })),
          xKey: "title",
          format: money,
          series: [{ key: "net", label: "Net", color: COLORS.primary }],
        }}
      >
        <AdminListTable label="Sales per course" columns={courseColumns} rows={data.courses} rowKey={(row) => row.courseId ?? row.title} />
      </AnalyticsCard>
      <AnalyticsCard
        title="Revenue by affiliate"
        description="Orders each affiliate's links brought, paid in the range (before tax), refunds made in it, and the commission earned in it (renewals included, refunds taken off)."
        csvHref={csv("affiliates")}
        empty={data.affiliates.length === 0 ? "No sales through affiliates in this range." : null}
        chart={{
          data: data.affiliates.map((row) => ({ affiliate: row.code, net: row.netCents, commission: row.commissionCents })),
          xKey: "affiliate",
          format: money,
          series: [
            { key: "net", label: "Net", color: COLORS.primary },
            { key: "commission", label: "Commission", color: COLORS.warm },
          ],
        }}
      >
        <AdminListTable label="Revenue by affiliate" columns={affiliateColumns} rows={data.affiliates} rowKey={(row) => row.affiliateId} />
      </AnalyticsCard>
      <AnalyticsCard
        title="Members"
        description={`${count(totals.activeMembers)} active at the end of the range, ${money(totals.mrrCents)} a month. New and churned per period.`}
        csvHref={csv("members")}
        empty={totals.joined === 0 && totals.churned === 0 ? "No memberships started or ended in this range." : null}
        chart={{
          data: byDay(data.members),
          xKey: "period",
          format: count,
          series: [
            { key: "joined", label: "New members", color: COLORS.success },
            { key: "churned", label: "Churned", color: COLORS.destructive },
          ],
        }}
      >
        <AdminListTable label="Members by period" columns={memberColumns} rows={data.members} rowKey={(point) => point.day} />
      </AnalyticsCard>
      <AnalyticsCard
        title="Sign-ups"
        description="New accounts per period."
        csvHref={csv("signups")}
        empty={totals.signups === 0 ? "No sign-ups in this range." : null}
        chart={{
          data: byDay(data.signups),
          xKey: "period",
          format: count,
          series: [{ key: "count", label: "New sign-ups", color: COLORS.primary }],
        }}
      >
        <AdminListTable label="Sign-ups by period" columns={signupColumns} rows={data.signups} rowKey={(point) => point.day} />
      </AnalyticsCard>
      <AnalyticsFunnel
        funnel={data.funnel}
        range={range}
        csvHref={`${csv("funnel")}${range.courseId || !data.funnel.course ? "" : `&course=${data.funnel.course.id}`}`}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
