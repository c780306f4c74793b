import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { OrderLineKind, SubscriptionPlan } from "~/lib/domain-values";
import { db, type Queryable, type Transaction } from "~/server/db/client.server";
import { orderLines, orders, type OrderLine } from "~/server/db/schema";

/**
 * An order's lines are what it sold (docs/decisions/061); the order's columns are their totals.
 * This module is the one that writes `order_lines`: the checkout writes them with the order, the
 * paying transaction settles them to what the provider charged, a refund marks them refunded.
 */

/** One line as the checkout prices it: before tax, after the coupon's share. */
export type OrderLineDraft = {
  kind: OrderLineKind;
  courseId: string | null;
  plan: SubscriptionPlan | null;
  /** A bundle line's bundle and the courses it opens, as sold (docs/decisions/062). */
  bundleId?: string | null;
  bundleCourseIds?: string[];
  title: string;
  listPriceCents: number;
  discountCents: number;
  taxCents: number;
};

/** The order's totals from its lines: what `orders` records for the order as a whole. */
export function sumOrderLines(lines: readonly Pick<OrderLineDraft, "listPriceCents" | "discountCents" | "taxCents">[]) {
  let listPriceCents = 0;
  let discountCents = 0;
  let taxCents = 0;
  for (const line of lines) {
    listPriceCents += line.listPriceCents;
    discountCents += line.discountCents;
    taxCents += line.taxCents;
  }
  return { listPriceCents, discountCents, taxCents, amountCents: listPriceCents - discountCents + taxCents };
}

/** Writes a new order's lines, in the transaction that writes the order. */
export async function writeOrderLines({ tx, orderId, lines }: { tx: Transaction; orderId: string; lines: readonly OrderLineDraft[] }) {
  if (lines.length === 0) throw new Error(`Order ${orderId} has no lines`);
  await tx.insert(orderLines).values(
    lines.map((line, position) => ({
      orderId,
      position,
      kind: line.kind,
      courseId: line.courseId,
      bundleId: line.bundleId ?? null,
      bundleCourseIds: line.bundleCourseIds ?? [],
      plan: line.plan,
      title: line.title,
      listPriceCents: line.listPriceCents,
      discountCents: line.discountCents,
      taxCents: line.taxCents,
      amountCents: line.listPriceCents - line.discountCents + line.taxCents,
    })),
  );
}

/**
 * The paying transaction's lines: what the provider charged and the tax it computed (Stripe Tax
 * knows the tax only at payment) shared over the lines, so the lines still add up to the order.
 * The tax goes to the lines in proportion to what each costs after its discount, the rounding's
 * remainder to the last paid line; a difference in the amount charged before tax (logged by the
 * caller) goes to that line too.
 */
export async function settleOrderLines({
  tx,
  orderId,
  amountCents,
  taxCents,
}: {
  tx: Transaction;
  orderId: string;
  amountCents: number;
  taxCents: number;
}) {
  let lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
  // An order written without lines (started before lines existed, paid after the backfill ran)
  // gets its one line from its own figures, as the backfill (drizzle/0048) gives the others.
  if (lines.length === 0) lines = await writeLineFromOrder({ tx, orderId });
  const settled = shareCharge({ lines, amountCents, taxCents });
  const result: OrderLine[] = [];
  for (const [index, line] of lines.entries()) {
    const { amountCents: amount, taxCents: tax } = settled[index]!;
    if (line.amountCents !== amount || line.taxCents !== tax) {
      await tx.update(orderLines).set({ amountCents: amount, taxCents: tax }).where(eq(orderLines.id, line.id));
    }
    result.push({ ...line, amountCents: amount, taxCents: tax });
  }
  return result;
}

async function writeLineFromOrder({ tx, orderId }: { tx: Transaction; orderId: string }) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} not found`);
  const discountCents = Math.min(order.discountCents, order.listPriceCents);
  return tx
    .insert(orderLines)
    .values({
      orderId,
      position: 0,
      kind: order.kind as OrderLineKind,
      courseId: order.courseId,
      plan: order.plan as SubscriptionPlan | null,
      title: order.itemTitle,
      listPriceCents: order.listPriceCents,
      discountCents,
      taxCents: Math.min(order.taxCents, order.amountCents),
      amountCents: order.amountCents,
    })
    .returning();
}

/**
 * Pure: the lines' amounts and taxes adding up to the charge (see `settleOrderLines`). The
 * remainder goes to the last line that costs something, so a free line is never taxed.
 */
export function shareCharge<T extends Pick<OrderLine, "id" | "listPriceCents" | "discountCents">>({
  lines,
  amountCents,
  taxCents,
}: {
  lines: readonly T[];
  amountCents: number;
  taxCents: number;
}) {
  const nets = lines.map((line) => line.listPriceCents - line.discountCents);
  const netTotal = nets.reduce((sum, net) => sum + net, 0);
  const lastPaid = nets.findLastIndex((net) => net > 0);
  const remainderAt = lastPaid === -1 ? lines.length - 1 : lastPaid;
  const shared = lines.map((line, index) => {
    const tax = netTotal > 0 ? Math.floor((taxCents * nets[index]!) / netTotal) : 0;
    return { id: line.id, taxCents: tax, amountCents: nets[index]! + tax };
  });
  const remainder = shared[remainderAt]!;
  const others = shared.filter((_, index) => index !== remainderAt);
  remainder.taxCents = taxCents - others.reduce((sum, line) => sum + line.taxCents, 0);
  remainder.amountCents = amountCents - others.reduce((sum, line) => sum + line.amountCents, 0);
  return shared;
}

/**
 * A refunded order's lines are refunded with it: those not refunded on their own before
 * (`markOrderLineRefunded`) get the order's time. All its lines, in receipt order.
 */
export async function markOrderLinesRefunded({ tx, orderId, refundedAt }: { tx: Transaction; orderId: string; refundedAt: Date }) {
  await tx
    .update(orderLines)
    .set({ refundedAt })
    .where(and(eq(orderLines.orderId, orderId), isNull(orderLines.refundedAt)));
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
}

/** One line refunded on its own (docs/decisions/067); undefined when it was refunded already. */
export async function markOrderLineRefunded({
  tx,
  orderId,
  lineId,
  refundedAt,
}: {
  tx: Transaction;
  orderId: string;
  lineId: string;
  refundedAt: Date;
}) {
  const [line] = await tx
    .update(orderLines)
    .set({ refundedAt })
    .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId), isNull(orderLines.refundedAt)))
    .returning();
  return line;
}

/**
 * Does the user still hold the course through a purchase: a line that opens it (its course, a bump,
 * or a bundle that sold it, docs/decisions/062), not refunded, of a paid order? Read after the
 * refund being made is written, so that one no longer counts.
 */
export async function holdsCoursePurchase({ tx, userId, courseId }: { tx: Transaction; userId: string; courseId: string }) {
  const [held] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, "paid"),
        or(
          sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.refundedAt} is null
            and (${orderLines.courseId} = ${courseId}::uuid or ${courseId}::uuid = any(${orderLines.bundleCourseIds})))`,
          // An order from before lines were written (none yet): its course is what it sold.
          and(eq(orders.courseId, courseId), sql`not exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id})`),
        ),
      ),
    )
    .limit(1);
  return Boolean(held);
}

/** The orders' lines in receipt order, by order id (one query for a page of orders). */
export async function listOrderLines({ orderIds, database = db() }: { orderIds: readonly string[]; database?: Queryable }) {
  const byOrder = new Map<string, OrderLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await database
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}
