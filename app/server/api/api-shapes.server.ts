import type { EnrollmentStatus, OrderStatus } from "~/lib/domain-values";
import type { Order } from "~/server/db/schema";

/**
 * Records as the API answers them and the webhooks send them (snake_case, ISO times), in a module
 * of their own so that the domains that emit webhooks can use them without loading the API.
 */

export const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** An enrollment as the API and the webhooks show it. */
export function enrollmentItem(row: {
  userId: string;
  courseId: string;
  status: string;
  source: string;
  grantedAt: Date;
  revokedAt: Date | null;
}) {
  return {
    user_id: row.userId,
    course_id: row.courseId,
    status: row.status as EnrollmentStatus,
    source: row.source,
    granted_at: row.grantedAt.toISOString(),
    revoked_at: iso(row.revokedAt),
  };
}

type OrderRow = Pick<
  Order,
  | "id"
  | "userId"
  | "customerEmail"
  | "kind"
  | "courseId"
  | "plan"
  | "itemTitle"
  | "amountCents"
  | "listPriceCents"
  | "discountCents"
  | "currency"
  | "status"
  | "provider"
  | "couponCode"
  | "paidAt"
  | "refundedAt"
  | "createdAt"
>;

/** An order as the API and the webhooks show it. */
export function orderItem(row: OrderRow) {
  return {
    id: row.id,
    user_id: row.userId,
    customer_email: row.customerEmail,
    kind: row.kind,
    course_id: row.courseId,
    plan: row.plan,
    item_title: row.itemTitle,
    amount_cents: row.amountCents,
    list_price_cents: row.listPriceCents,
    discount_cents: row.discountCents,
    currency: row.currency,
    status: row.status as OrderStatus,
    provider: row.provider,
    coupon_code: row.couponCode,
    paid_at: iso(row.paidAt),
    refunded_at: iso(row.refundedAt),
    created_at: row.createdAt.toISOString(),
  };
}
