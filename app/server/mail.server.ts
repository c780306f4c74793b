import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "./config.server";
import { logger } from "./logger.server";

export type Mail = { to: string; subject: string; text: string; html: string; replyTo?: string };

let transport: Transporter | undefined;

function smtpTransport(url: string) {
  transport ??= nodemailer.createTransport(url);
  return transport;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes the message as an .eml file
 * to DATA_DIR/outbox and logs its links, so sign-up and reset work with no mail server.
 */
export async function sendMail(mail: Mail) {
  const config = getConfig();
  const message = { from: config.mail.from, ...mail };
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

/** The product's mail layout: a plain-text part and a simple HTML part with the same words. */
export function layoutMail({ heading, paragraphs, action }: { heading: string; paragraphs: string[]; action?: { label: string; url: string } }) {
  const escape = (value: string) =>
    value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
  const text = [heading, "", ...paragraphs.flatMap((p) => [p, ""]), ...(action ? [`${action.label}: ${action.url}`, ""] : []), "— Launchpad Academy"].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escape(heading)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.6">${escape(p)}</p>`).join("\n")}
${action ? `<p><a href="${escape(action.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(action.label)}</a></p><p style="font-size:12px;color:#64748b">Or paste this link into your browser: ${escape(action.url)}</p>` : ""}
<p style="font-size:12px;color:#64748b">— Launchpad Academy</p></body></html>`;
  return { text, html };
}
