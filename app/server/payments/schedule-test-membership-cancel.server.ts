import { and, eq } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { subscriptions } from "~/server/db/schema";

/** Test mode's "cancel anytime": the membership keeps working until the period it was paid for ends. */
export async function scheduleTestMembershipCancel({ subscriptionId }: { subscriptionId: string }) {
  const [row] = await db()
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, canceledAt: new Date() })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.provider, "test")))
    .returning({ currentPeriodEnd: subscriptions.currentPeriodEnd });
  return row ?? null;
}
