import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callAction } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { getConfig } from "~/server/platform/config.server";
import { contactMessages, newsletterSubscribers } from "~/server/db/schema";
import { FORM_RATE_LIMITS } from "~/server/marketing/form-rate-limits.server";
import * as contact from "./contact";
import { contactForm } from "./contact-form";
import * as newsletter from "./newsletter";
import { newsletterForm } from "~/lib/forms/newsletter-form";
import { deliverQueuedMailNow } from "../../../tests/support/mail-queue";

const database = useTestDatabase();

type Refused = { data: { errors: Record<string, string[]>; values: Record<string, string> }; init: { status: number } };
type Fetched = { data: { status: string }; init: { status: number } };

let ipCounter = 0;
/** A documentation-range address of its own per test, so no two tests share a per-IP allowance. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const sendContact = async (form: Record<string, string>, clientIp = freshIp()) =>
  (await callAction(contact, { path: "/contact", form, clientIp })) as unknown;
const sendNewsletter = async (form: Record<string, string>, clientIp = freshIp()) =>
  (await callAction(newsletter, { path: "/newsletter", form, clientIp })) as unknown;

const outboxMailsTo = async (email: string) => {
  await deliverQueuedMailNow();
  const outbox = getConfig().mail.outboxDir;
  const files = await fs.readdir(outbox).catch(() => [] as string[]);
  const mails = await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), "utf8")));
  return mails.filter((mail) => mail.includes(email)).length;
};

const messagesFrom = (email: string) => database().db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe("contact form", () => {
  it("requires name, email and message and checks the email format", () => {
    const result = contactForm.safeParse({ name: " ", email: "nope", message: "" });
    const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(fields).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid email address.",
      message: "Please enter a message.",
    });
    expect(contactForm.parse({ name: " Ann\nLee ", email: " Ann@Example.com ", message: " Hi " })).toEqual({
      name: "Ann Lee",
      email: "ann@example.com",
      message: "Hi",
    });
  });

  it("refuses an incomplete message with 400, keeping what was typed, and stores nothing", async () => {
    const email = `${unique("typed")}@example.com`;
    const result = (await sendContact({ name: "Ann", email, message: "  " })) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.errors).toEqual({ message: ["Please enter a message."] });
    expect(result.data.values).toMatchObject({ name: "Ann", email, message: "  " });
    expect(await messagesFrom(email)).toHaveLength(0);
  });

  it("stores a message with the address lower-cased, then shows the thank-you state", async () => {
    const local = unique("sender");
    const response = (await sendContact({ name: "Ann", email: ` ${local.toUpperCase()}@Example.com`, message: "Hello" })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact?sent=1");
    expect(await messagesFrom(`${local}@example.com`)).toHaveLength(1);
  });

  it("answers a bot that fills the hidden field the same way, without storing it", async () => {
    const email = `${unique("bot")}@example.com`;
    const response = (await sendContact({ name: "Bot", email, message: "Buy", website: "spam.example" })) as Response;
    expect(response.headers.get("Location")).toBe("/contact?sent=1");
    expect(await messagesFrom(email)).toHaveLength(0);
  });
});

describe("newsletter form", () => {
  const subscriber = (email: string) =>
    database()
      .db.select()
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()));

  it("validates and normalises the address", () => {
    expect(newsletterForm.parse({ email: " Someone@Example.COM " })).toEqual({ email: "someone@example.com" });
    for (const email of ["not-an-email", "", undefined]) expect(newsletterForm.safeParse({ email }).success).toBe(false);
  });

  it("answers a fetcher with data, and a plain post with a redirect back to its form", async () => {
    const email = `${unique("Reader")}@Example.com`;
    expect(await sendNewsletter({ email, mode: "fetcher", formId: "footer" })).toMatchObject({
      data: { status: "sent" },
      init: { status: 200 },
    });
    const [row] = await subscriber(email);
    expect(row.email).toBe(email.toLowerCase());

    const refused = (await sendNewsletter({ email: "nope", mode: "fetcher" })) as Fetched;
    expect(refused).toMatchObject({ data: { status: "invalid" }, init: { status: 400 } });

    const plain = (await sendNewsletter({ email: "nope", formId: "footer", redirectTo: "/pricing?plan=year" })) as Response;
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe("/pricing?plan=year&newsletter=footer.invalid#newsletter-footer");
    const offsite = (await sendNewsletter({ email: "nope", formId: "<b>", redirectTo: "//evil.example/" })) as Response;
    expect(offsite.headers.get("Location")).toBe("/newsletter?newsletter=page.invalid#newsletter-page");
  });
});

describe("per-IP limits on the anonymous forms", () => {
  it(`stores and mails at most ${FORM_RATE_LIMITS["/contact"].max} contact messages per address, then says so in the form, keeping what was typed`, async () => {
    const ip = freshIp();
    const { max } = FORM_RATE_LIMITS["/contact"];
    const email = `${unique("flood")}@example.com`;
    for (let i = 0; i < max; i++) {
      expect(((await sendContact({ name: "Ann", email, message: `Hello ${i}` }, ip)) as Response).status).toBe(302);
    }
    const limited = (await sendContact({ name: "Ann", email, message: "One more" }, ip)) as {
      data: { error: string; values: Record<string, string> };
      init: { status: number };
    };
    expect(limited.init.status).toBe(429);
    expect(limited.data.error).toMatch(/^Too many requests from your network\. Please try again in 15 minutes\.$/);
    expect(limited.data.values).toMatchObject({ name: "Ann", email, message: "One more" });
    expect(await messagesFrom(email)).toHaveLength(max);
    expect(await outboxMailsTo(email)).toBe(max);

    // Another address is not affected.
    expect(((await sendContact({ name: "Bo", email, message: "Hi" }, freshIp())) as Response).status).toBe(302);
  });

  it(`mails at most ${FORM_RATE_LIMITS["/newsletter"].max} newsletter confirmations per client address, whatever addresses it gives`, async () => {
    const ip = freshIp();
    const { max } = FORM_RATE_LIMITS["/newsletter"];
    const addresses = Array.from({ length: max + 3 }, () => `${unique("victim")}@example.com`);
    const statuses: string[] = [];
    for (const email of addresses) statuses.push(((await sendNewsletter({ email, mode: "fetcher" }, ip)) as Fetched).data.status);
    expect(statuses).toEqual([...Array(max).fill("sent"), "limited", "limited", "limited"]);
    const mailed = await Promise.all(addresses.map(outboxMailsTo));
    expect(mailed).toEqual([...Array(max).fill(1), 0, 0, 0]);

    const fetched = (await sendNewsletter({ email: `${unique("more")}@example.com`, mode: "fetcher" }, ip)) as Fetched;
    expect(fetched.init.status).toBe(429);
    const plain = (await sendNewsletter(
      { email: `${unique("more")}@example.com`, formId: "footer", redirectTo: "/pricing" },
      ip,
    )) as Response;
    expect(plain.headers.get("Location")).toBe("/pricing?newsletter=footer.limited#newsletter-footer");
  });
});
