import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig, unique, useTestDatabase } from "../../../tests/support/test-database";
import { setConfig } from "~/server/platform/config.server";
import { db } from "~/server/db/client.server";
import { DEFAULT_SITE_SETTINGS } from "~/lib/site-settings";
import { updateSiteSettings } from "~/server/settings/site-settings.server";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { getAuth, resetAuth } from "./auth.server";
import { deliverQueuedMailNow } from "../../../tests/support/mail-queue";

useTestDatabase();

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let server: SMTPServer;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // The app's transport may keep its connection open; do not wait for it at the end.
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  // This file's app sends through the SMTP server started here instead of the outbox.
  setConfig(testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "hello@school.test" }));
  resetAuth();
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function waitForMail(to: string) {
  for (let tries = 0; tries < 50; tries++) {
    await deliverQueuedMailNow();
    const mail = received.find((message) => message.to.includes(to));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail for ${to}`);
}

describe("auth mail over SMTP", () => {
  it("delivers the sign-up confirmation with a plain-text and an HTML part and the school's name", async () => {
    const email = `${unique("smtp")}@example.com`;
    await getAuth().api.signUpEmail({ body: { email, password: "an smtp passphrase", name: "Grace Hopper", callbackURL: "/account" } });
    const mail = await waitForMail(email);
    expect(mail.from).toBe("hello@school.test");
    // A bare MAIL_FROM goes out under the school's name.
    expect(mail.raw).toMatch(/^From: "?(.+?)"? <hello@school\.test>$/m);
    expect(mail.raw.match(/^From: "?(.+?)"? <hello@school\.test>$/m)?.[1]).toBe(DEFAULT_SITE_SETTINGS.schoolName);
    expect(mail.raw).toContain(`Subject: Confirm your ${DEFAULT_SITE_SETTINGS.schoolName} account`);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.raw).toContain("Content-Type: text/plain");
    expect(mail.raw).toContain("Content-Type: text/html");
    const body = decodeQuotedPrintable(mail.raw);
    // The address is not confirmed yet: the mail greets nobody by the name that was typed.
    expect(body).toContain("Welcome! Confirm your address");
    expect(body).not.toContain("Grace Hopper");
    expect(body).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Faccount/);
  });

  it("delivers the password reset link to the set-new-password page, named after the school as it is now", async () => {
    await updateSiteSettings({ input: { ...DEFAULT_SITE_SETTINGS, schoolName: "Harbour Lane School" }, actorId: null });
    const email = `${unique("reset")}@example.com`;
    await upsertPasswordUser(db(), { email, password: "an old passphrase", role: "user" });
    await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/reset-password/new" } });
    const mail = await waitForMail(email);
    expect(mail.raw).toContain("Subject: Reset your Harbour Lane School password");
    expect(mail.raw).toMatch(/^From: "?Harbour Lane School"? <hello@school\.test>$/m);
    expect(decodeQuotedPrintable(mail.raw)).toMatch(/\/api\/auth\/reset-password\/[\w-]+\?callbackURL=%2Freset-password%2Fnew/);
  });
});
