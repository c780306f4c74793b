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

const tokenWith = (secret: string, email: string) =>
  crypto
    .createHmac("sha256", secret)
    .update(`unsubscribe:${normalize(email)}`)
    .digest("base64url");

const tokenFor = (email: string) => tokenWith(resolveAuthSecrets(getConfig())[0], email);

export function isValidUnsubscribeToken(email: string, token: string) {
  const given = Buffer.from(token);
  return resolveAuthSecrets(getConfig()).some((secret) => {
    const expected = Buffer.from(tokenWith(secret, email));
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

export function unsubscribeUrl(email: string) {
  const params = new URLSearchParams({ email: normalize(email), token: tokenFor(email) });
  return `${getConfig().publicUrl}/unsubscribe?${params}`;
}

/** The headers a marketing message is sent with; none for receipts and account mail. */
export function unsubscribeHeaders(kind: MailKind | string, email: string): Record<string, string> {
  if (!isOneOf(MARKETING_MAIL_KINDS, kind)) return {};
  return { "List-Unsubscribe": `<${unsubscribeUrl(email)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
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
