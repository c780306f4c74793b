import { formatDate, formatDateTime } from "~/lib/dates";
import type { Route } from "./+types/users";
import { userListUrl } from "~/lib/user-list-filters";
import { USER_MESSAGES } from "~/lib/user-messages";
import { readAdminList } from "~/server/admin-list.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { listAdminUsers } from "~/server/users/admin-users.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return readAdminList({
    request,
    list: userListUrl,
    failure: USER_MESSAGES.fetchListFailed,
    what: "admin user list",
    read: async ({ q, role, sort, dir, page }) => {
      const result = await listAdminUsers({ query: q, role, sort, dir, page });
      // Dates are formatted here so the server's and the browser's time zones cannot disagree.
      const rows = result.users.map((user) => ({
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        memberSince: formatDate(user.createdAt),
        lastSeen: user.lastSeenAt ? formatDateTime(user.lastSeenAt) : null,
      }));
      return { ...result, rows };
    },
  });
}
