import { formatIsoDay } from "~/lib/dates";
import type { Route } from "./+types/subscribers-export-csv";
import { SUBSCRIBER_MESSAGES, subscriberListUrl } from "~/lib/subscribers";
import { requireAdmin } from "~/server/auth/guards.server";
import { exportSubscribersCsv } from "~/server/marketing/subscribers.server";
import { csvResponse } from "~/server/platform/csv-response.server";
import { logger } from "~/server/platform/logger.server";
import { redirectWithToast } from "~/server/toast.server";

/**
 * GET /admin/subscribers/export.csv?q=…&state=…: the newsletter's list as filtered, every page,
 * streamed batch by batch (as the users export is).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const filters = subscriberListUrl.parse(new URL(request.url).searchParams);
  const pieces = exportSubscribersCsv({ query: filters.q, state: filters.state });
  // The header and the first batch are read before answering, so a database that is down gets
  // the list's error message instead of a download cut short.
  let first: string;
  try {
    first = (await pieces.next()).value ?? "";
    const batch = await pieces.next();
    if (!batch.done) first += batch.value;
  } catch (error) {
    logger.error({ err: error }, "subscriber export failed");
    return redirectWithToast("/admin/subscribers", { kind: "error", message: SUBSCRIBER_MESSAGES.listFailed });
  }
  const encoder = new TextEncoder();
  let sentFirst = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentFirst) {
        sentFirst = true;
        controller.enqueue(encoder.encode(first));
        return;
      }
      try {
        const next = await pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        logger.error({ err: error }, "subscriber export failed part way");
        controller.error(error);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
  return csvResponse(body, `subscribers-${formatIsoDay(new Date())}.csv`);
}
