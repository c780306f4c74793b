import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "~/server/platform/config.server";
import { logger } from "~/server/platform/logger.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";

export type Mail = { to: string; subject: string; text: string; html: string; replyTo?: string; headers?: Record<string, string> };

let transport: { url: string; transporter: Transporter } | undefined;

function smtpTransport(url: string) {
  if (transport?.url !== url) {
    transport?.transporter.close();
    // A mail server that does not answer fails the attempt well before the job's expiry; the queue retries.
    transport = {
      url,
      transporter: nodemailer.createTransport(url, { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }),
    };
  }
  return transport.transporter;
}

/**
 * Whether mail can go out (for /healthz): the SMTP server answers and accepts the login, or the
 * outbox folder is writable. Throws when it cannot.
 */
export async function checkMailTransport() {
  const config = getConfig();
  if (config.mail.smtpUrl) {
    await smtpTransport(config.mail.smtpUrl).verify();
    return;
  }
  await fs.mkdir(config.mail.outboxDir, { recursive: true });
  await fs.access(config.mail.outboxDir, fs.constants.W_OK);
}

/**
 * Who a message is from and where replies go, read from the settings when it is sent (so a message
 * queued before a change goes out as the school is now; docs/decisions/051): the sender's name
 * (empty: the school's name) and address (empty: MAIL_FROM's), and Reply-To (empty: the support
 * address). A MAIL_FROM that names its sender ("School <hello@school.example>") keeps that name
 * unless the settings give one.
 */
export async function mailIdentity(mailFrom: string) {
  const settings = await getSiteSettings();
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  const defaultAddress = named ? named[2]!.trim() : mailFrom.trim();
  const defaultName = named && named[1]!.trim() ? named[1]!.trim() : settings.schoolName;
  return {
    from: {
      name: settings.senderName || (settings.senderEmail ? settings.schoolName : defaultName),
      address: settings.senderEmail || defaultAddress,
    },
    replyTo: settings.replyTo || settings.supportEmail,
  };
}

/**
 * Delivers one message now: through SMTP when SMTP_URL is set; otherwise writes it as an .eml
 * file to DATA_DIR/outbox and logs its links, so sign-up and reset work with no mail server.
 * Only the mail queue calls this (app/server/mail/mail-queue.server.ts); senders use `sendMail`
 * there. `messageId` is the same on every attempt, so a receiver can tell a repeat.
 */
export async function deliverMail(mail: Mail, { messageId }: { messageId?: string } = {}) {
  const config = getConfig();
  const identity = await mailIdentity(config.mail.from);
  // A message's own Reply-To (the contact form's: the visitor) wins over the school's.
  const message = { from: identity.from, ...mail, replyTo: mail.replyTo || identity.replyTo, ...(messageId ? { messageId } : {}) };
  if (config.mail.smtpUrl) {
    await smtpTransport(config.mail.smtpUrl).sendMail(message);
    logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
    return;
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
  await fs.mkdir(config.mail.outboxDir, { recursive: true });
  const file = path.join(config.mail.outboxDir, `${Date.now()}-${crypto.randomBytes(4).toString("hex")}.eml`);
  await fs.writeFile(file, built.message as Buffer);
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  logger.info({ to: mail.to, subject: mail.subject, file, links }, "mail written to outbox");
}
