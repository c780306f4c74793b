export const ROLE_NAMES = ["user", "admin", "super_admin"] as const;
export type Role = (typeof ROLE_NAMES)[number];

/** An empty or unknown role counts as "user". */
export function normalizeRole(role: string | null | undefined): Role {
  return (ROLE_NAMES as readonly string[]).includes(role ?? "") ? (role as Role) : "user";
}

/** admin and super_admin both count as admin. */
export function isAdminRole(role: string | null | undefined) {
  const normalized = normalizeRole(role);
  return normalized === "admin" || normalized === "super_admin";
}
