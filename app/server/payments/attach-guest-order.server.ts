import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { isAdminRole } from "~/lib/roles";
import { fittedName } from "~/server/auth/profile-names.server";
import { signUpName } from "~/server/auth/sign-up-confirmation.server";
import { db, type Queryable, type Transaction } from "~/server/db/client.server";
import { orders, users, type Order } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";

/** The account an address belongs to, if any, as a guest checkout needs to know it. */
export async function findAccountByEmail({ email, database = db() }: { email: string; database?: Queryable }) {
  const [account] = await database
    .select({
      id: users.id,
      role: users.role,
      banned: users.banned,
      twoFactorEnabled: users.twoFactorEnabled,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return account;
}

/**
 * Accounts a guest checkout never buys for: an admin's, a banned one, one with two-factor sign-in.
 * Their owner signs in to buy; the checkout answers the same for all three (docs/decisions/048).
 */
export function mustSignInToBuy(account: { role: string; banned: boolean | null; twoFactorEnabled: boolean | null }) {
  return isAdminRole(account.role) || Boolean(account.banned) || Boolean(account.twoFactorEnabled);
}

/**
 * A paid guest order's account, in the paying transaction (docs/decisions/048): the address's
 * existing account, or a new one made for it, unconfirmed (a payment proves nothing about the
 * address; the receipt's set-password link does). Nobody is signed in by it. Two tabs paying for a
 * new address make one account: the second insert waits for the first and then does nothing. An
 * address whose account must sign in to buy (it became an admin's since the checkout started) gets
 * nothing attached; the order stays paid and the owner sees it in Admin → Orders.
 */
export async function attachGuestOrder({ tx, order }: { tx: Transaction; order: Order }): Promise<Order> {
  if (!order.guestCheckout || order.userId) return order;
  const email = order.customerEmail.trim().toLowerCase();
  await tx
    .insert(users)
    .values({ id: crypto.randomUUID(), name: signUpName(fittedName(order.customerName), email), email, emailVerified: false })
    .onConflictDoNothing({ target: users.email });
  const account = await findAccountByEmail({ email, database: tx });
  if (!account || mustSignInToBuy(account)) {
    logger.warn({ orderId: order.id }, "a paid guest order's address belongs to an account that must sign in to buy: attached to nobody");
    return order;
  }
  await tx.update(orders).set({ userId: account.id }).where(eq(orders.id, order.id));
  return { ...order, userId: account.id };
}
