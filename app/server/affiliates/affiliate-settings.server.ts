import { eq } from "drizzle-orm";
import type { AffiliateSettingsInput } from "~/lib/affiliate-forms";
import type { AffiliateJoinPolicy, CommissionType } from "~/lib/domain-values";
import { AFFILIATE_JOIN_POLICY_LABELS } from "~/lib/domain-values";
import { recordAccessEvent } from "~/server/access/record-access-event.server";
import { db, type Queryable } from "~/server/db/client.server";
import { affiliateSettings } from "~/server/db/schema";
import { formatMoney } from "~/lib/money";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/** The program's rules; the table holds one row at most, and no row reads as these defaults. */
export type AffiliateProgram = {
  enabled: boolean;
  joinPolicy: AffiliateJoinPolicy;
  commissionType: CommissionType;
  commissionPercent: number;
  commissionFixedCents: number;
  cookieDays: number;
  holdDays: number;
  /** Memberships pay a commission on every payment (true) or on the first only. */
  recurringCommissions: boolean;
};

export const DEFAULT_AFFILIATE_PROGRAM: AffiliateProgram = {
  enabled: false,
  joinPolicy: "approval",
  commissionType: "percent",
  commissionPercent: 20,
  commissionFixedCents: 0,
  cookieDays: 30,
  holdDays: 30,
  recurringCommissions: true,
};

export async function getAffiliateProgram({ database = db() }: { database?: Queryable } = {}): Promise<AffiliateProgram> {
  const [row] = await database.select().from(affiliateSettings).where(eq(affiliateSettings.id, true));
  if (!row) return DEFAULT_AFFILIATE_PROGRAM;
  return {
    enabled: row.enabled,
    joinPolicy: row.joinPolicy as AffiliateJoinPolicy,
    commissionType: row.commissionType as CommissionType,
    commissionPercent: row.commissionPercent,
    commissionFixedCents: row.commissionFixedCents,
    cookieDays: row.cookieDays,
    holdDays: row.holdDays,
    recurringCommissions: row.recurringCommissions,
  };
}

/** Saves the program's rules and their audit row in one transaction. */
export async function updateAffiliateProgram({ input, actorId }: { input: AffiliateSettingsInput; actorId: string }) {
  await db().transaction(async (tx) => {
    const values = { ...input, updatedBy: actorId, updatedAt: new Date() };
    await tx
      .insert(affiliateSettings)
      .values({ id: true, ...values })
      .onConflictDoUpdate({ target: affiliateSettings.id, set: values });
    const { currency } = await getSiteSettings({ database: tx });
    const commission =
      input.commissionType === "percent" ? `${input.commissionPercent}%` : `${formatMoney(input.commissionFixedCents, currency)} per sale`;
    await recordAccessEvent({
      tx,
      type: "affiliate_settings_changed",
      userId: actorId,
      actorId,
      note: `Program ${input.enabled ? "on" : "off"}; joining: ${AFFILIATE_JOIN_POLICY_LABELS[input.joinPolicy]}; commission ${commission}; cookie ${input.cookieDays} days; hold ${input.holdDays} days; memberships: ${input.recurringCommissions ? "every payment" : "first payment only"}`,
    });
  });
}
