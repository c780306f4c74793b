import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { commissionOn } from "~/lib/affiliates";
import type { CommissionType } from "~/lib/domain-values";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import type { Queryable, Transaction } from "~/server/db/client.server";
import { affiliateCommissions, affiliates, orders, users, type Affiliate, type AffiliateCommission } from "~/server/db/schema";
import { listOrderLines } from "~/server/payments/order-lines.server";
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

/** The commission's row for one base: pending until the hold period after `paidAt` is over. */
function commissionValues({
  affiliate,
  program,
  baseCents,
  paidAt,
}: {
  affiliate: Affiliate;
  program: AffiliateProgram;
  baseCents: number;
  paidAt: Date;
}) {
  return {
    affiliateId: affiliate.id,
    baseCents,
    amountCents: commissionOn({ baseCents, ...termsOf(affiliate, program) }),
    state: "pending" as const,
    availableAt: new Date(paidAt.getTime() + program.holdDays * DAY_MS),
  };
}

/**
 * In the paying transaction, after the order is marked paid (its lines settled to what the
 * provider charged): one commission per line the affiliate may earn on, on what was paid for that
 * line before tax (after its share of the coupon), pending until the hold period is over. A fixed
 * commission is per line sold. The referral is checked again under the affiliate's lock (paused,
 * removed or restricted since checkout; a guest whose address turned out to be the affiliate's);
 * a referral refused for the whole order, or for every line, takes the affiliate off the order.
 * Writing it twice changes nothing (one sale commission per line).
 */
export async function recordAffiliateCommission({ tx, orderId }: { tx: Transaction; orderId: string }) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.affiliateId || order.status !== "paid") return [];
  const row = await readAffiliate({ tx, affiliateId: order.affiliateId, lock: true });
  const program = await getAffiliateProgram({ database: tx });
  const lines = (await listOrderLines({ orderIds: [order.id], database: tx })).get(order.id) ?? [];
  const earning = row
    ? lines.filter(
        (line) =>
          !referralRefusal({
            program,
            affiliate: row.affiliate,
            affiliateEmail: row.email,
            buyer: { userId: order.userId, email: order.customerEmail },
            product: { kind: line.kind, courseId: line.courseId },
          }),
      )
    : [];
  if (!row || earning.length === 0) {
    await tx.update(orders).set({ affiliateId: null }).where(eq(orders.id, order.id));
    return [];
  }
  const paidAt = order.paidAt ?? new Date();
  return tx
    .insert(affiliateCommissions)
    .values(
      earning.map((line) => ({
        ...commissionValues({ affiliate: row.affiliate, program, baseCents: line.amountCents - line.taxCents, paidAt }),
        orderId: order.id,
        orderLineId: line.id,
        kind: "sale" as const,
        currency: order.currency,
        itemTitle: line.title,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: affiliateCommissions.id, orderLineId: affiliateCommissions.orderLineId, amountCents: affiliateCommissions.amountCents });
}

/** A membership's later payment, as the provider reports it (Stripe's `invoice.paid` for a renewal). */
export type MembershipPayment = {
  subscriptionId: string;
  /** The provider's invoice: one commission per invoice, however often it is reported. */
  invoiceId: string;
  amountPaidCents: number;
  taxCents: number;
  currency: string;
  paidAt: Date;
};

/**
 * In the transaction that records a membership's later payment: when the program pays on every
 * payment, the affiliate whose link sold the membership (the order that started the subscription)
 * earns on what was paid before tax, under the same refusals as a sale (checked now: a paused,
 * removed or restricted affiliate earns nothing more). Once per invoice.
 */
export async function recordRenewalCommission({ tx, payment }: { tx: Transaction; payment: MembershipPayment }) {
  const program = await getAffiliateProgram({ database: tx });
  if (!program.recurringCommissions) return null;
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.subscriptionId, payment.subscriptionId), eq(orders.status, "paid"), isNotNull(orders.affiliateId)))
    .orderBy(asc(orders.paidAt))
    .limit(1);
  if (!order?.affiliateId) return null;
  const row = await readAffiliate({ tx, affiliateId: order.affiliateId, lock: true });
  if (!row) return null;
  const refusal = referralRefusal({
    program,
    affiliate: row.affiliate,
    affiliateEmail: row.email,
    buyer: { userId: order.userId, email: order.customerEmail },
    product: { kind: "membership", courseId: null },
  });
  if (refusal) return null;
  const [created] = await tx
    .insert(affiliateCommissions)
    .values({
      ...commissionValues({
        affiliate: row.affiliate,
        program,
        baseCents: Math.max(0, payment.amountPaidCents - payment.taxCents),
        paidAt: payment.paidAt,
      }),
      subscriptionId: payment.subscriptionId,
      providerInvoiceId: payment.invoiceId,
      kind: "renewal",
      currency: payment.currency,
      itemTitle: order.itemTitle,
    })
    .onConflictDoNothing()
    .returning({ id: affiliateCommissions.id, amountCents: affiliateCommissions.amountCents });
  return created ?? null;
}

