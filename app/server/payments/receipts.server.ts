import { formatDate } from "~/lib/dates";
import { eq } from "drizzle-orm";
import { formatUsd } from "~/lib/money";
import { getConfig } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { courses, orders } from "~/server/db/schema";
import { orderReceiptMail } from "~/server/mail/templates.server";
import { sendMail } from "~/server/mail/transport.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/** Mails the buyer the receipt of a paid order, with what was sold as it was sold. */
export async function sendOrderReceipt({ orderId }: { orderId: string }) {
  const [order] = await db()
    .select({
      id: orders.id,
      kind: orders.kind,
      plan: orders.plan,
      email: orders.customerEmail,
      itemTitle: orders.itemTitle,
      amountCents: orders.amountCents,
      provider: orders.provider,
      paidAt: orders.paidAt,
      courseSlug: courses.slug,
    })
    .from(orders)
    .leftJoin(courses, eq(courses.id, orders.courseId))
    .where(eq(orders.id, orderId));
  if (!order?.email || !order.paidAt) return;
  const { schoolName } = await getSiteSettings();
  const origin = getConfig().publicUrl;
  const mail = orderReceiptMail({
    schoolName,
    itemTitle: order.itemTitle,
    amount: formatUsd(order.amountCents),
    paidOn: formatDate(order.paidAt),
    orderId: order.id,
    membership:
      order.kind === "membership"
        ? `Your membership renews every ${order.plan === "yearly" ? "year" : "month"} until you cancel. Cancel anytime from your account.`
        : undefined,
    testMode: order.provider === "test",
    url: order.courseSlug ? `${origin}/courses/${order.courseSlug}` : `${origin}/courses`,
  });
  await sendMail({ to: order.email, ...mail });
}
