import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db, type Queryable } from "~/server/db/client.server";
import { newsletterSubscribers } from "~/server/db/schema";
import { getConfig } from "~/server/platform/config.server";
import { newsletterConfirmMail } from "~/server/mail/templates.server";
import { sendMail } from "~/server/mail/mail-queue.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

/**
 * The "Get Playbooks" newsletter with double opt-in. A subscription starts pending and only a
 * click on the emailed link confirms it; every mail carries an unsubscribe link. Subscribing an
 * address that is already on the list is not an error and answers exactly like a new one, so the
 * form never reveals who is subscribed.
 */

const newToken = () => crypto.randomBytes(24).toString("base64url");

export const newsletterLinks = (token: string, origin = getConfig().publicUrl) => ({
  confirm: `${origin}/newsletter/confirm?token=${encodeURIComponent(token)}`,
  unsubscribe: `${origin}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
});

async function queueConfirmationMail({ email, token, database }: { email: string; token: string; database: Queryable }) {
  const links = newsletterLinks(token);
  const { schoolName } = await getSiteSettings({ database });
  await sendMail(
    {
      kind: "newsletter-confirm",
      to: email,
      ...newsletterConfirmMail({ schoolName, confirmUrl: links.confirm, unsubscribeUrl: links.unsubscribe }),
    },
    { database },
  );
}

export type SubscribeResult = { status: "check-email" };

/** A pending address is sent its link again only after this long, however often the form is sent. */
export const CONFIRMATION_RESEND_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Adds the address as pending and mails a confirmation link. A pending address gets the link
 * again (at most once per CONFIRMATION_RESEND_INTERVAL_MS), an unsubscribed one starts over with a
 * fresh token, a confirmed one gets nothing new. The caller always sees the same result.
 */
export async function subscribeToNewsletter({ email, database = db() }: { email: string; database?: Queryable }): Promise<SubscribeResult> {
  const address = email.trim().toLowerCase();
  // The row and its confirmation mail are written together: a failed save queues no mail.
  await database.transaction(async (tx) => {
    const toMail = await subscribeRow(tx, address);
    if (toMail) await queueConfirmationMail({ email: address, token: toMail.token, database: tx });
  });
  return { status: "check-email" };
}

/** The subscription's row after a submission; the token to mail, or null when nothing is to be mailed. */
async function subscribeRow(tx: Queryable, address: string): Promise<{ token: string } | null> {
  const [existing] = await tx
    .select({
      id: newsletterSubscribers.id,
      status: newsletterSubscribers.status,
      token: newsletterSubscribers.token,
      lastMailedAt: newsletterSubscribers.lastMailedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(sql`lower(${newsletterSubscribers.email})`, address))
    .for("update");
  if (!existing) {
    const token = newToken();
    // Two submissions racing for the same address: the unique index keeps one row.
    const inserted = await tx
      .insert(newsletterSubscribers)
      .values({ email: address, token, lastMailedAt: new Date() })
      .onConflictDoNothing()
      .returning({ token: newsletterSubscribers.token });
    return inserted[0] ? { token: inserted[0].token } : null;
  }
  if (existing.status === "confirmed") return null;
  if (existing.status === "unsubscribed") {
    const token = newToken();
    await tx
      .update(newsletterSubscribers)
      .set({ status: "pending", token, unsubscribedAt: null, confirmedAt: null, createdAt: new Date(), lastMailedAt: new Date() })
      .where(eq(newsletterSubscribers.id, existing.id));
    return { token };
  }
  const mailedRecently = existing.lastMailedAt && Date.now() - existing.lastMailedAt.getTime() < CONFIRMATION_RESEND_INTERVAL_MS;
  if (mailedRecently) return null;
  await tx.update(newsletterSubscribers).set({ lastMailedAt: new Date() }).where(eq(newsletterSubscribers.id, existing.id));
  return { token: existing.token };
}

export type TokenResult = { status: "confirmed" | "unsubscribed" | "invalid"; email?: string };

/** pending → confirmed (confirmed stays confirmed). An unknown token or an unsubscribed address is "invalid". */
export async function confirmNewsletterSubscription({
  token,
  database = db(),
}: {
  token: string;
  database?: Queryable;
}): Promise<TokenResult> {
  if (!token) return { status: "invalid" };
  const [row] = await database
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, now())` })
    .where(sql`${newsletterSubscribers.token} = ${token} and ${newsletterSubscribers.status} in ('pending', 'confirmed')`)
    .returning({ email: newsletterSubscribers.email });
  return row ? { status: "confirmed", email: row.email } : { status: "invalid" };
}

/** Looks a token up without changing anything, for the unsubscribe page's question. */
export async function findNewsletterSubscription({ token, database = db() }: { token: string; database?: Queryable }) {
  if (!token) return null;
  const [row] = await database
    .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.token, token));
  return row ?? null;
}

/** Any status → unsubscribed; unsubscribing twice is fine. */
export async function unsubscribeFromNewsletter({ token, database = db() }: { token: string; database?: Queryable }): Promise<TokenResult> {
  if (!token) return { status: "invalid" };
  const [row] = await database
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())` })
    .where(eq(newsletterSubscribers.token, token))
    .returning({ email: newsletterSubscribers.email });
  return row ? { status: "unsubscribed", email: row.email } : { status: "invalid" };
}

/** Hides most of an address on public pages: "ma***@example.com". */
export function maskEmail(email: string) {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 2)}${"*".repeat(Math.max(1, Math.min(local.length - 2, 5)))}@${domain}`;
}
