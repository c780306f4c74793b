import { eq, type SQL } from "drizzle-orm";
import type { Transaction } from "~/server/db/client.server";
import { orders, users } from "~/server/db/schema";

/** The order the transaction changes, locked until it commits; undefined when there is none. */
export async function lockOrder({ tx, where }: { tx: Transaction; where: SQL }) {
  const [order] = await tx.select().from(orders).where(where).for("update");
  return order;
}

/**
 * The buyer's row, locked until the transaction commits: fulfilments for one person run one after
 * the other, so each decides "is this a second purchase of the same thing?" on what the one
 * before it committed (two checkout tabs paid at once).
 */
export async function lockBuyer({ tx, userId }: { tx: Transaction; userId: string }) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}
