import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { getConfig } from "~/server/platform/config.server";
import { submitContactMessage } from "./contact.server";
import { contactMessages } from "~/server/db/schema";
import { DEFAULT_SITE_SETTINGS } from "~/lib/site-settings";
import { updateSiteSettings } from "~/server/settings/site-settings.server";
import { deliverQueuedMailNow } from "../../../tests/support/mail-queue";

const database = useTestDatabase();

beforeAll(async () => {
  // The support address is a site setting; this file's database is its own.
  await updateSiteSettings({ input: { ...DEFAULT_SITE_SETTINGS, supportEmail: "help@school.example" }, actorId: null });
});

describe("contact form", () => {
  it("stores the message and mails it to the support address with the sender as Reply-To", async () => {
    const email = `${unique("sender")}@example.com`;
    const saved = await submitContactMessage({ form: { name: "Ann Lee", email, message: "Where is my invoice?" } });
    const [row] = await database().db.select().from(contactMessages).where(eq(contactMessages.id, saved.id));
    expect(row).toMatchObject({ name: "Ann Lee", email, message: "Where is my invoice?", handledAt: null });

    await deliverQueuedMailNow();
    const dir = getConfig().mail.outboxDir;
    const files = (await fs.readdir(dir)).filter((file) => file.endsWith(".eml"));
    const raw = await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), "utf8")));
    // Quoted-printable: join soft line breaks and decode escapes.
    const mails = raw.map((text) =>
      text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
    const mail = mails.find((text) => text.includes(saved.id));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/^To: help@school\.example$/m);
    expect(mail).toMatch(new RegExp(`^Reply-To: ${email.replace(/\./g, "\\.")}$`, "m"));
    expect(mail).toContain("Subject: Contact form: Ann Lee");
    expect(mail).toContain("Where is my invoice?");
  });
});
