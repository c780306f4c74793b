import { toDecimalAmount } from "~/lib/money";
import type { AnalyticsRange, AnalyticsReport } from "~/lib/analytics-range";
import { bucketLabel } from "~/lib/analytics-range";
import { csvRow, type CsvValue } from "~/lib/csv";
import { ORDER_LINE_KIND_LABELS } from "~/lib/domain-values";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { trialConversion } from "~/server/payments/membership-trials.server";
import {
  listFunnelCourses,
  readAffiliateSales,
  readCourseFunnel,
  readCourseSales,
  readKindSales,
  readBumpTakeRate,
  readUpsellTakeRate,
  readMemberSeries,
  readMemberSummary,
  readRevenueSeries,
  readSignupSeries,
} from "./analytics.server";

/** The chosen course's funnel, or the first course's when none (or an unknown one) is chosen. */
async function readFunnel(courseId: string | null) {
  const courses = await listFunnelCourses();
  const course = courses.find((item) => item.id === courseId) ?? courses[0] ?? null;
  return { courses, course, steps: course ? await readCourseFunnel({ courseId: course.id }) : [] };
}

/** Every figure of Admin → Analytics for one range, read in parallel. */
export async function readAnalytics(range: AnalyticsRange, now = new Date()) {
  const settings = await getSiteSettings();
  const [revenue, kinds, courses, affiliates, signups, members, summary, funnel, trials, bumps, upsells] = await Promise.all([
    readRevenueSeries(range),
    readKindSales(range),
    readCourseSales(range),
    readAffiliateSales(range),
    readSignupSeries(range),
    readMemberSeries(range),
    readMemberSummary({ to: range.to, monthlyCents: settings.membershipMonthlyCents, yearlyCents: settings.membershipYearlyCents, now }),
    readFunnel(range.courseId),
    // Membership trials started in the range and what became of them (docs/decisions/066).
    trialConversion({ from: range.from, to: range.to }),
    readBumpTakeRate(range),
    readUpsellTakeRate(range),
  ]);
  const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    revenue,
    kinds,
    bumps,
    upsells,
    courses,
    affiliates,
    signups,
    members,
    funnel,
    trials,
    totals: {
      grossCents: sum(revenue, (point) => point.grossCents),
      refundedCents: sum(revenue, (point) => point.refundedCents),
      netCents: sum(revenue, (point) => point.netCents),
      sales: sum(revenue, (point) => point.sales),
      signups: sum(signups, (point) => point.count),
      joined: sum(members, (point) => point.joined),
      churned: sum(members, (point) => point.churned),
      activeMembers: summary.activeMembers,
      mrrCents: summary.mrrCents,
    },
  };
}

export type AnalyticsData = Awaited<ReturnType<typeof readAnalytics>>;

/** The figures of one chart as CSV rows (the header first): the same numbers as its table. */
export function analyticsCsvRows(report: AnalyticsReport, data: AnalyticsData, range: AnalyticsRange, currency = "usd"): CsvValue[][] {
  // Amounts are plain decimals in the school's currency ("49.00", "4900" for yen), so a spreadsheet sums them.
  const amount = (minorUnits: number) => toDecimalAmount(minorUnits, currency);
  const period = (day: string) => [day, bucketLabel(day, range.bucket)];
  switch (report) {
    case "revenue":
      return [
        ["Period start", "Period", "Sales", "Gross", "Refunds", "Refunded", "Net"],
        ...data.revenue.map((point) => [
          ...period(point.day),
          point.sales,
          amount(point.grossCents),
          point.refunds,
          amount(point.refundedCents),
          amount(point.netCents),
        ]),
      ];
    case "kinds":
      return [
        ["Product", "Sales", "Gross", "Refunded", "Net"],
        ...data.kinds.map((row) => [
          ORDER_LINE_KIND_LABELS[row.kind],
          row.sales,
          amount(row.grossCents),
          amount(row.refundedCents),
          amount(row.netCents),
        ]),
      ];
    case "courses":
      return [
        ["Course", "Page views", "Sales", "Gross", "Refunded", "Net"],
        ...data.courses.map((row) => [
          row.title,
          row.views,
          row.sales,
          amount(row.grossCents),
          amount(row.refundedCents),
          amount(row.netCents),
        ]),
      ];
    case "affiliates":
      return [
        ["Affiliate code", "Affiliate", "Sales", "Revenue", "Refunded", "Net", "Commission"],
        ...data.affiliates.map((row) => [
          row.code,
          row.name,
          row.sales,
          amount(row.grossCents),
          amount(row.refundedCents),
          amount(row.netCents),
          amount(row.commissionCents),
        ]),
      ];
    case "signups":
      return [["Period start", "Period", "New sign-ups"], ...data.signups.map((point) => [...period(point.day), point.count])];
    case "members":
      return [
        ["Period start", "Period", "New members", "Churned members"],
        ...data.members.map((point) => [...period(point.day), point.joined, point.churned]),
      ];
    case "funnel":
      return [
        ["Course", "Step", "Lesson", "Opened", "Finished"],
        ...data.funnel.steps.map((step) => [data.funnel.course?.title, step.position, step.title, step.opened, step.finished]),
      ];
  }
}

export const toCsv = (rows: CsvValue[][]) => rows.map(csvRow).join("");
