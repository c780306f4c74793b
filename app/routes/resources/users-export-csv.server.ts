import { formatIsoDay } from "~/lib/dates";
import type { Route } from "./+types/users-export-csv";
import { userListUrl } from "~/lib/user-list-filters";
import { USER_MESSAGES } from "~/lib/user-messages";
import { csvResponse } from "~/server/platform/csv-response.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/platform/logger.server";
import { redirectWithToast } from "~/server/toast.server";
import { exportUsersCsv } from "~/server/users/admin-users.server";

/**
 * GET /admin/users/export.csv?q=…&role=…: the users list as filtered, every page, as a CSV
 * download. Streamed batch by batch from the database, each read only when the client has taken
 * the previous one, so 100,000 rows never sit in memory.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const filters = userListUrl.parse(new URL(request.url).searchParams);
  const pieces = exportUsersCsv({ query: filters.q, role: filters.role });
  // The header and the first batch are read before answering, so a database that is down gets
  // the list's error message instead of a download cut short.
  let first: string;
  try {
    first = (await pieces.next()).value ?? "";
    const batch = await pieces.next();
    if (!batch.done) first += batch.value;
  } catch (error) {
    logger.error({ err: error }, "user export failed");
    return redirectWithToast("/admin/users", { kind: "error", message: USER_MESSAGES.fetchListFailed });
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
        logger.error({ err: error }, "user export failed part way");
        controller.error(error);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
  return csvResponse(body, `users-${formatIsoDay(new Date())}.csv`);
}
