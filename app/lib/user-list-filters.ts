import { isOneOf, ROLES, type Role } from "./domain-values";

/**
 * The admin users list's state and its URL form (`/admin/users?q=ann&role=admin&sort=email&dir=asc&page=2`),
 * shared by the loader, the CSV export and the page. Defaults are left out of the URL.
 */

export const USERS_PAGE_SIZE = 50;
/** Longer searches are cut: nobody types more, and it bounds the ILIKE pattern. */
export const USERS_MAX_QUERY_LENGTH = 200;

/** The sortable columns: the URL value and the column heading. */
export const USER_SORTS = ["email", "name", "role", "created", "last-seen"] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const USER_SORT_LABELS: Record<UserSort, string> = {
  email: "Email",
  name: "Name",
  role: "Role",
  created: "Member Since",
  "last-seen": "Last Seen",
};

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Text reads A to Z first; dates newest first. */
export const FIRST_DIRECTION: Record<UserSort, SortDirection> = {
  email: "asc",
  name: "asc",
  role: "asc",
  created: "desc",
  "last-seen": "desc",
};

export type UserListFilters = {
  q: string;
  /** Only people with this role, or everyone. */
  role: Role | null;
  sort: UserSort;
  dir: SortDirection;
  page: number;
};

export const DEFAULT_USER_LIST: UserListFilters = { q: "", role: null, sort: "created", dir: "desc", page: 1 };

export function parseUserListFilters(params: URLSearchParams): UserListFilters {
  const sortParam = params.get("sort");
  const sort = isOneOf(USER_SORTS, sortParam) ? sortParam : DEFAULT_USER_LIST.sort;
  const dirParam = params.get("dir");
  const roleParam = params.get("role");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, USERS_MAX_QUERY_LENGTH),
    role: isOneOf(ROLES, roleParam) ? roleParam : null,
    sort,
    dir: isOneOf(SORT_DIRECTIONS, dirParam) ? dirParam : FIRST_DIRECTION[sort],
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The query string for these filters, without the defaults (and without the page when `page` is false). */
export function userListSearch(filters: UserListFilters, { page = true }: { page?: boolean } = {}) {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.role) params.set("role", filters.role);
  const defaultOrder = filters.sort === DEFAULT_USER_LIST.sort && filters.dir === DEFAULT_USER_LIST.dir;
  if (!defaultOrder) {
    params.set("sort", filters.sort);
    if (filters.dir !== FIRST_DIRECTION[filters.sort]) params.set("dir", filters.dir);
  }
  if (page && filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function userListHref(filters: UserListFilters) {
  return `/admin/users${userListSearch(filters)}`;
}

/** Clicking a column heading: sort by it, or turn the order round if it is the sort already. Back to page 1. */
export function sortedBy(filters: UserListFilters, sort: UserSort): UserListFilters {
  const dir = filters.sort === sort ? (filters.dir === "asc" ? "desc" : "asc") : FIRST_DIRECTION[sort];
  return { ...filters, sort, dir, page: 1 };
}

/** The CSV of the list as filtered (every page). */
export function userExportHref(filters: UserListFilters) {
  return `/admin/users/export.csv${userListSearch(filters, { page: false })}`;
}
