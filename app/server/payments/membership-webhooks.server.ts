import { eq } from "drizzle-orm";
import { membershipItem } from "~/server/api/api-shapes.server";
import type { Queryable } from "~/server/db/client.server";
import { subscriptions } from "~/server/db/schema";
import { emitWebhookEvent } from "~/server/webhooks/webhooks.server";

/**
 * `membership.started` / `membership.ended` with the membership as the change left it, in the
 * change's transaction. Called beside each `membership_started` / `membership_ended` audit row.
 */
export async function emitMembershipEvent({
  tx,
  type,
  subscriptionId,
}: {
  tx: Queryable;
  type: "membership.started" | "membership.ended";
  subscriptionId: string;
}) {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!row) return;
  await emitWebhookEvent({ tx, type, data: { membership: membershipItem(row) } });
}