/**
 * In the refund's transaction: the commission on the refunded order, or on its one refunded line
 * (`orderLineId`), is reversed. Not yet paid, it is simply cancelled; already paid, it stays paid
 * and a negative commission, payable at once, takes it from the affiliate's next payout. A
 * commission written before commissions were per line covers the whole order, so refunding any of
 * its lines reverses it. Audited; a second call changes nothing. True when something was reversed.
 */
export async function reverseAffiliateCommission({
  tx,
  orderId,
  orderLineId = null,
  actorId = null,
}: {
  tx: Transaction;
  orderId: string;
  orderLineId?: string | null;
  actorId?: string | null;
}) {
  const commissions = await tx
    .select()
    .from(affiliateCommissions)
    .where(
      and(
        eq(affiliateCommissions.orderId, orderId),
        eq(affiliateCommissions.kind, "sale"),
        isNull(affiliateCommissions.reversedAt),
        orderLineId ? or(eq(affiliateCommissions.orderLineId, orderLineId), isNull(affiliateCommissions.orderLineId)) : undefined,
      ),
    )
    .orderBy(asc(affiliateCommissions.createdAt), asc(affiliateCommissions.id))
    .for("update");
  for (const commission of commissions) await reverseOne({ tx, commission, actorId });
  return commissions.length > 0;
}

/**
 * A membership's later payment refunded at the provider (no order holds it): the renewal
 * commission earned on that invoice is reversed like a sale's. True when there was one.
 */
export async function reverseRenewalCommission({
  tx,
  invoiceIds,
  actorId = null,
}: {
  tx: Transaction;
  invoiceIds: readonly string[];
  actorId?: string | null;
}) {
  if (invoiceIds.length === 0) return false;
  const commissions = await tx
    .select()
    .from(affiliateCommissions)
    .where(
      and(
        inArray(affiliateCommissions.providerInvoiceId, [...invoiceIds]),
        eq(affiliateCommissions.kind, "renewal"),
        isNull(affiliateCommissions.reversedAt),
      ),
    )
    .for("update");
  for (const commission of commissions) await reverseOne({ tx, commission, actorId });
  return commissions.length > 0;
}

async function reverseOne({ tx, commission, actorId }: { tx: Transaction; commission: AffiliateCommission; actorId: string | null }) {
  const reversedAt = new Date();
  if (commission.state === "paid") {
    await tx.update(affiliateCommissions).set({ reversedAt }).where(eq(affiliateCommissions.id, commission.id));
    if (commission.amountCents > 0) {
      await tx.insert(affiliateCommissions).values({
        affiliateId: commission.affiliateId,
        orderId: commission.orderId,
        orderLineId: commission.orderLineId,
        subscriptionId: commission.subscriptionId,
        kind: "reversal",
        baseCents: -commission.baseCents,
        amountCents: -commission.amountCents,
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
    orderId: commission.orderId,
    note: `${owner?.code ?? "affiliate"}: ${commission.amountCents} ${commission.currency} on ${commission.itemTitle} ${commission.state === "paid" ? "taken from the next payout" : "cancelled"}`,
  });
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
