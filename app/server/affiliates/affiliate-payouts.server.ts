import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { db, type Queryable } from "~/server/db/client.server";
import { affiliateCommissions, affiliatePayouts, affiliates, users } from "~/server/db/schema";

/**
 * Paying affiliates (docs/decisions/063-affiliates.md): the payable balances (pending commissions
 * past their hold, less any reversal of a paid one), a batch marked paid in one transaction, and
 * each affiliate's payout history.
 */

export class PayoutNotPayableError extends Error {
  constructor(readonly affiliateIds: string[]) {
    super(`No payable balance for ${affiliateIds.join(", ")}`);
    this.name = "PayoutNotPayableError";
  }
}

const payable = (now: Date) => and(eq(affiliateCommissions.state, "pending"), lte(affiliateCommissions.availableAt, now));

/** Every affiliate with payable commissions, their balance per currency (positive or not), and how they want to be paid. */
export async function listPayableBalances({ now = new Date(), database = db() }: { now?: Date; database?: Queryable } = {}) {
  return database
    .select({
      affiliateId: affiliates.id,
      code: affiliates.code,
      name: users.name,
      email: users.email,
      payoutDetails: affiliates.payoutDetails,
      currency: affiliateCommissions.currency,
      balanceCents: sql<number>`sum(${affiliateCommissions.amountCents})::int`,
      commissions: sql<number>`count(*)::int`,
    })
    .from(affiliateCommissions)
    .innerJoin(affiliates, eq(affiliates.id, affiliateCommissions.affiliateId))
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(payable(now))
    .groupBy(affiliates.id, users.id, affiliateCommissions.currency)
    .orderBy(affiliates.code);
}

/**
 * Marks the chosen affiliates' payable balances paid, all or none: under each affiliate's row
 * lock, a balance of zero or less (nothing payable, or a reversal larger than what is owed) refuses
 * the whole batch. Each payout is one row, its commissions carry its id, and each is audited.
 */
export async function payAffiliates({
  affiliateIds,
  paidOn,
  reference,
  actorId,
  now = new Date(),
}: {
  affiliateIds: string[];
  paidOn: string;
  reference: string;
  actorId: string;
  now?: Date;
}) {
  const ids = [...new Set(affiliateIds)];
  if (ids.length === 0) throw new PayoutNotPayableError([]);
  return db().transaction(async (tx) => {
    const locked = await tx
      .select({ id: affiliates.id, userId: affiliates.userId, code: affiliates.code })
      .from(affiliates)
      .where(inArray(affiliates.id, ids))
      .orderBy(affiliates.id)
      .for("update");
    const balances = await tx
      .select({
        affiliateId: affiliateCommissions.affiliateId,
        currency: affiliateCommissions.currency,
        balanceCents: sql<number>`sum(${affiliateCommissions.amountCents})::int`,
      })
      .from(affiliateCommissions)
      .where(and(inArray(affiliateCommissions.affiliateId, ids), payable(now)))
      .groupBy(affiliateCommissions.affiliateId, affiliateCommissions.currency);
    const refused = ids.filter((id) => {
      const own = balances.filter((row) => row.affiliateId === id);
      return !locked.some((row) => row.id === id) || own.length === 0 || own.some((row) => row.balanceCents <= 0);
    });
    if (refused.length > 0) throw new PayoutNotPayableError(refused);
    const payouts = [];
    for (const balance of balances) {
      const affiliate = locked.find((row) => row.id === balance.affiliateId)!;
      const [payout] = await tx
        .insert(affiliatePayouts)
        .values({
          affiliateId: balance.affiliateId,
          amountCents: balance.balanceCents,
          currency: balance.currency,
          paidOn,
          reference,
          createdBy: actorId,
        })
        .returning();
      await tx
        .update(affiliateCommissions)
        .set({ state: "paid", payoutId: payout!.id })
        .where(
          and(eq(affiliateCommissions.affiliateId, balance.affiliateId), eq(affiliateCommissions.currency, balance.currency), payable(now)),
        );
      await recordAccessEvent({
        tx,
        type: "affiliate_payout",
        userId: affiliate.userId,
        actorId,
        note: `${affiliate.code}: ${balance.balanceCents} ${balance.currency} paid on ${paidOn} (${reference})`,
      });
      payouts.push(payout!);
    }
    return payouts;
  });
}

/** An affiliate's payouts, newest first. */
export async function listAffiliatePayouts({ affiliateId, database = db() }: { affiliateId: string; database?: Queryable }) {
  return database
    .select({
      id: affiliatePayouts.id,
      amountCents: affiliatePayouts.amountCents,
      currency: affiliatePayouts.currency,
      paidOn: affiliatePayouts.paidOn,
      reference: affiliatePayouts.reference,
    })
    .from(affiliatePayouts)
    .where(eq(affiliatePayouts.affiliateId, affiliateId))
    .orderBy(desc(affiliatePayouts.paidOn), desc(affiliatePayouts.createdAt));
}

/** Every payout, newest first, with whom it paid: the back office's history. */
export async function listPayoutHistory({ limit = 200 }: { limit?: number } = {}) {
  return db()
    .select({
      id: affiliatePayouts.id,
      code: affiliates.code,
      name: users.name,
      amountCents: affiliatePayouts.amountCents,
      currency: affiliatePayouts.currency,
      paidOn: affiliatePayouts.paidOn,
      reference: affiliatePayouts.reference,
    })
    .from(affiliatePayouts)
    .innerJoin(affiliates, eq(affiliates.id, affiliatePayouts.affiliateId))
    .innerJoin(users, eq(users.id, affiliates.userId))
    .orderBy(desc(affiliatePayouts.paidOn), desc(affiliatePayouts.createdAt))
    .limit(limit);
}
