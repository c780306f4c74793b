import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callAction } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { contactMessages, newsletterSubscribers } from "~/server/db/schema";
import * as contact from "./contact";
import { contactForm } from "./contact-form";
import * as newsletter from "./newsletter";
import { newsletterForm } from "./newsletter-form";

const database = useTestDatabase();

type Refused = { data: { errors: Record<string, string[]>; values: Record<string, string> }; init: { status: number } };
type Fetched = { data: { status: string }; init: { status: number } };

const sendContact = async (form: Record<string, string>) => (await callAction(contact, { path: "/contact", form })) as unknown;
const sendNewsletter = async (form: Record<string, string>) => (await callAction(newsletter, { path: "/newsletter", form })) as unknown;

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
