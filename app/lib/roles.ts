import { ADMIN_ROLES, isOneOf, ROLES, type Role } from "./domain-values";

/** An empty or unknown role counts as "user". */
export function normalizeRole(role: string | null | undefined): Role {
  return isOneOf(ROLES, role) ? role : "user";
}

/** admin and super_admin both count as admin. */
export function isAdminRole(role: string | null | undefined) {
  return isOneOf(ADMIN_ROLES, normalizeRole(role));
}
