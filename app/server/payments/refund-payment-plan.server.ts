import { eq } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { orders, paymentPlans } from "~/server/db/schema";
import { lockOrder } from "./order-locks.server";
import { endRefundedPlan, listPlanPaidOrders, PlanNotFoundError } from "./payment-plans.server";
import { paymentsProviderFor } from "./providers.server";
import { refundPaidOrder } from "./refund-paid-order.server";

/**
 * A payment plan refunded (docs/decisions/069): every instalment paid is given back at the provider,
 * then, in one transaction, each of their orders goes the one refund path (`refundPaidOrder`: the
 * credit note, the notice, the affiliate's commission back, the course taken back once no paid
 * order of it is left) and the plan ends `refunded`, so nothing more is charged. The later
 * instalments go first, the first order (which opened the course) last. A Stripe plan's subscription
 * is canceled at Stripe before any money goes back.
 */
export async function refundPaymentPlan({ planId, actorId }: { planId: string; actorId: string | null }) {
  // Stripe's subscription is ended first, so nothing more is charged while the payments go back.
  const [open] = await db()
    .select({ provider: paymentPlans.provider, subscriptionId: paymentPlans.providerSubscriptionId, status: paymentPlans.status })
    .from(paymentPlans)
    .where(eq(paymentPlans.id, planId));
  if (open?.subscriptionId && open.status !== "refunded" && open.status !== "canceled" && open.status !== "completed") {
    await paymentsProviderFor(open.provider).cancelSubscription({ providerSubscriptionId: open.subscriptionId });
  }
  const paid = await listPlanPaidOrders({ tx: db(), planId });
  for (const order of paid) {
    if (order.amountCents > 0) await paymentsProviderFor(order.provider).refund({ paymentId: order.paymentId, orderId: order.id });
  }
  return db().transaction(async (tx) => {
    const [plan] = await tx.select({ id: paymentPlans.id }).from(paymentPlans).where(eq(paymentPlans.id, planId)).for("update");
    if (!plan) throw new PlanNotFoundError(planId);
    await endRefundedPlan({ tx, planId });
    let refunded = 0;
    for (const { id } of paid) {
      const order = await lockOrder({ tx, where: eq(orders.id, id) });
      if (order && (await refundPaidOrder({ tx, order, actorId, note: "Payment plan refunded" }))) refunded += 1;
    }
    return { refunded };
  });
}
