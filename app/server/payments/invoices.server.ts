import { and, asc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { InvoiceKind } from "~/lib/domain-values";
import { isUuid } from "~/lib/uuid";
import { billingAddressBlock } from "~/lib/tax";
import { db, type Transaction } from "~/server/db/client.server";
import { invoiceCounters, invoices, orders, siteSettings, users, type Invoice, type Order, type OrderLine } from "~/server/db/schema";

/**
 * Invoices and credit notes (docs/decisions/047). Each paid order gets an invoice, each refund a
 * credit note, numbered from the school's one sequence in the transaction that pays or refunds:
 * the counter row is raised under its lock, so concurrent payments wait for each other, and a
 * payment that rolls back gives its number back. Numbers never repeat and never skip.
 */

export class InvoiceAlreadyIssuedError extends Error {
  constructor(
    readonly orderId: string,
    readonly kind: InvoiceKind,
  ) {
    super(`Order ${orderId} has a ${kind === "invoice" ? "n invoice" : " credit note"} already`);
    this.name = "InvoiceAlreadyIssuedError";
  }
}

/** `INV-2026-000123`: the year of issue and the sequence, six digits at least. */
export const invoiceNumber = ({ sequence, issuedAt }: { sequence: number; issuedAt: Date }) =>
  `INV-${issuedAt.getUTCFullYear()}-${String(sequence).padStart(6, "0")}`;

/** The next number of the sequence, taken under the counter row's lock (held until the caller's transaction ends). */
async function takeNextSequence(tx: Transaction) {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ id: true, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.id, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return row!.lastNumber;
}

/**
 * What a document says it sold or gave back: the order's figures, or, for a credit note of only
 * some of its lines (one refunded on its own, or the rest after one was), those lines' sums.
 */
function documentFigures(order: Order, lines: OrderLine[] | undefined) {
  if (!lines) {
    return {
      itemTitle: order.itemTitle,
      // Orders from before coupons kept no list price: what was paid before tax was the price.
      listPriceCents: Math.max(order.listPriceCents, order.amountCents - order.taxCents + order.discountCents),
      discountCents: order.discountCents,
      couponCode: order.couponCode,
      // A refund gives the whole payment back, so its credit note reverses the whole tax (docs/decisions/054).
      taxCents: order.taxCents,
      totalCents: order.amountCents,
    };
  }
  const sum = (pick: (line: OrderLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const discountCents = sum((line) => line.discountCents);
  return {
    itemTitle: lines.map((line) => line.title).join(", "),
    listPriceCents: sum((line) => line.listPriceCents),
    discountCents,
    couponCode: discountCents > 0 ? order.couponCode : null,
    taxCents: sum((line) => line.taxCents),
    totalCents: sum((line) => line.amountCents),
  };
}

/**
 * The invoice of a paid order, or a credit note of its refund, in the caller's transaction (which
 * holds the order's lock). What it says is kept as it is now: the seller's details from Settings,
 * the buyer's name, the order's amounts. A credit note given `lines` credits only those (each a
 * line refunded on its own — `orderLineId` names it — or the lines left when the rest of the
 * order is refunded, docs/decisions/071). A second one for the same order (or line) is refused
 * before a number is taken.
 */
export async function issueInvoice({
  tx,
  order,
  kind,
  issuedAt = new Date(),
  lines,
  orderLineId = null,
}: {
  tx: Transaction;
  order: Order;
  kind: InvoiceKind;
  issuedAt?: Date;
  /** The lines a credit note gives back, when not the whole order. */
  lines?: OrderLine[];
  /** The one line refunded on its own this credit note is for. */
  orderLineId?: string | null;
}) {
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      orderLineId
        ? eq(invoices.orderLineId, orderLineId)
        : and(eq(invoices.orderId, order.id), eq(invoices.kind, kind), isNull(invoices.orderLineId)),
    );
  if (existing) throw new InvoiceAlreadyIssuedError(order.id, kind);
  const [seller] = await tx
    .select({
      legalName: siteSettings.sellerLegalName,
      address: siteSettings.sellerAddress,
      taxNumber: siteSettings.sellerTaxNumber,
      schoolName: siteSettings.schoolName,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, true));
  const [buyer] = order.userId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, order.userId)) : [];
  const sequence = await takeNextSequence(tx);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      kind,
      orderLineId,
      sequence,
      number: invoiceNumber({ sequence, issuedAt }),
      issuedAt,
      sellerLegalName: seller?.legalName || seller?.schoolName || "",
      sellerAddress: seller?.address ?? "",
      sellerTaxNumber: seller?.taxNumber ?? "",
      buyerName: order.buyerName || buyer?.name || order.customerEmail,
      buyerEmail: order.customerEmail,
      buyerAddress: billingAddressBlock({ address: order.buyerAddress, country: order.buyerCountry }),
      buyerTaxId: order.buyerTaxId ?? "",
      ...documentFigures(order, lines),
      currency: order.currency,
    })
    .returning();
  return invoice!;
}

/**
 * An invoice or credit note for the person asking: the buyer of its order, or an admin. Anyone
 * else (and an unknown id) gets null, the same answer, so an id says nothing about other orders.
 */
export async function findInvoiceFor({
  invoiceId,
  user,
}: {
  invoiceId: string;
  user: { id: string; isAdmin: boolean };
}): Promise<Invoice | null> {
  if (!isUuid(invoiceId)) return null;
  const [row] = await db()
    .select({ invoice: invoices, buyerId: orders.userId })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return null;
  return user.isAdmin || row.buyerId === user.id ? row.invoice : null;
}

/** The invoices and credit notes of some orders, for the orders lists: order id → its documents. */
export async function listOrderInvoices({ orderIds }: { orderIds: string[] }) {
  const ids = orderIds.filter(isUuid);
  const byOrder = new Map<string, OrderDocument[]>();
  if (ids.length === 0) return byOrder;
  const rows = await db()
    .select({ id: invoices.id, orderId: invoices.orderId, kind: invoices.kind, number: invoices.number })
    .from(invoices)
    .where(inArray(invoices.orderId, ids))
    .orderBy(asc(invoices.sequence));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push({ id: row.id, kind: row.kind as InvoiceKind, number: row.number });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

export type OrderDocument = { id: string; kind: InvoiceKind; number: string };

/** Orders as a list reads them, each with its invoice and credit note (`documents`, in number order). */
export async function withInvoices<T extends { id: string }>(rows: T[]): Promise<(T & { documents: OrderDocument[] })[]> {
  const byOrder = await listOrderInvoices({ orderIds: rows.map((row) => row.id) });
  return rows.map((row) => ({ ...row, documents: byOrder.get(row.id) ?? [] }));
}

/** The invoices and credit notes issued in [from, to), in number order, for the accountant's export. */
export async function listInvoicesIssued({ from, to }: { from: Date; to: Date }) {
  return db()
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.sequence));
}
