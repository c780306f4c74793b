import { and, eq, sql } from "drizzle-orm";
import { commissionOn } from "~/lib/affiliates";
import type { CommissionType } from "~/lib/domain-values";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import type { Queryable, Transaction } from "~/server/db/client.server";
import { affiliateCommissions, affiliates, orders, users, type Affiliate } from "~/server/db/schema";
import { getAffiliateProgram, type AffiliateProgram } from "./affiliate-settings.server";
import { isReferralCurrent, type Referral } from "./affiliate-referrals.server";

/**
 * An order's affiliate and commission (docs/decisions/063-affiliates.md). Checkout names the
 * affiliate on the order (`chooseOrderAffiliate`); the paying transaction checks the referral
 * again under the affiliate's row lock and records the commission on what was paid before tax
 * (`recordAffiliateCommission`); a refund reverses it (`reverseAffiliateCommission`). A refused
 * referral leaves the order as it would be without an affiliate.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export type ReferralRefusal = "program-off" | "not-approved" | "own-purchase" | "restricted" | "expired";

/** Why an order may not pay this affiliate, or null when it may. */
export function referralRefusal({
  program,
  affiliate,
  affiliateEmail,
  buyer,
  product,
}: {
  program: AffiliateProgram;
  affiliate: Pick<Affiliate, "status" | "userId" | "courseIds">;
  affiliateEmail: string;
  buyer: { userId: string | null; email: string };
  product: { kind: string; courseId: string | null };
}): ReferralRefusal | null {
  if (!program.enabled) return "program-off";
  if (affiliate.status !== "approved") return "not-approved";
  if ((buyer.userId && buyer.userId === affiliate.userId) || buyer.email.trim().toLowerCase() === affiliateEmail.trim().toLowerCase()) {
    return "own-purchase";
  }
  if (
    affiliate.courseIds.length > 0 &&
    !(product.kind === "course" && product.courseId && affiliate.courseIds.includes(product.courseId))
  ) {
    return "restricted";
  }
  return null;
}

async function readAffiliate({ tx, affiliateId, lock }: { tx: Queryable; affiliateId: string; lock: boolean }) {
  const query = tx
    .select({ affiliate: affiliates, email: users.email })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(affiliates.id, affiliateId));
  const [row] = lock ? await query.for("update", { of: affiliates }) : await query;
  return row ?? null;
}

/**
 * The affiliate a new order names, from the browser's referral: null when there is none, when the
 * click is older than the cookie period, or when the referral is refused for this buyer and product.
 */
export async function chooseOrderAffiliate({
  tx,
  referral,
  buyer,
  product,
  now = new Date(),
}: {
  tx: Queryable;
  referral: Referral | null | undefined;
  buyer: { userId: string | null; email: string };
  product: { kind: string; courseId: string | null };
  now?: Date;
}) {
  if (!referral) return null;
  const program = await getAffiliateProgram({ database: tx });
  if (!isReferralCurrent({ referral, cookieDays: program.cookieDays, now })) return null;
  if (!/^[0-9a-f-]{36}$/i.test(referral.affiliateId)) return null;
  const row = await readAffiliate({ tx, affiliateId: referral.affiliateId, lock: false });
  if (!row) return null;
  return referralRefusal({ program, affiliate: row.affiliate, affiliateEmail: row.email, buyer, product }) ? null : row.affiliate.id;
}

function termsOf(affiliate: Affiliate, program: AffiliateProgram) {
  if (affiliate.commissionType) {
    return {
      commissionType: affiliate.commissionType as CommissionType,
      commissionPercent: affiliate.commissionPercent ?? 0,
      commissionFixedCents: affiliate.commissionFixedCents ?? 0,
    };
  }
  return {
    commissionType: program.commissionType,
    commissionPercent: program.commissionPercent,
    commissionFixedCents: program.commissionFixedCents,
  };
}

/**
 * In the paying transaction, after the order is marked paid: the commission on what was paid
 * before tax (after the coupon), pending until the hold period is over. The referral is checked
 * again under the affiliate's lock (paused, removed or restricted since checkout; a guest whose
 * address turned out to be the affiliate's); a refused one takes the affiliate off the order.
 * Writing it twice changes nothing (one sale commission per order).
 */
export async function recordAffiliateCommission({ tx, orderId }: { tx: Transaction; orderId: string }) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.affiliateId || order.status !== "paid") return null;
  const row = await readAffiliate({ tx, affiliateId: order.affiliateId, lock: true });
  const program = await getAffiliateProgram({ database: tx });
  const refusal = row
    ? referralRefusal({
        program,
        affiliate: row.affiliate,
        affiliateEmail: row.email,
        buyer: { userId: order.userId, email: order.customerEmail },
        product: { kind: order.kind, courseId: order.courseId },
      })
    : "not-approved";
  if (!row || refusal) {
    await tx.update(orders).set({ affiliateId: null }).where(eq(orders.id, order.id));
    return null;
  }
  const baseCents = order.amountCents - order.taxCents;
  const amountCents = commissionOn({ baseCents, ...termsOf(row.affiliate, program) });
  const paidAt = order.paidAt ?? new Date();
  const [created] = await tx
    .insert(affiliateCommissions)
    .values({
      affiliateId: row.affiliate.id,
      orderId: order.id,
      kind: "sale",
      baseCents,
      amountCents,
      currency: order.currency,
      itemTitle: order.itemTitle,
      state: "pending",
      availableAt: new Date(paidAt.getTime() + program.holdDays * DAY_MS),
    })
    .onConflictDoNothing()
    .returning({ id: affiliateCommissions.id, amountCents: affiliateCommissions.amountCents });
  return created ?? null;
}

