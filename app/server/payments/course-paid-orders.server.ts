import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { Transaction } from "~/server/db/client.server";
import { orderLines, orders } from "~/server/db/schema";

/**
 * Does the buyer hold another paid order that opens this course: the course's own, or a bundle
 * whose line (not refunded) sold it (docs/decisions/062)? A refund takes a course back only when
 * none does (`revokeRefundedAccess`).
 */
export async function hasOtherPaidOrderFor({
  tx,
  userId,
  courseId,
  exceptOrderId,
}: {
  tx: Transaction;
  userId: string;
  courseId: string;
  exceptOrderId: string;
}) {
  const [other] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, "paid"),
        ne(orders.id, exceptOrderId),
        or(
          eq(orders.courseId, courseId),
          sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${isNull(orderLines.refundedAt)} and ${courseId}::uuid = any(${orderLines.bundleCourseIds}))`,
        ),
      ),
    )
    .limit(1);
  return Boolean(other);
}
