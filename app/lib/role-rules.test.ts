import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "./domain-values";
import { assignableRoles, canChangeRole, type RoleChangeRefusal } from "./role-rules";

type Actor = Role | "" | "unknown";
const ACTORS: Actor[] = ["user", "", "unknown", "admin", "super_admin"];

/**
 * The whole matrix, written out: actor role × target role × new role, with one and with two
 * super admins. "ok" is allowed; anything else is the refusal.
 */
function expected(actor: Actor, target: Role, newRole: Role, superAdminCount: number): "ok" | RoleChangeRefusal {
  if (actor !== "admin" && actor !== "super_admin") return "not_admin";
  if (target === newRole) return "ok";
  if (actor === "admin" && target === "super_admin") return "super_admin_only_change";
  if (actor === "admin" && newRole === "super_admin") return "super_admin_only_grant";
  if (target === "super_admin" && superAdminCount <= 1) return "last_super_admin";
  return "ok";
}

const cases = ACTORS.flatMap((actor) =>
  ROLES.flatMap((target) => ROLES.flatMap((newRole) => [1, 2].map((count) => [actor, target, newRole, count] as const))),
);

describe("canChangeRole", () => {
  it.each(cases)("actor %j, target %s → %s with %i super admin(s)", (actor, target, newRole, superAdminCount) => {
    const decision = canChangeRole({
      actor: { id: "actor", role: actor },
      target: { id: "target", role: target },
      newRole,
      superAdminCount,
    });
    const want = expected(actor, target, newRole, superAdminCount);
    expect(decision).toEqual(want === "ok" ? { allowed: true } : { allowed: false, reason: want });
  });

  it("states the spec's rules in plain cases", () => {
    const decide = (actor: Role, target: Role, newRole: Role, superAdminCount = 2) =>
      canChangeRole({ actor: { id: "a", role: actor }, target: { id: "t", role: target }, newRole, superAdminCount });
    expect(decide("super_admin", "user", "admin")).toEqual({ allowed: true });
    expect(decide("super_admin", "user", "super_admin")).toEqual({ allowed: true });
    expect(decide("super_admin", "super_admin", "user")).toEqual({ allowed: true });
    expect(decide("admin", "user", "admin")).toEqual({ allowed: true });
    expect(decide("admin", "admin", "user")).toEqual({ allowed: true });
    expect(decide("admin", "user", "super_admin")).toEqual({ allowed: false, reason: "super_admin_only_grant" });
    expect(decide("admin", "super_admin", "admin")).toEqual({ allowed: false, reason: "super_admin_only_change" });
    expect(decide("super_admin", "super_admin", "admin", 1)).toEqual({ allowed: false, reason: "last_super_admin" });
    expect(decide("user", "user", "admin")).toEqual({ allowed: false, reason: "not_admin" });
  });

  it("lets the last super admin demote themselves only once there is another", () => {
    const self = { id: "owner", role: "super_admin" };
    expect(canChangeRole({ actor: self, target: self, newRole: "admin", superAdminCount: 1 })).toEqual({
      allowed: false,
      reason: "last_super_admin",
    });
    expect(canChangeRole({ actor: self, target: self, newRole: "admin", superAdminCount: 2 })).toEqual({ allowed: true });
  });
});

describe("assignableRoles", () => {
  it("offers what the actor may choose, the current role included", () => {
    expect(assignableRoles({ actor: { id: "a", role: "super_admin" }, target: { id: "t", role: "user" }, superAdminCount: 1 })).toEqual([
      "user",
      "admin",
      "super_admin",
    ]);
    expect(assignableRoles({ actor: { id: "a", role: "admin" }, target: { id: "t", role: "user" }, superAdminCount: 1 })).toEqual([
      "user",
      "admin",
    ]);
    expect(assignableRoles({ actor: { id: "a", role: "admin" }, target: { id: "t", role: "super_admin" }, superAdminCount: 2 })).toEqual([
      "super_admin",
    ]);
    expect(
      assignableRoles({ actor: { id: "a", role: "super_admin" }, target: { id: "a", role: "super_admin" }, superAdminCount: 1 }),
    ).toEqual(["super_admin"]);
    expect(assignableRoles({ actor: { id: "a", role: "user" }, target: { id: "t", role: "user" }, superAdminCount: 1 })).toEqual([]);
  });
});
