import type { BetterAuthPlugin } from "better-auth";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import type { Role } from "~/lib/domain-values";

/**
 * Better Auth's admin plugin gives the app roles, bans and session revocation, and it also brings
 * HTTP endpoints (`/api/auth/admin/set-role`, `set-user-password`, `remove-user`, `ban-user`,
 * `impersonate-user`, `create-user`, `list-users`, …) that would change accounts around the app's
 * own rules and without its audit. The app manages people through its own actions instead
 * (app/server/users/), so:
 *
 * 1. `closeAdminHttpApi` answers 404 to every `/api/auth/admin/*` request before Better Auth
 *    routes it, whatever its spelling (case, repeated slashes, percent-encoding).
 * 2. The plugin's own rights, which still govern server-side `auth.api.*` calls made with a
 *    session, belong to super_admin alone: a plain admin holds none of them, so nobody but a
 *    super_admin can act on a super_admin through them either.
 */
export const ADMIN_PLUGIN_ROLES = {
  user: userAc,
  admin: userAc,
  super_admin: adminAc,
} satisfies Record<Role, unknown>;

const AUTH_BASE_PATH = "/api/auth";

/** Whether a request path reaches the admin plugin's endpoints, the way a lenient router might read it. */
export function isAdminApiPath(pathname: string) {
  let path = pathname;
  try {
    // Twice: a proxy may have decoded once already, and %2561 must not slip past as "%61".
    path = decodeURIComponent(decodeURIComponent(path));
  } catch {
    return true;
  }
  path = path.toLowerCase().replace(/\\/g, "/").replace(/\/{2,}/g, "/");
  return path === `${AUTH_BASE_PATH}/admin` || path.startsWith(`${AUTH_BASE_PATH}/admin/`);
}

export function closeAdminHttpApi() {
  return {
    id: "close-admin-http-api",
    onRequest: async (request) => {
      if (!isAdminApiPath(new URL(request.url).pathname)) return;
      return { response: Response.json({ code: "NOT_FOUND", message: "Not found" }, { status: 404 }) };
    },
  } satisfies BetterAuthPlugin;
}
