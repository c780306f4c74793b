import type { AdminListData } from "~/lib/admin-list";
import type { ListUrl } from "~/lib/list-url";
import { logger } from "~/server/platform/logger.server";
import { newToast } from "~/server/toast.server";

/** One page of a list as a domain query answers it. */
export type AdminListPageRead<Row> = { rows: Row[]; total: number; page: number; pageCount: number };

/**
 * An admin list's loader after its guard: reads the list's state from the URL, runs the query,
 * and answers `AdminListData`. A failed query is logged and answered with the list's error
 * message, so the page shows it (and its search form) instead of an error screen.
 */
export async function readAdminList<Row, State extends { page: number }>({
  request,
  list,
  read,
  failure,
  what,
}: {
  request: Request;
  list: Pick<ListUrl<State>, "parse">;
  read: (filters: State) => Promise<AdminListPageRead<Row>>;
  /** The spec's message when the list cannot be read ("Failed to fetch users"). */
  failure: string;
  /** Names the list in the log ("admin user list"). */
  what: string;
}): Promise<AdminListData<Row, State>> {
  const filters = list.parse(new URL(request.url).searchParams);
  try {
    const result = await read(filters);
    return { filters: { ...filters, page: result.page }, rows: result.rows, total: result.total, pageCount: result.pageCount, error: null };
  } catch (error) {
    logger.error({ err: error }, `${what} failed`);
    return { filters, rows: [], total: 0, pageCount: 1, error: newToast({ kind: "error", message: failure }) };
  }
}
