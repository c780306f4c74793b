import type { Toast } from "./toast";

/**
 * What an admin list's loader answers (`readAdminList` in `server/admin-list.server.ts`) and its
 * page shows (`components/admin/list/admin-list-page.tsx`): the state it answered (the page
 * number corrected to one that exists), one page of rows made ready to show, and the total.
 */
export type AdminListData<Row, State> = {
  filters: State;
  rows: Row[];
  total: number;
  pageCount: number;
  /** The list could not be read: the page shows this instead of the table, and as a toast. */
  error: Toast | null;
};
