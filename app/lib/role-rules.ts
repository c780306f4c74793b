import { ROLES, type Role } from "./domain-values";
import { isAdminRole, normalizeRole } from "./roles";

/**
 * Who may give whom which role: one pure function, so the back office, its action and the
 * permission matrix test all ask the same question.
 *
 * - Only admins change roles.
 * - An admin may move people between user and admin, but may not make anyone a super admin
 *   nor change a super admin's role. A super admin may do anything else.
 * - The last super admin cannot stop being one, so the school always has an owner.
 * - Choosing the role someone already has is allowed: the operation changes nothing.
 */

export type RoleChangeRefusal = "not_admin" | "super_admin_only_grant" | "super_admin_only_change" | "last_super_admin";

export type RoleChangeDecision = { allowed: true } | { allowed: false; reason: RoleChangeRefusal };

export type RoleHolder = { id: string; role: string | null | undefined };

export function canChangeRole({
  actor,
  target,
  newRole,
  superAdminCount,
}: {
  actor: RoleHolder;
  target: RoleHolder;
  newRole: Role;
  /** How many super admins there are now, the target included. */
  superAdminCount: number;
}): RoleChangeDecision {
  const actorRole = normalizeRole(actor.role);
  const targetRole = normalizeRole(target.role);
  if (!isAdminRole(actorRole)) return { allowed: false, reason: "not_admin" };
  if (targetRole === newRole) return { allowed: true };
  if (actorRole !== "super_admin") {
    if (targetRole === "super_admin") return { allowed: false, reason: "super_admin_only_change" };
    if (newRole === "super_admin") return { allowed: false, reason: "super_admin_only_grant" };
  }
  if (targetRole === "super_admin" && superAdminCount <= 1) return { allowed: false, reason: "last_super_admin" };
  return { allowed: true };
}

/** The roles the actor may choose for the target (the current one included), for the role menu. */
export function assignableRoles(args: { actor: RoleHolder; target: RoleHolder; superAdminCount: number }): Role[] {
  return ROLES.filter((newRole) => canChangeRole({ ...args, newRole }).allowed);
}

/** What the person is told when a change is refused. */
export const ROLE_CHANGE_REFUSALS: Record<RoleChangeRefusal, string> = {
  not_admin: "You need admin privileges to change roles.",
  super_admin_only_grant: "Only a super admin can make someone a super admin.",
  super_admin_only_change: "Only a super admin can change a super admin's role.",
  last_super_admin: "This is the only super admin. Make someone else a super admin first.",
};
