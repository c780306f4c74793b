import { orderDiscountLabel } from "~/lib/coupons";
import { orderTaxLabel } from "~/lib/tax";
import { formatDate } from "~/lib/dates";
import { invoicePdfPath } from "~/lib/invoices";
import { getAccountBilling } from "~/server/payments/billing.server";

/** The account page's Membership and Orders sections, with dates written out on the server. */
export async function loadAccountBilling({ userId }: { userId: string }) {
  const { membership, orders } = await getAccountBilling({ userId });
  return {
    membership: membership
      ? {
          plan: membership.plan,
          status: membership.status,
          active: membership.active,
          live: membership.live,
          cancelAtPeriodEnd: membership.cancelAtPeriodEnd,
          periodEnd: formatDate(membership.currentPeriodEnd),
          provider: membership.provider,
        }
      : null,
    orders: orders.map((order) => ({
      id: order.id,
      kind: order.kind,
      itemTitle: order.itemTitle,
      amountCents: order.amountCents,
      discount: orderDiscountLabel(order),
      tax: orderTaxLabel(order),
      currency: order.currency,
      status: order.status,
      courseSlug: order.courseSlug,
      date: formatDate(order.createdAt),
      documents: order.documents.map((document) => ({ ...document, href: invoicePdfPath(document.id) })),
    })),
  };
}
