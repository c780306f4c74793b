import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { resolveAuthSecrets } from "~/server/auth/auth-secrets.server";
import { db } from "~/server/db/client.server";
import { affiliateClicks, affiliates } from "~/server/db/schema";
import { getConfig } from "~/server/platform/config.server";
import { countableVisitor } from "~/server/visitor-hash.server";
import { getAffiliateProgram } from "./affiliate-settings.server";

/**
 * A visit through an affiliate's link (docs/decisions/063-affiliates.md). The link is answered by
 * a redirect to the same page without `ref` that sets a first-party cookie naming the affiliate
 * and the click's time, signed with the site's secret, so the page itself (and the page cache)
 * never carries a cookie. The newest link wins; the checkout reads the cookie, and the cookie
 * period is measured from the click written in it, not from the browser's expiry.
 */

export const REFERRAL_COOKIE = "affiliate_ref";
const DAY_MS = 24 * 60 * 60 * 1000;

export type Referral = { affiliateId: string; clickedAt: Date };

const signatureWith = (secret: string, payload: string) =>
  crypto.createHmac("sha256", secret).update(`affiliate-ref:${payload}`).digest("base64url");

/** The Set-Cookie header for a click: the affiliate and the time, signed; kept for the program's cookie period. */
export function referralCookie({ affiliateId, clickedAt, cookieDays }: { affiliateId: string; clickedAt: Date; cookieDays: number }) {
  const config = getConfig();
  const payload = `${affiliateId}.${clickedAt.getTime()}`;
  const secure = config.publicUrl.startsWith("https://") ? "; Secure" : "";
  return `${REFERRAL_COOKIE}=${payload}.${signatureWith(resolveAuthSecrets(config)[0], payload)}; Path=/; Max-Age=${cookieDays * 24 * 60 * 60}; HttpOnly; SameSite=Lax${secure}`;
}

/** The referral a Cookie header carries, if signed by one of the site's secrets; null otherwise. */
export function readReferral(cookieHeader: string | null | undefined): Referral | null {
  const value = (cookieHeader ?? "")
    .split(/;\s*/)
    .find((part) => part.startsWith(`${REFERRAL_COOKIE}=`))
    ?.slice(REFERRAL_COOKIE.length + 1);
  const [affiliateId, time, signature] = value?.split(".") ?? [];
  if (!affiliateId || !time || !signature || !/^\d+$/.test(time)) return null;
  const payload = `${affiliateId}.${time}`;
  const given = Buffer.from(signature);
  const valid = resolveAuthSecrets(getConfig()).some((secret) => {
    const expected = Buffer.from(signatureWith(secret, payload));
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  return valid ? { affiliateId, clickedAt: new Date(Number(time)) } : null;
}

/** Is the click still within the cookie period at `now`? */
export function isReferralCurrent({ referral, cookieDays, now }: { referral: Referral; cookieDays: number; now: Date }) {
  const age = now.getTime() - referral.clickedAt.getTime();
  return age >= 0 && age <= cookieDays * DAY_MS;
}

/** A Cookie header without the referral cookie: what decides whether a request is anonymous for the page cache. */
export function cookiesBesidesReferral(cookieHeader: string | undefined) {
  return (cookieHeader ?? "")
    .split(/;\s*/)
    .filter((part) => part && !part.startsWith(`${REFERRAL_COOKIE}=`))
    .join("; ");
}

/**
 * A visit through `code`: null when the program is off or the code names no approved affiliate.
 * Otherwise the cookie to set and, for a person (not a bot), one click a visitor a day: the daily
 * visitor hash is the click's key, so a flood from one address and browser counts once.
 */
export async function recordAffiliateVisit({
  code,
  ip,
  userAgent,
  now = new Date(),
}: {
  code: string;
  ip: string;
  userAgent: string;
  now?: Date;
}) {
  if (!/^[A-Za-z0-9-]{1,40}$/.test(code)) return null;
  const program = await getAffiliateProgram();
  if (!program.enabled) return null;
  const [affiliate] = await db()
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(and(sql`lower(${affiliates.code}) = lower(${code})`, eq(affiliates.status, "approved")));
  if (!affiliate) return null;
  const visitor = countableVisitor({ ip, userAgent, now, purpose: "affiliate-clicks" });
  if (visitor) {
    await db()
      .insert(affiliateClicks)
      .values({ affiliateId: affiliate.id, day: visitor.day, visitorHash: visitor.visitorHash })
      .onConflictDoNothing();
  }
  return {
    affiliateId: affiliate.id,
    cookie: referralCookie({ affiliateId: affiliate.id, clickedAt: now, cookieDays: program.cookieDays }),
  };
}