/**
 * In the refund's transaction: the order's commission is reversed. Not yet paid, it is simply
 * cancelled; already paid, it stays paid and a negative commission, payable at once, takes it
 * from the affiliate's next payout. Audited; a second call changes nothing.
 */
export async function reverseAffiliateCommission({
  tx,
  orderId,
  actorId = null,
}: {
  tx: Transaction;
  orderId: string;
  actorId?: string | null;
}) {
  const [commission] = await tx
    .select()
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.orderId, orderId), eq(affiliateCommissions.kind, "sale")))
    .for("update");
  if (!commission || commission.reversedAt) return false;
  const reversedAt = new Date();
  if (commission.state === "paid") {
    await tx.update(affiliateCommissions).set({ reversedAt }).where(eq(affiliateCommissions.id, commission.id));
    // A line refunded on its own took its share back already (reverseLineCommission).
    const [taken] = await tx
      .select({
        baseCents: sql<number>`coalesce(sum(${affiliateCommissions.baseCents}), 0)::int`,
        amountCents: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}), 0)::int`,
      })
      .from(affiliateCommissions)
      .where(and(eq(affiliateCommissions.orderId, orderId), eq(affiliateCommissions.kind, "reversal")));
    const left = {
      baseCents: commission.baseCents + (taken?.baseCents ?? 0),
      amountCents: commission.amountCents + (taken?.amountCents ?? 0),
    };
    if (left.amountCents > 0) {
      await tx.insert(affiliateCommissions).values({
        affiliateId: commission.affiliateId,
        orderId,
        kind: "reversal",
        baseCents: -left.baseCents,
        amountCents: -left.amountCents,
        currency: commission.currency,
        itemTitle: commission.itemTitle,
        state: "pending",
        availableAt: reversedAt,
      });
    }
  } else {
    await tx.update(affiliateCommissions).set({ state: "reversed", reversedAt }).where(eq(affiliateCommissions.id, commission.id));
  }
  const [owner] = await tx
    .select({ userId: affiliates.userId, code: affiliates.code })
    .from(affiliates)
    .where(eq(affiliates.id, commission.affiliateId));
  await recordAccessEvent({
    tx,
    type: "affiliate_commission_reversed",
    userId: owner?.userId ?? null,
    actorId,
    orderId,
    note: `${owner?.code ?? "affiliate"}: ${commission.amountCents} ${commission.currency} ${commission.state === "paid" ? "taken from the next payout" : "cancelled"}`,
  });
  return true;
}

/**
 * In the transaction that refunds one line of an order (docs/decisions/067): the line's share of
 * the commission goes back, in proportion to what the line cost before tax. Not yet paid, the
 * commission is lowered; paid, a negative commission takes the share from the next payout.
 */
export async function reverseLineCommission({
  tx,
  orderId,
  line,
  actorId = null,
}: {
  tx: Transaction;
  orderId: string;
  line: { title: string; netCents: number };
  actorId?: string | null;
}) {
  const [commission] = await tx
    .select()
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.orderId, orderId), eq(affiliateCommissions.kind, "sale")))
    .for("update");
  if (!commission || commission.reversedAt || commission.baseCents <= 0) return false;
  const baseCents = Math.min(line.netCents, commission.baseCents);
  const shareCents = Math.min(commission.amountCents, Math.round((commission.amountCents * baseCents) / commission.baseCents));
  if (commission.state === "paid") {
    if (shareCents > 0) {
      await tx.insert(affiliateCommissions).values({
        affiliateId: commission.affiliateId,
        orderId,
        kind: "reversal",
        baseCents: -baseCents,
        amountCents: -shareCents,
        currency: commission.currency,
        itemTitle: line.title,
        state: "pending",
        availableAt: new Date(),
      });
    }
  } else {
    await tx
      .update(affiliateCommissions)
      .set({ baseCents: commission.baseCents - baseCents, amountCents: commission.amountCents - shareCents })
      .where(eq(affiliateCommissions.id, commission.id));
  }
  const [owner] = await tx
    .select({ userId: affiliates.userId, code: affiliates.code })
    .from(affiliates)
    .where(eq(affiliates.id, commission.affiliateId));
  await recordAccessEvent({
    tx,
    type: "affiliate_commission_reversed",
    userId: owner?.userId ?? null,
    actorId,
    orderId,
    note: `${owner?.code ?? "affiliate"}: ${shareCents} ${commission.currency} of “${line.title}” ${commission.state === "paid" ? "taken from the next payout" : "cancelled"}`,
  });
  return true;
}

/** The affiliate's commissions, newest first: dates, products and amounts only (never the buyer). */
export async function listAffiliateCommissions({
  affiliateId,
  database,
  limit = 100,
}: {
  affiliateId: string;
  database: Queryable;
  limit?: number;
}) {
  return database
    .select({
      id: affiliateCommissions.id,
      kind: affiliateCommissions.kind,
      itemTitle: affiliateCommissions.itemTitle,
      baseCents: affiliateCommissions.baseCents,
      amountCents: affiliateCommissions.amountCents,
      currency: affiliateCommissions.currency,
      state: affiliateCommissions.state,
      availableAt: affiliateCommissions.availableAt,
      reversedAt: affiliateCommissions.reversedAt,
      createdAt: affiliateCommissions.createdAt,
      payable: sql<boolean>`${affiliateCommissions.state} = 'pending' and ${affiliateCommissions.availableAt} <= now()`,
    })
    .from(affiliateCommissions)
    .where(eq(affiliateCommissions.affiliateId, affiliateId))
    .orderBy(sql`${affiliateCommissions.createdAt} desc`, sql`${affiliateCommissions.id} desc`)
    .limit(limit);
}
