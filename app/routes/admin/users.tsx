import { Download, Upload, Users } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/users";
import { AdminError } from "~/components/admin/admin-error";
import { AdminListPage } from "~/components/admin/list/admin-list-page";
import type { AdminListColumn } from "~/components/admin/list/admin-list-table";
import { RoleBadge } from "~/components/admin/role-badge";
import { Button } from "~/components/ui/button";
import { ROLE_LABELS, ROLES } from "~/lib/domain-values";
import { adminMeta } from "~/lib/seo";
import { sortedBy, USER_SORT_LABELS, userExportHref, userListUrl, USERS_MAX_QUERY_LENGTH, type UserSort } from "~/lib/user-list-filters";
import { USER_MESSAGES } from "~/lib/user-messages";

import { RowTitle } from "~/components/admin/list/row-title";
export { loader } from "./users.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Users");

type UserRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminListColumn<UserRow>[] = [
  {
    header: USER_SORT_LABELS.email,
    sort: "email",
    className: "max-w-[14rem] sm:max-w-xs",
    cell: (user) => <RowTitle to={`/admin/users/${user.id}`} title={user.email} detail={user.name} detailClassName="md:hidden" />,
  },
  { header: USER_SORT_LABELS.name, sort: "name", from: "md", className: "max-w-[14rem] truncate", cell: (user) => user.name },
  { header: USER_SORT_LABELS.role, sort: "role", cell: (user) => <RoleBadge role={user.role} /> },
  { header: USER_SORT_LABELS.created, sort: "created", from: "lg", className: "whitespace-nowrap", cell: (user) => user.memberSince },
  {
    header: USER_SORT_LABELS["last-seen"],
    sort: "last-seen",
    from: "sm",
    className: "whitespace-nowrap",
    cell: (user) => user.lastSeen ?? <span className="text-muted-foreground">Never</span>,
  },
];

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <AdminListPage
      title={USER_MESSAGES.title}
      noun={["user", "users"]}
      list={userListUrl}
      data={loaderData}
      search={{ id: "user", label: "Search by email or name", placeholder: "ann@example.com, Ann…", maxLength: USERS_MAX_QUERY_LENGTH }}
      filters={[{ name: "role", label: "Role", allLabel: "All roles", options: ROLE_OPTIONS, phrase: "with the role" }]}
      // Spec §2: on the users screen, "n" focuses the search box.
      focusSearchOnN
      headerActions={
        <>
        <Button asChild variant="outline">
          <Link to="/admin/users/import">
            <Upload aria-hidden="true" /> Import learners
          </Link>
        </Button>
        <Button asChild variant="outline">
          {/* A plain download: the browser saves the streamed file, no client-side navigation. */}
          <a href={userExportHref(filters)} download>
            <Download aria-hidden="true" /> Export CSV
          </a>
        </Button>
        </>
      }
      columns={columns}
      rowKey={(user) => user.id}
      // The whole row opens the user; the email link is the same for keyboards and screen readers.
      rowHref={(user) => `/admin/users/${user.id}`}
      sorting={{
        sort: filters.sort,
        dir: filters.dir,
        hrefFor: (sort) => {
          const next = sortedBy(filters, sort as UserSort);
          return { href: userListUrl.href(next), dir: next.dir };
        },
      }}
      empty={{ icon: <Users />, none: USER_MESSAGES.none, noMatches: USER_MESSAGES.noMatches }}
      pagesLabel="Users pages"
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
