import type { EnrollmentStatus, OrderStatus, Role, SubscriptionStatus } from "~/lib/domain-values";
import type { Order, OrderLine } from "~/server/db/schema";

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
  | "taxCents"
  | "listPriceCents"
  | "discountCents"
  | "taxCents"
  | "currency"
  | "status"
  | "provider"
  | "couponCode"
  | "paidAt"
  | "refundedAt"
  | "createdAt"
>;

type OrderLineRow = Pick<OrderLine, "kind" | "courseId" | "plan" | "title" | "listPriceCents" | "discountCents" | "taxCents" | "amountCents" | "refundedAt">;

/** One line of an order as the API and the webhooks show it (docs/decisions/061). */
export function orderLineItem(line: OrderLineRow) {
  return {
    kind: line.kind,
    course_id: line.courseId,
    plan: line.plan,
    title: line.title,
    list_price_cents: line.listPriceCents,
    discount_cents: line.discountCents,
    tax_cents: line.taxCents,
    amount_cents: line.amountCents,
    refunded_at: iso(line.refundedAt),
  };
}

/** An order as the API and the webhooks show it: its totals, and what it sold line by line. */
export function orderItem(row: OrderRow, lines: readonly OrderLineRow[]) {
  return {
    id: row.id,
    user_id: row.userId,
    customer_email: row.customerEmail,
    kind: row.kind,
    course_id: row.courseId,
    plan: row.plan,
    item_title: row.itemTitle,
    amount_cents: row.amountCents,
    tax_cents: row.taxCents,
    list_price_cents: row.listPriceCents,
    discount_cents: row.discountCents,
    currency: row.currency,
    status: row.status as OrderStatus,
    provider: row.provider,
    coupon_code: row.couponCode,
    paid_at: iso(row.paidAt),
    refunded_at: iso(row.refundedAt),
    created_at: row.createdAt.toISOString(),
    lines: lines.map(orderLineItem),
  };
}

/** A user as the API and the webhooks show it. */
export function userItem(row: {
  id: string;
  email: string;
  name: string;
  role: string | null;
  emailVerified: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
}) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: (row.role || "user") as Role,
    email_verified: row.emailVerified,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: iso(row.lastSignInAt),
  };
}

/** A certificate as the webhooks show it (its number as printed, its public page). */
export function certificateItem(row: {
  id: string;
  number: string;
  userId: string;
  courseId: string;
  learnerName: string;
  courseTitle: string;
  issuedAt: Date;
  url: string;
}) {
  return {
    id: row.id,
    number: row.number,
    user_id: row.userId,
    course_id: row.courseId,
    learner_name: row.learnerName,
    course_title: row.courseTitle,
    issued_at: row.issuedAt.toISOString(),
    url: row.url,
  };
}

/** A membership (the subscription row) as the webhooks show it. */
export function membershipItem(row: {
  id: string;
  userId: string;
  plan: string;
  status: string;
  provider: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
}) {
  return {
    id: row.id,
    user_id: row.userId,
    plan: row.plan,
    status: row.status as SubscriptionStatus,
    provider: row.provider,
    current_period_end: row.currentPeriodEnd.toISOString(),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    canceled_at: iso(row.canceledAt),
  };
}
