import { useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { formatDate, formatDateTime } from "~/lib/dates";
import { ArrowDown, ArrowUp, ArrowUpDown, Download, Search, Users } from "lucide-react";
import { adminMeta } from "~/lib/seo";
import type { Route } from "./+types/users";
import { AdminError } from "~/components/admin/admin-error";
import { useShortcut } from "~/components/admin/use-shortcut";
import { useToastOnce } from "~/components/use-toast-once";
import { RoleBadge } from "~/components/admin/role-badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { NativeSelect } from "~/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { ROLE_LABELS, ROLES } from "~/lib/domain-values";
import type { Toast } from "~/lib/toast";
import {
  DEFAULT_USER_LIST,
  parseUserListFilters,
  sortedBy,
  USER_SORT_LABELS,
  userExportHref,
  userListHref,
  USERS_MAX_QUERY_LENGTH,
  type UserListFilters,
  type UserSort,
} from "~/lib/user-list-filters";
import { USER_MESSAGES } from "~/lib/user-messages";
import { requireAdmin } from "~/server/auth/guards.server";
import { logger } from "~/server/logger.server";
import { newToast } from "~/server/toast.server";
import { listAdminUsers } from "~/server/users/admin-users.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Users");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const filters = parseUserListFilters(new URL(request.url).searchParams);
  try {
    const result = await listAdminUsers({ query: filters.q, role: filters.role, sort: filters.sort, dir: filters.dir, page: filters.page });
    return {
      filters: { ...filters, page: result.page },
      total: result.total,
      pageCount: result.pageCount,
      // Dates are formatted here so the server's and the browser's time zones cannot disagree.
      users: result.users.map((user) => ({
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        memberSince: formatDate(user.createdAt),
        lastSeen: user.lastSignInAt ? formatDateTime(user.lastSignInAt) : null,
      })),
      error: null as Toast | null,
    };
  } catch (error) {
    logger.error({ err: error }, "admin user list failed");
    return { filters, total: 0, pageCount: 1, users: [], error: newToast({ kind: "error", message: USER_MESSAGES.fetchListFailed }) };
  }
}

const COLUMNS: { sort: UserSort; className?: string }[] = [
  { sort: "email" },
  { sort: "name", className: "hidden md:table-cell" },
  { sort: "role" },
  { sort: "created", className: "hidden lg:table-cell" },
  { sort: "last-seen", className: "hidden sm:table-cell" },
];

/** A column heading that sorts by its column; aria-sort tells screen readers which one does now. */
function SortableHead({ filters, sort, className }: { filters: UserListFilters; sort: UserSort; className?: string }) {
  const active = filters.sort === sort;
  const next = sortedBy(filters, sort);
  const Icon = !active ? ArrowUpDown : filters.dir === "asc" ? ArrowUp : ArrowDown;
  const label = USER_SORT_LABELS[sort];
  return (
    <TableHead className={className} aria-sort={active ? (filters.dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link
        to={userListHref(next)}
        preventScrollReset
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        aria-label={`Sort by ${label}, ${next.dir === "asc" ? "ascending" : "descending"}`}
      >
        {label}
        <Icon aria-hidden="true" className={active ? "size-3.5 text-foreground" : "size-3.5 opacity-50"} />
      </Link>
    </TableHead>
  );
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, filters, total, pageCount, error } = loaderData;
  const navigate = useNavigate();
  const searchBox = useRef<HTMLInputElement>(null);
  useToastOnce(error);
  // Spec §2: on the users screen, "n" focuses the search box.
  useShortcut("n", () => searchBox.current?.focus());
  const filtered = Boolean(filters.q || filters.role);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{USER_MESSAGES.title}</h1>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total.toLocaleString("en-US")} {total === 1 ? "user" : "users"}
            {filters.q ? ` matching “${filters.q}”` : ""}
            {filters.role ? ` with the role ${ROLE_LABELS[filters.role]}` : ""}
          </p>
        </div>
        <Button asChild variant="outline">
          {/* A plain download: the browser saves the streamed file, no client-side navigation. */}
          <a href={userExportHref(filters)} download>
            <Download aria-hidden="true" /> Export CSV
          </a>
        </Button>
      </div>

      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        {filters.sort !== DEFAULT_USER_LIST.sort || filters.dir !== DEFAULT_USER_LIST.dir ? (
          <>
            <input type="hidden" name="sort" value={filters.sort} />
            <input type="hidden" name="dir" value={filters.dir} />
          </>
        ) : null}
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <label htmlFor="user-search" className="text-sm font-medium">
            Search by email or name
          </label>
          {/* Keyed by the query so the box shows the search of the page it is on (back/forward too). */}
          <Input
            key={filters.q}
            ref={searchBox}
            id="user-search"
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={USERS_MAX_QUERY_LENGTH}
            placeholder="ann@example.com, Ann…"
            aria-keyshortcuts="n"
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="user-role" className="text-sm font-medium">
            Role
          </label>
          <NativeSelect key={filters.role ?? "all"} id="user-role" name="role" defaultValue={filters.role ?? ""} className="w-40">
            <option value="">All roles</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" /> Search
        </Button>
      </Form>

      {error ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-background p-4 text-sm text-destructive">
          {error.message}
        </p>
      ) : users.length === 0 ? (
        <EmptyState
          icon={<Users />}
          title={filtered ? USER_MESSAGES.noMatches : USER_MESSAGES.none}
          action={
            filtered ? (
              <Button asChild variant="outline">
                <Link to="/admin/users">Clear search</Link>
              </Button>
            ) : null
          }
        />
      ) : (
        <div className="rounded-xl border border-border bg-card">
          <Table>
            <TableHeader>
              <TableRow>
                {COLUMNS.map((column) => (
                  <SortableHead key={column.sort} filters={filters} sort={column.sort} className={column.className} />
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.map((user) => (
                <TableRow
                  key={user.id}
                  className="cursor-pointer"
                  // The whole row opens the user; the email link is the same for keyboards and screen readers.
                  onClick={(event) => {
                    if ((event.target as HTMLElement).closest("a") || window.getSelection()?.toString()) return;
                    navigate(`/admin/users/${user.id}`);
                  }}
                >
                  <TableCell className="max-w-[14rem] sm:max-w-xs">
                    <Link to={`/admin/users/${user.id}`} className="block truncate font-medium hover:underline">
                      {user.email}
                    </Link>
                    <span className="block truncate text-xs text-muted-foreground md:hidden">{user.name}</span>
                  </TableCell>
                  <TableCell className="hidden max-w-[14rem] truncate md:table-cell">{user.name}</TableCell>
                  <TableCell>
                    <RoleBadge role={user.role} />
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap lg:table-cell">{user.memberSince}</TableCell>
                  <TableCell className="hidden whitespace-nowrap sm:table-cell">
                    {user.lastSeen ?? <span className="text-muted-foreground">Never</span>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Pagination
        page={filters.page}
        pageCount={pageCount}
        hrefFor={(page) => userListHref({ ...filters, page })}
        aria-label="Users pages"
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
