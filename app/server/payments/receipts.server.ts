import { formatDate } from "~/lib/dates";
import { eq } from "drizzle-orm";
import { formatUsd } from "~/lib/money";
import { getConfig } from "~/server/platform/config.server";
import { db, type Queryable } from "~/server/db/client.server";
import { courses, orders } from "~/server/db/schema";
import { duplicateOrderRefundMail, orderReceiptMail } from "~/server/mail/templates.server";
import { sendMail } from "~/server/mail/mail-queue.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

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
      listPriceCents: orders.listPriceCents,
      discountCents: orders.discountCents,
      couponCode: orders.couponCode,
      provider: orders.provider,
      paidAt: orders.paidAt,
      courseSlug: courses.slug,
    })
    .from(orders)
    .leftJoin(courses, eq(courses.id, orders.courseId))
    .where(eq(orders.id, orderId));
  return order;
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
  const mail = orderReceiptMail({
    schoolName,
    itemTitle: order.itemTitle,
    amount: formatUsd(order.amountCents),
    paidOn: formatDate(order.paidAt),
    discount:
      order.discountCents > 0
        ? `List price ${formatUsd(order.listPriceCents)}, discount ${formatUsd(order.discountCents)} with the code ${order.couponCode ?? ""}.`
        : undefined,
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
    amount: formatUsd(order.amountCents),
    orderId: order.id,
    testMode: order.provider === "test",
    url: `${getConfig().publicUrl}/account`,
  });
  await sendMail({ kind: "refund", key: `duplicate-refund:${order.id}`, to: order.email, ...mail }, { database });
}
