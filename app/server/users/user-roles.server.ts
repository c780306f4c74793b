import { eq, inArray, sql } from "drizzle-orm";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { ADMIN_ROLES, type Role } from "~/lib/domain-values";
import { canChangeRole, type RoleChangeRefusal } from "~/lib/role-rules";
import { normalizeRole } from "~/lib/roles";
import { db, type Queryable, type Transaction } from "~/server/db/client.server";
import { users } from "~/server/db/schema";

export class UserNotFoundByIdError extends Error {
  constructor(readonly userId: string) {
    super(`No user with id ${userId}`);
    this.name = "UserNotFoundByIdError";
  }
}

export class RoleChangeRefusedError extends Error {
  constructor(readonly reason: RoleChangeRefusal) {
    super(`Role change refused: ${reason}`);
    this.name = "RoleChangeRefusedError";
  }
}

/**
 * Any arbitrary, fixed number: the key of a transaction-scoped advisory lock held by every write
 * that changes who is an admin (role changes, the first-run owner). Two such writes then run one
 * after the other, so two super admins demoting each other at the same moment cannot leave none,
 * and two people racing through the first-run form cannot both become owner.
 */
const ADMIN_ROSTER_LOCK = 7_301_013;

export async function lockAdminRoster(tx: Transaction) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_ROSTER_LOCK})`);
}

/** Whether anyone can open the back office (an admin or a super admin). Uses users_admin_role_idx. */
export async function adminExists(database: Queryable = db()) {
  const [row] = await database
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, [...ADMIN_ROLES]))
    .limit(1);
  return Boolean(row);
}

/** How many super admins there are (the role rules need it: the last one stays). */
export async function countSuperAdmins(database: Queryable = db()) {
  return database.$count(users, eq(users.role, "super_admin"));
}

/** The audit row of a role change; written by the caller's transaction, with the change itself. */
export async function recordRoleChange(
  tx: Queryable,
  {
    user,
    fromRole,
    toRole,
    actor,
    note = "",
  }: {
    user: { id: string; email: string };
    fromRole: Role | null;
    toRole: Role;
    actor: { id: string; email: string } | null;
    note?: string;
  },
) {
  await recordAccessEvent({
    tx,
    type: "role_change",
    userId: user.id,
    actorId: actor?.id ?? null,
    fromRole,
    toRole,
    note,
    snapshot: { userEmail: user.email, actorEmail: actor?.email ?? null },
  });
}

/**
 * Gives a person a new role, if the rules allow the actor to (`canChangeRole`), and records it.
 * The actor's and the target's roles are read inside the transaction, under the admin-roster
 * lock, so the decision is made on what is true now rather than on what a page showed.
 * Choosing the role the person already has changes nothing and records nothing.
 */
export async function changeUserRole({ actorId, userId, role }: { actorId: string; userId: string; role: Role }) {
  return db().transaction(async (tx) => {
    await lockAdminRoster(tx);
    const people = await tx
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(inArray(users.id, [actorId, userId]));
    const actor = people.find((person) => person.id === actorId);
    const target = people.find((person) => person.id === userId);
    if (!actor) throw new RoleChangeRefusedError("not_admin");
    if (!target) throw new UserNotFoundByIdError(userId);
    const fromRole = normalizeRole(target.role);
    const decision = canChangeRole({ actor, target, newRole: role, superAdminCount: await countSuperAdmins(tx) });
    if (!decision.allowed) throw new RoleChangeRefusedError(decision.reason);
    if (fromRole === role) return { changed: false, role };
    await tx.update(users).set({ role }).where(eq(users.id, userId));
    await recordRoleChange(tx, { user: target, fromRole, toRole: role, actor });
    return { changed: true, role };
  });
}
