import { verifyPassword } from "better-auth/crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { LIVE_SUBSCRIPTION_STATUSES } from "~/lib/domain-values";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { db } from "~/server/db/client.server";
import {
  accessEvents,
  accounts,
  certificates,
  discussionPosts,
  newsletterSubscribers,
  orders,
  reviews,
  sessions,
  subscriptions,
  users,
} from "~/server/db/schema";
import { emitMembershipEvent } from "~/server/payments/membership-webhooks.server";
import { paymentsProviderFor } from "~/server/payments/providers.server";
import { countSuperAdmins, lockAdminRoster } from "./user-roles.server";

/**
 * "Delete my account" (issue 43; docs/decisions/056). What goes: the account itself, its sign-ins
 * and sessions (every device is signed out), enrollments, progress, quiz attempts, saved courses,
 * certificates, reviews, discussion follows and notifications, newsletter subscription. What is
 * anonymised: the person's discussion posts (kept for the threads, under "Former member") and
 * the audit history's copy of their e-mail. What the school keeps by law: orders (and their
 * invoices), with the buyer's account and e-mail taken off the order. A live membership is
 * cancelled at the provider first: if the provider refuses, nothing is deleted.
 */

export const FORMER_MEMBER = "Former member";
/** How recent a sign-in must be to delete an account that has no password. */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

export class LastSuperAdminError extends Error {
  constructor() {
    super("The last super admin cannot be deleted");
    this.name = "LastSuperAdminError";
  }
}

export class AccountNotFoundError extends Error {
  constructor(readonly userId: string) {
    super(`No account ${userId}`);
    this.name = "AccountNotFoundError";
  }
}

/**
 * Whether the person at the keyboard is the account's owner: the password for an account that has
 * one, else a sign-in less than ten minutes old (an account made with Google or GitHub).
 */
export async function confirmAccountOwner({ userId, sessionId, password }: { userId: string; sessionId?: string; password: string }) {
  const [credential] = await db()
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (credential?.hash) return password.length > 0 && (await verifyPassword({ hash: credential.hash, password }));
  if (!sessionId) return false;
  const [session] = await db()
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return Boolean(session && Date.now() - session.createdAt.getTime() < FRESH_SIGN_IN_MS);
}

/** Deletes the account as described above, in one transaction; `actorId` is the admin who did it for the person, if any. */
export async function deleteAccount({ userId, actorId = null, note = "" }: { userId: string; actorId?: string | null; note?: string }) {
  const live = await db()
    .select({ id: subscriptions.id, provider: subscriptions.provider, providerSubscriptionId: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])));
  // At the provider first: a membership must not go on charging a person who is gone.
  for (const membership of live) {
    if (membership.providerSubscriptionId) {
      await paymentsProviderFor(membership.provider).cancelSubscription({ providerSubscriptionId: membership.providerSubscriptionId });
    }
  }
  return db().transaction(async (tx) => {
    await lockAdminRoster(tx);
    const [user] = await tx.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new AccountNotFoundError(userId);
    if (user.role === "super_admin" && (await countSuperAdmins(tx)) <= 1) throw new LastSuperAdminError();

    for (const membership of live) {
      await tx
        .update(subscriptions)
        .set({ status: "canceled", canceledAt: new Date(), cancelAtPeriodEnd: false })
        .where(eq(subscriptions.id, membership.id));
      await recordAccessEvent({ tx, type: "membership_ended", userId, source: "membership", actorId, note: "Account deleted" });
      await emitMembershipEvent({ tx, type: "membership.ended", subscriptionId: membership.id });
    }
    // Kept by law, with the buyer taken off.
    const keptOrders = await tx
      .update(orders)
      .set({ userId: null, customerEmail: "", updatedAt: new Date() })
      .where(eq(orders.userId, userId))
      .returning({ id: orders.id });
    await tx.update(discussionPosts).set({ authorId: null, authorName: FORMER_MEMBER }).where(eq(discussionPosts.authorId, userId));
    await tx.delete(reviews).where(eq(reviews.userId, userId));
    await tx.delete(certificates).where(eq(certificates.userId, userId));
    await tx.delete(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = lower(${user.email})`);
    await tx.update(accessEvents).set({ userEmail: "" }).where(eq(accessEvents.userId, userId));
    // The rest goes with the row (sessions, sign-ins, enrollments, progress, quiz attempts …).
    await tx.delete(users).where(eq(users.id, userId));
    await recordAccessEvent({
      tx,
      type: "account_deleted",
      userId: null,
      actorId,
      note: [actorId ? "At the person's request, by an admin" : "By the person", note].filter(Boolean).join(": "),
      snapshot: { userEmail: "", courseTitle: null },
    });
    return { keptOrders: keptOrders.length };
  });
}

export class AccountDeletionRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "AccountDeletionRefusedError";
  }
}

/**
 * An admin deletes someone's account at their request, from the user's page: the admin types the
 * person's e-mail to confirm; only a super admin may delete an admin's account; one's own account
 * is deleted from one's own account page. Audited as `account_deleted` with the admin as actor.
 */
export async function deleteAccountAtRequest({
  userId,
  actor,
  confirmEmail,
}: {
  userId: string;
  actor: { id: string; role: string };
  confirmEmail: string;
}) {
  const [target] = await db().select({ email: users.email, role: users.role }).from(users).where(eq(users.id, userId));
  if (!target) throw new AccountNotFoundError(userId);
  if (userId === actor.id) throw new AccountDeletionRefusedError("Delete your own account from your account page.");
  if (confirmEmail.trim().toLowerCase() !== target.email.toLowerCase()) {
    throw new AccountDeletionRefusedError("Type the person's e-mail address exactly to confirm.");
  }
  if (target.role && target.role !== "user" && actor.role !== "super_admin") {
    throw new AccountDeletionRefusedError("Only a super admin can delete an admin's account.");
  }
  return deleteAccount({ userId, actorId: actor.id });
}
