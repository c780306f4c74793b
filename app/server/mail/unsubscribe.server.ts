import crypto from "node:crypto";
import { inArray } from "drizzle-orm";
import { isOneOf, MARKETING_MAIL_KINDS, type MailKind } from "~/lib/domain-values";
import { resolveAuthSecrets } from "~/server/auth/auth-secrets.server";
import { getConfig } from "~/server/platform/config.server";
import { db } from "~/server/db/client.server";
import { mailOptOuts } from "~/server/db/schema";

/**
 * One-click unsubscribe from marketing mail (RFC 8058). Every marketing message carries
 * `List-Unsubscribe: <…/unsubscribe?email=…&token=…>` and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`; the token is an HMAC of the address with the site's secret, so a
 * link works only for the address it was made for and needs no row until it is used. Links made
 * with a secret listed in AUTH_PREVIOUS_SECRETS keep working after a rotation (decision 032).
 */

const normalize = (email: string) => email.trim().toLowerCase();

/**
 * Which mail a link stops: `marketing` (drip notices, announcements, new lessons) or `discussions`
 * (issue 42: what is new in discussions), each with tokens of its own so one never stops the other.
 */
export type UnsubscribeList = "marketing" | "discussions";

const tokenWith = (secret: string, email: string, list: UnsubscribeList) =>
  crypto
    .createHmac("sha256", secret)
    .update(list === "marketing" ? `unsubscribe:${normalize(email)}` : `unsubscribe:${list}:${normalize(email)}`)
    .digest("base64url");

const tokenFor = (email: string, list: UnsubscribeList) => tokenWith(resolveAuthSecrets(getConfig())[0], email, list);

export function isValidUnsubscribeToken(email: string, token: string, list: UnsubscribeList = "marketing") {
  const given = Buffer.from(token);
  return resolveAuthSecrets(getConfig()).some((secret) => {
    const expected = Buffer.from(tokenWith(secret, email, list));
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

export function unsubscribeUrl(email: string, list: UnsubscribeList = "marketing") {
  const params = new URLSearchParams({ email: normalize(email), token: tokenFor(email, list), ...(list === "marketing" ? {} : { list }) });
  return `${getConfig().publicUrl}/unsubscribe?${params}`;
}

/** The headers a marketing or discussion message is sent with; none for receipts and account mail. */
export function unsubscribeHeaders(kind: MailKind | string, email: string): Record<string, string> {
  const list: UnsubscribeList | null = isOneOf(MARKETING_MAIL_KINDS, kind) ? "marketing" : kind === "discussions" ? "discussions" : null;
  if (!list) return {};
  return { "List-Unsubscribe": `<${unsubscribeUrl(email, list)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** Stops marketing mail to the address. Doing it again changes nothing. */
export async function optOutOfMarketingMail(email: string) {
  await db()
    .insert(mailOptOuts)
    .values({ email: normalize(email) })
    .onConflictDoNothing();
}

/** Which of these addresses refuse marketing mail. */
export async function listOptedOut(emails: string[]) {
  if (emails.length === 0) return new Set<string>();
  const rows = await db()
    .select({ email: mailOptOuts.email })
    .from(mailOptOuts)
    .where(inArray(mailOptOuts.email, [...new Set(emails.map(normalize))]));
  return new Set(rows.map((row) => row.email));
}
