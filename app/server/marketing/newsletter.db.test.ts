import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { DEFAULT_SITE_SETTINGS } from "~/lib/site-settings";
import { getConfig } from "~/server/platform/config.server";
import { newsletterSubscribers } from "~/server/db/schema";
import {
  CONFIRMATION_RESEND_INTERVAL_MS,
  confirmNewsletterSubscription,
  findNewsletterSubscription,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "./newsletter.server";
import { deliverQueuedMailNow } from "../../../tests/support/mail-queue";

const database = useTestDatabase();

/** The .eml files the outbox holds for one address, oldest first, as decoded text. */
async function mailsTo(address: string) {
  await deliverQueuedMailNow();
  const dir = getConfig().mail.outboxDir;
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith(".eml")).sort();
  const mails = await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), "utf8")));
  return mails
    .filter((mail) => new RegExp(`^To: ${address.replace(/[.+]/g, "\\$&")}$`, "mi").test(mail))
    .map((mail) => mail.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

async function rowFor(address: string) {
  const [row] = await database()
    .db.select()
    .from(newsletterSubscribers)
    .where(eq(sql`lower(${newsletterSubscribers.email})`, address.toLowerCase()));
  return row;
}

const tokenIn = (mail: string, kind: "confirm" | "unsubscribe") =>
  mail.match(new RegExp(`/newsletter/${kind}\\?token=([A-Za-z0-9_-]+)`))?.[1];

describe("newsletter double opt-in", () => {
  it("stores a new address as pending and mails a confirm link and an unsubscribe link", async () => {
    const email = `${unique("news")}@example.com`;
    expect(await subscribeToNewsletter({ email })).toEqual({ status: "check-email" });

    const row = await rowFor(email);
    expect(row).toMatchObject({ email, status: "pending", confirmedAt: null });
    const [mail] = await mailsTo(email);
    expect(mail).toContain(`Subject: Confirm your subscription to ${DEFAULT_SITE_SETTINGS.schoolName} playbooks`);
    expect(mail).toContain(`http://localhost:3000/newsletter/confirm?token=${row!.token}`);
    expect(mail).toContain(`http://localhost:3000/newsletter/unsubscribe?token=${row!.token}`);
  });

  it("answers a repeated address exactly like a new one, without a second row", async () => {
    const email = `${unique("repeat")}@example.com`;
    const first = await subscribeToNewsletter({ email });
    const again = await subscribeToNewsletter({ email: `  ${email.toUpperCase()} ` });
    expect(again).toEqual(first);
    expect(await database().db.$count(newsletterSubscribers, eq(sql`lower(${newsletterSubscribers.email})`, email))).toBe(1);
    // Sent again at once, nothing more is mailed: the form cannot be used to flood an inbox.
    expect(await mailsTo(email)).toHaveLength(1);
    await subscribeToNewsletter({ email });
    expect(await mailsTo(email)).toHaveLength(1);

    // Later, a still-pending address gets the same link again, so a lost first mail is not a dead end.
    const later = new Date(Date.now() - CONFIRMATION_RESEND_INTERVAL_MS - 1000);
    await database().db.update(newsletterSubscribers).set({ lastMailedAt: later }).where(eq(newsletterSubscribers.email, email));
    expect(await subscribeToNewsletter({ email })).toEqual(first);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(tokenIn(mails[1]!, "confirm")).toBe(tokenIn(mails[0]!, "confirm"));
  });

  it("confirms with the mailed token, once confirmed sends nothing more, and rejects unknown tokens", async () => {
    const email = `${unique("confirm")}@example.com`;
    await subscribeToNewsletter({ email });
    const token = tokenIn((await mailsTo(email))[0]!, "confirm")!;

    expect(await confirmNewsletterSubscription({ token })).toEqual({ status: "confirmed", email });
    const confirmed = await rowFor(email);
    expect(confirmed?.status).toBe("confirmed");
    expect(confirmed?.confirmedAt).toBeInstanceOf(Date);
    // Clicking the link twice is harmless and keeps the first confirmation time.
    expect(await confirmNewsletterSubscription({ token })).toEqual({ status: "confirmed", email });
    expect((await rowFor(email))?.confirmedAt).toEqual(confirmed?.confirmedAt);

    expect(await subscribeToNewsletter({ email })).toEqual({ status: "check-email" });
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await rowFor(email))?.status).toBe("confirmed");

    expect(await confirmNewsletterSubscription({ token: "not-a-token" })).toEqual({ status: "invalid" });
    expect(await confirmNewsletterSubscription({ token: "" })).toEqual({ status: "invalid" });
  });

  it("unsubscribes with the token; a later subscription starts over with a new token", async () => {
    const email = `${unique("leave")}@example.com`;
    await subscribeToNewsletter({ email });
    const token = tokenIn((await mailsTo(email))[0]!, "unsubscribe")!;
    await confirmNewsletterSubscription({ token });

    expect(await findNewsletterSubscription({ token })).toEqual({ email, status: "confirmed" });
    expect(await unsubscribeFromNewsletter({ token })).toEqual({ status: "unsubscribed", email });
    expect((await rowFor(email))?.status).toBe("unsubscribed");
    expect(await unsubscribeFromNewsletter({ token })).toEqual({ status: "unsubscribed", email });
    // An old confirm link cannot sign the address up again behind its owner's back.
    expect(await confirmNewsletterSubscription({ token })).toEqual({ status: "invalid" });
    expect((await rowFor(email))?.status).toBe("unsubscribed");

    expect(await subscribeToNewsletter({ email })).toEqual({ status: "check-email" });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const newToken = tokenIn(mails[1]!, "confirm")!;
    expect(newToken).not.toBe(token);
    expect(await rowFor(email)).toMatchObject({ status: "pending", unsubscribedAt: null });
    expect(await unsubscribeFromNewsletter({ token })).toEqual({ status: "invalid" });
    expect(await confirmNewsletterSubscription({ token: newToken })).toEqual({ status: "confirmed", email });
  });
});
