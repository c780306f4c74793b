import type { Route } from "./+types/analytics";
import { parseAnalyticsRange } from "~/lib/analytics-range";
import { requireAdmin } from "~/server/auth/guards.server";
import { readAnalytics } from "~/server/analytics/analytics-report.server";

/** Revenue, course sales, sign-ups and members for the range in the URL (docs/decisions/029). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const range = parseAnalyticsRange(new URL(request.url).searchParams);
  return { range, data: await readAnalytics(range) };
}
