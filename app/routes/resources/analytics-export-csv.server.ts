import type { Route } from "./+types/analytics-export-csv";
import { ANALYTICS_REPORTS, parseAnalyticsRange } from "~/lib/analytics-range";
import { isOneOf } from "~/lib/domain-values";
import { csvResponse } from "~/server/platform/csv-response.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { analyticsCsvRows, readAnalytics, toCsv } from "~/server/analytics/analytics-report.server";

/** GET /admin/analytics/export.csv?report=revenue&range=…: one chart's figures, as its table shows them (revenue when no report is named). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const params = new URL(request.url).searchParams;
  const report = params.get("report") ?? "revenue";
  if (!isOneOf(ANALYTICS_REPORTS, report)) throw new Response("Unknown report", { status: 404 });
  const range = parseAnalyticsRange(params);
  const [data, settings] = await Promise.all([readAnalytics(range), getSiteSettings()]);
  const body = toCsv(analyticsCsvRows(report, data, range, settings.currency));
  return csvResponse(body, `${report}-${range.fromDay}-to-${range.toDay}.csv`);
}
