import { formatDate } from "~/lib/dates";
import { and, eq, inArray } from "drizzle-orm";
import { formatMoney } from "~/lib/money";
import { countryName, formatTaxRate } from "~/lib/tax";
import { getConfig } from "~/server/platform/config.server";
import { db, type Queryable } from "~/server/db/client.server";
import { courses, invoices, orders, users, type Invoice, type OrderLine } from "~/server/db/schema";
import { lessonPath } from "~/lib/learning";
import { createSetPasswordLink } from "~/server/auth/set-password-links.server";
import { findNextLesson } from "~/server/learning/progress.server";
import { invoicePdfPath } from "~/lib/invoices";
import { duplicateOrderRefundMail, orderLineRefundMail, orderReceiptMail, orderRefundMail } from "~/server/mail/templates.server";
import { sendMail } from "~/server/mail/mail-queue.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { listOrderLines } from "./order-lines.server";

/** The titles of the courses the order's bundle lines opened (docs/decisions/062), by id. */
async function bundleCourseTitles({ lines, database }: { lines: { bundleCourseIds: string[] }[]; database: Queryable }) {
  const ids = lines.flatMap((line) => line.bundleCourseIds);
  if (ids.length === 0) return new Map<string, string>();
  const rows = await database.select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, ids));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The order as it was sold, for the mails about it. */
async function findOrderForMail(orderId: string, database: Queryable) {
  const [order] = await database
    .select({
      id: orders.id,
      kind: orders.kind,
      plan: orders.plan,
      email: orders.customerEmail,
      itemTitle: orders.itemTitle,
      amountCents: orders.amountCents,
      currency: orders.currency,
      listPriceCents: orders.listPriceCents,
      discountCents: orders.discountCents,
      couponCode: orders.couponCode,
      taxCents: orders.taxCents,
      taxRateBasisPoints: orders.taxRateBasisPoints,
      buyerCountry: orders.buyerCountry,
      provider: orders.provider,
      paidAt: orders.paidAt,
      courseId: orders.courseId,
      courseSlug: courses.slug,
      guestCheckout: orders.guestCheckout,
      userId: orders.userId,
      emailVerified: users.emailVerified,
    })
    .from(orders)
    .leftJoin(courses, eq(courses.id, orders.courseId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return order;
}

/**
 * The receipt's tax and total line when tax was charged ("Tax (France, 20%): $39.40. Total:
 * $236.40 USD."), so the buyer sees both, in the order's currency.
 */
function taxLine(order: {
  taxCents: number;
  taxRateBasisPoints: number | null;
  buyerCountry: string | null;
  amountCents: number;
  currency: string;
}) {
  if (order.taxCents <= 0) return undefined;
  const what = [
    order.buyerCountry ? countryName(order.buyerCountry) : null,
    order.taxRateBasisPoints ? formatTaxRate(order.taxRateBasisPoints) : null,
  ]
    .filter(Boolean)
    .join(", ");
  return `Tax${what ? ` (${what})` : ""}: ${formatMoney(order.taxCents, order.currency)}. Total: ${formatMoney(order.amountCents, order.currency)} ${order.currency.toUpperCase()}.`;
}

/**
 * Queues the buyer's receipt of a paid order, with what was sold as it was sold: once per order
 * (its idempotency key), in `database`'s transaction when one is given.
 */
export async function sendOrderReceipt({ orderId, database = db() }: { orderId: string; database?: Queryable }) {
  const order = await findOrderForMail(orderId, database);
  if (!order?.email || !order.paidAt) return;
  const { schoolName } = await getSiteSettings({ database });
  const origin = getConfig().publicUrl;
  const [invoice] = await database
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "invoice")));
  const setPasswordUrl = await guestSetPasswordUrl({ order, database });
  const lines = (await listOrderLines({ orderIds: [order.id], database })).get(order.id) ?? [];
  const included = await bundleCourseTitles({ lines, database });
  const mail = orderReceiptMail({
    setPasswordUrl,
    lines: lines.map((line) => `${line.title}: ${formatMoney(line.amountCents, order.currency)}`),
    includes: lines.flatMap((line) => line.bundleCourseIds.flatMap((id) => included.get(id) ?? [])),
    invoice: invoice ? { number: invoice.number, url: `${origin}${invoicePdfPath(invoice.id)}` } : undefined,
    schoolName,
    itemTitle: order.itemTitle,
    amount: formatMoney(order.amountCents, order.currency),
    paidOn: formatDate(order.paidAt),
    discount:
      order.discountCents > 0
        ? `List price ${formatMoney(order.listPriceCents, order.currency)}, discount ${formatMoney(order.discountCents, order.currency)} with the code ${order.couponCode ?? ""}.`
        : undefined,
    tax: taxLine(order),
    orderId: order.id,
    membership:
      order.kind === "membership"
        ? `Your membership renews every ${order.plan === "yearly" ? "year" : "month"} until you cancel. Cancel anytime from your account.`
        : undefined,
    testMode: order.provider === "test",
    url: order.courseSlug ? `${origin}/courses/${order.courseSlug}` : `${origin}/courses`,
  });
  await sendMail({ kind: "receipt", key: `receipt:${order.id}`, to: order.email, ...mail }, { database });
}

