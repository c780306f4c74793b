import { formatIsoDay } from "~/lib/dates";
import type { Route } from "./+types/users-export-csv";
import { userListUrl } from "~/lib/user-list-filters";
import { USER_MESSAGES } from "~/lib/user-messages";
import { streamCsvExport } from "~/server/platform/csv-response.server";
import { requireAdmin } from "~/server/auth/guards.server";
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
  return streamCsvExport({
    pieces: exportUsersCsv({ query: filters.q, role: filters.role }),
    filename: `users-${formatIsoDay(new Date())}.csv`,
    what: "user export",
    onFailure: () => redirectWithToast("/admin/users", { kind: "error", message: USER_MESSAGES.fetchListFailed }),
  });
}
