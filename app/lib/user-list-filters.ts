import { ROLES } from "./domain-values";
import { defineListUrl, optionParam, pageParam, sortParams, textParam, type SortDirection } from "./list-url";

/**
 * The admin users list's state and its URL (`/admin/users?q=ann&role=admin&sort=email&dir=asc&page=2`),
 * declared with `list-url.ts` and shared by the loader, the CSV export and the page.
 */

export const USERS_PAGE_SIZE = 50;
/** Longer searches are cut: nobody types more, and it bounds the ILIKE pattern. */
export const USERS_MAX_QUERY_LENGTH = 200;

/** The sortable columns: the URL value and the column heading. */
export const USER_SORTS = ["email", "name", "role", "created", "last-seen"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export type { SortDirection };

export const USER_SORT_LABELS: Record<UserSort, string> = {
  email: "Email",
  name: "Name",
  role: "Role",
  created: "Member Since",
  "last-seen": "Last Seen",
};

/** Text reads A to Z first; dates newest first. */
export const FIRST_DIRECTION: Record<UserSort, SortDirection> = {
  email: "asc",
  name: "asc",
  role: "asc",
  created: "desc",
  "last-seen": "desc",
};

const userSort = sortParams(FIRST_DIRECTION, "created");

export const userListUrl = defineListUrl("/admin/users", {
  q: textParam({ maxLength: USERS_MAX_QUERY_LENGTH }),
  /** Only people with this role, or everyone. */
  role: optionParam(ROLES),
  sort: userSort.sort,
  dir: userSort.dir,
  page: pageParam(),
});

export type UserListFilters = ReturnType<typeof userListUrl.parse>;

export const DEFAULT_USER_LIST: UserListFilters = userListUrl.defaults;

/** Clicking a column heading: sort by it, or turn the order round if it is the sort already. Back to page 1. */
export const sortedBy = (filters: UserListFilters, sort: UserSort): UserListFilters => userSort.sortedBy(filters, sort);

/** The CSV of the list as filtered (every page). */
export function userExportHref(filters: UserListFilters) {
  return `/admin/users/export.csv${userListUrl.search({ ...filters, page: undefined })}`;
}
