import { eq } from "drizzle-orm";
import { db, type Queryable } from "~/server/db/client.server";
import { affiliateSignups, affiliates, users } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";
import { isReferralCurrent, readReferral } from "./affiliate-referrals.server";
import { getAffiliateProgram } from "./affiliate-settings.server";

/**
 * A sign-up through an affiliate's link (docs/decisions/063-affiliates.md): a new account made
 * while the browser carries a current referral cookie counts once for that affiliate, under the
 * same rules as a click (the program on, the affiliate approved) and not for the affiliate's own
 * address. Only the count is shown; the person is never named to the affiliate.
 */
export async function recordAffiliateSignup({
  userId,
  email,
  cookieHeader,
  now = new Date(),
  database = db(),
}: {
  userId: string;
  email: string;
  cookieHeader: string | null | undefined;
  now?: Date;
  database?: Queryable;
}) {
  const referral = readReferral(cookieHeader);
  if (!referral || !/^[0-9a-f-]{36}$/i.test(referral.affiliateId)) return false;
  const program = await getAffiliateProgram({ database });
  if (!program.enabled || !isReferralCurrent({ referral, cookieDays: program.cookieDays, now })) return false;
  const [row] = await database
    .select({ id: affiliates.id, status: affiliates.status, email: users.email })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(affiliates.id, referral.affiliateId));
  if (!row || row.status !== "approved" || row.email.trim().toLowerCase() === email.trim().toLowerCase()) return false;
  const created = await database
    .insert(affiliateSignups)
    .values({ userId, affiliateId: row.id, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: affiliateSignups.userId });
  return created.length > 0;
}

/** From the sign-up hook: counting a sign-up never stands in the way of the account itself. */
export async function countAffiliateSignup(input: { userId: string; email: string; cookieHeader: string | null | undefined }) {
  try {
    return await recordAffiliateSignup(input);
  } catch (error) {
    logger.warn({ err: error, userId: input.userId }, "an affiliate sign-up could not be counted");
    return false;
  }
}
