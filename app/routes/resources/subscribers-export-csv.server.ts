import { formatIsoDay } from "~/lib/dates";
import type { Route } from "./+types/subscribers-export-csv";
import { SUBSCRIBER_MESSAGES, subscriberListUrl } from "~/lib/subscribers";
import { requireAdmin } from "~/server/auth/guards.server";
import { exportSubscribersCsv } from "~/server/marketing/subscribers.server";
import { streamCsvExport } from "~/server/platform/csv-response.server";
import { redirectWithToast } from "~/server/toast.server";

/**
 * GET /admin/subscribers/export.csv?q=…&state=…: the newsletter's list as filtered, every page,
 * streamed batch by batch (as the users export is).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const filters = subscriberListUrl.parse(new URL(request.url).searchParams);
  return streamCsvExport({
    pieces: exportSubscribersCsv({ query: filters.q, state: filters.state }),
    filename: `subscribers-${formatIsoDay(new Date())}.csv`,
    what: "subscriber export",
    onFailure: () => redirectWithToast("/admin/subscribers", { kind: "error", message: SUBSCRIBER_MESSAGES.listFailed }),
  });
}