/**
 * A guest checkout's account whose address nobody has confirmed (new, or made by a sign-up never
 * confirmed): the receipt carries the link that sets its password, leading on to the course's
 * first lesson (docs/decisions/048). Accounts with a confirmed address sign in as they always do.
 */
async function guestSetPasswordUrl({
  order,
  database,
}: {
  order: {
    guestCheckout: boolean;
    userId: string | null;
    emailVerified: boolean | null;
    courseId: string | null;
    courseSlug: string | null;
  };
  database: Queryable;
}) {
  if (!order.guestCheckout || !order.userId || order.emailVerified !== false) return undefined;
  const lesson = order.courseId && order.courseSlug ? await findNextLesson({ userId: null, courseId: order.courseId, database }) : null;
  const next =
    lesson && order.courseSlug ? lessonPath(order.courseSlug, lesson.slug) : order.courseSlug ? `/courses/${order.courseSlug}` : "/courses";
  return createSetPasswordLink({ database, userId: order.userId, next });
}

/**
 * Queues the notice that a second payment for what the buyer had just bought was refunded: once
 * per order (its idempotency key), in `database`'s transaction when one is given.
 */
export async function sendDuplicateRefundNotice({ orderId, database = db() }: { orderId: string; database?: Queryable }) {
  const order = await findOrderForMail(orderId, database);
  if (!order?.email) return;
  const { schoolName } = await getSiteSettings({ database });
  const mail = duplicateOrderRefundMail({
    schoolName,
    itemTitle: order.itemTitle,
    amount: formatMoney(order.amountCents, order.currency),
    orderId: order.id,
    testMode: order.provider === "test",
    url: `${getConfig().publicUrl}/account`,
  });
  await sendMail({ kind: "refund", key: `duplicate-refund:${order.id}`, to: order.email, ...mail }, { database });
}

/**
 * Queues the buyer's notice that an order, or one line of it, was refunded: what was given back
 * (its credit note's amount, which after a line refunded on its own is what was left), what
 * access ends, the credit note. Once per refund (the order's, or the line's, docs/decisions/071),
 * in the refunding transaction (`database`).
 */
export async function sendRefundNotice({
  orderId,
  creditNote,
  line,
  database = db(),
}: {
  orderId: string;
  creditNote: Invoice;
  /** The line refunded on its own, when it is one. */
  line?: OrderLine;
  database?: Queryable;
}) {
  const order = await findOrderForMail(orderId, database);
  if (!order?.email) return;
  const { schoolName } = await getSiteSettings({ database });
  const origin = getConfig().publicUrl;
  const common = {
    schoolName,
    amount: formatMoney(creditNote.totalCents, creditNote.currency),
    orderId: order.id,
    creditNote: { number: creditNote.number, url: `${origin}${invoicePdfPath(creditNote.id)}` },
    testMode: order.provider === "test",
    url: `${origin}/account#orders`,
  };
  if (line) {
    const mail = orderLineRefundMail({ ...common, lineTitle: line.title });
    await sendMail({ kind: "refund", key: `refund:${order.id}:${line.id}`, to: order.email, ...mail }, { database });
    return;
  }
  const mail = orderRefundMail({ ...common, itemTitle: creditNote.itemTitle, membership: order.kind === "membership" });
  await sendMail({ kind: "refund", key: `refund:${order.id}`, to: order.email, ...mail }, { database });
}
