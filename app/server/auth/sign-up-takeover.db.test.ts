import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { deliverQueuedMailNow } from "../../../tests/support/mail-queue";
import { getConfig } from "~/server/platform/config.server";
import { sessions, users } from "~/server/db/schema";
import { getAuth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./client-ip.server";

/**
 * Issue 19, finding 1: someone signs up first with another person's address and a password of
 * their own. When the real owner signs up and confirms the address, the first password must be
 * gone, with every session of the account, and the owner's own password must work.
 */

const database = useTestDatabase();
const ORIGIN = "http://localhost:3000";
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

/** One browser: its cookies, kept between requests like a real one. */
class Browser {
  private cookies = new Map<string, string>();
  constructor(private readonly ip = freshIp()) {}

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(prefix: string) {
    return [...this.cookies.keys()].some((name) => name.includes(prefix));
  }

  async request(url: string, init: { method?: string; body?: Record<string, unknown> } = {}) {
    const headers = new Headers({ origin: ORIGIN, [CLIENT_IP_HEADER]: this.ip });
    if (this.cookies.size > 0) headers.set("cookie", this.header());
    if (init.body) headers.set("content-type", "application/json");
    const response = await getAuth().handler(
      new Request(url.startsWith("http") ? url : `${ORIGIN}/api/auth${url}`, {
        method: init.method ?? (init.body ? "POST" : "GET"),
        headers,
        body: init.body ? JSON.stringify(init.body) : undefined,
        redirect: "manual",
      }),
    );
    this.remember(response);
    return response;
  }

  /** Signs up, and collects the confirmation link it mails (so links keep the order they were asked in). */
  async signUp(email: string, password: string, name: string) {
    const response = await this.request("/sign-up/email", { body: { email, password, name, callbackURL: "/account" } });
    await collectConfirmationLinks(email);
    return response;
  }

  async resendConfirmation(email: string) {
    const response = await this.request("/send-verification-email", { body: { email, callbackURL: "/account" } });
    await collectConfirmationLinks(email);
    return response;
  }

  signIn(email: string, password: string) {
    return this.request("/sign-in/email", { body: { email, password } });
  }
}

const decode = (text: string) =>
  text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const linksByEmail = new Map<string, string[]>();
const readMails = new Set<string>();

/** Delivers queued mail and appends the confirmation links newly mailed to `email`. */
async function collectConfirmationLinks(email: string) {
  await deliverQueuedMailNow();
  const outbox = getConfig().mail.outboxDir;
  const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith(".eml"));
  const links = linksByEmail.get(email) ?? [];
  for (const file of files) {
    if (readMails.has(file)) continue;
    const mail = decode(await fs.readFile(path.join(outbox, file), "utf8"));
    if (!mail.includes(`To: ${email}`)) continue;
    readMails.add(file);
    const link = mail.match(/https?:\/\/\S+\/api\/auth\/verify-email\?[^\s"<]+/)?.[0];
    if (link) links.push(link.replace(/&amp;/g, "&"));
  }
  linksByEmail.set(email, links);
}

/**
 * The confirmation links mailed to `email`, in the order they were asked for. Mail goes out through
 * the job queue, so the outbox's file order is not the order of the sign-ups: each sign-up in this
 * file collects its own link as soon as it is mailed.
 */
const confirmationLinks = async (email: string) => linksByEmail.get(email) ?? [];

async function userOf(email: string) {
  const [row] = await database().db.select().from(users).where(eq(users.email, email));
  return row!;
}

/** A session of the account from before the confirmation (as if it had one), to see that it ends. */
async function plantSession(userId: string) {
  const token = unique("planted");
  await database()
    .db.insert(sessions)
    .values({ id: unique("session"), token, userId, expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

const sessionsOf = async (userId: string) =>
  database().db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, userId));

describe("an address registered first by someone else", () => {
  it("keeps nothing of the first registrant once the owner confirms their own sign-up: password, name and sessions", async () => {
    const email = `${unique("carol")}@example.com`;
    const attacker = new Browser();
    const carol = new Browser();
    expect((await attacker.signUp(email, "attacker-password-1", "Mallory")).status).toBe(200);
    expect((await carol.signUp(email, "carols-own-password", "Carol Owner")).status).toBe(200);
    const planted = await plantSession((await userOf(email)).id);

    const links = await confirmationLinks(email);
    expect(links).toHaveLength(2);
    // Carol opens the link of her own sign-up (the newest mail).
    const confirmed = await carol.request(links[1]);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/account");
    expect(carol.has("session_token")).toBe(true);

    const account = await userOf(email);
    expect(account).toMatchObject({ emailVerified: true, name: "Carol Owner" });
    // Every session from before is gone; Carol's new one is the only one.
    const left = await sessionsOf(account.id);
    expect(left.map((row) => row.token)).not.toContain(planted);
    expect(left).toHaveLength(1);

    expect((await attacker.signIn(email, "attacker-password-1")).status).toBe(401);
    expect((await new Browser().signIn(email, "carols-own-password")).status).toBe(200);
  });

  it("installs the owner's password when they confirm on another device, and signs nobody in there", async () => {
    const email = `${unique("carol")}@example.com`;
    const attacker = new Browser();
    expect((await attacker.signUp(email, "attacker-password-2", "Mallory")).status).toBe(200);
    expect((await new Browser().signUp(email, "carols-own-password", "Carol Owner")).status).toBe(200);

    const phone = new Browser();
    const links = await confirmationLinks(email);
    const confirmed = await phone.request(links[1]);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/login?notice=email-confirmed");
    expect(phone.has("session_token")).toBe(false);
    expect(await sessionsOf((await userOf(email)).id)).toHaveLength(0);

    expect((await attacker.signIn(email, "attacker-password-2")).status).toBe(401);
    expect((await new Browser().signIn(email, "carols-own-password")).status).toBe(200);
  });

  it("installs the owner's password even when they open the first registrant's link in the browser they signed up in", async () => {
    const email = `${unique("carol")}@example.com`;
    const attacker = new Browser();
    const carol = new Browser();
    expect((await attacker.signUp(email, "attacker-password-3", "Mallory")).status).toBe(200);
    expect((await carol.signUp(email, "carols-own-password", "Carol Owner")).status).toBe(200);

    const links = await confirmationLinks(email);
    const confirmed = await carol.request(links[0]);
    expect(confirmed.headers.get("location")).toBe("/account");
    expect(carol.has("session_token")).toBe(true);
    expect((await userOf(email)).name).toBe("Carol Owner");
    expect((await attacker.signIn(email, "attacker-password-3")).status).toBe(401);
    expect((await new Browser().signIn(email, "carols-own-password")).status).toBe(200);
  });

  it("never signs in a browser that did not set the password the account ends up with", async () => {
    // The first registrant's own link, opened by the mailbox's owner who never signed up: the
    // address is confirmed, but the browser is not signed in to an account whose password it did not choose.
    const email = `${unique("carol")}@example.com`;
    expect((await new Browser().signUp(email, "attacker-password-4", "Mallory")).status).toBe(200);
    const carol = new Browser();
    const [link] = await confirmationLinks(email);
    const confirmed = await carol.request(link);
    expect(confirmed.headers.get("location")).toBe("/login?notice=email-confirmed");
    expect(carol.has("session_token")).toBe(false);

    // A confirmation link asked for again (by anyone) signs nobody in either.
    const other = `${unique("dave")}@example.com`;
    const stranger = new Browser();
    expect((await new Browser().signUp(other, "attacker-password-5", "Mallory")).status).toBe(200);
    expect((await stranger.resendConfirmation(other)).status).toBe(200);
    const resent = (await confirmationLinks(other)).at(-1)!;
    expect((await new Browser().request(resent)).headers.get("location")).toBe("/login?notice=email-confirmed");
  });

  it("still signs in the browser that signed up, through its own link or one asked for again, and a used link signs nobody in", async () => {
    const email = `${unique("erin")}@example.com`;
    const erin = new Browser();
    expect((await erin.signUp(email, "erins-own-password", "Erin")).status).toBe(200);
    expect((await erin.resendConfirmation(email)).status).toBe(200);
    const links = await confirmationLinks(email);
    expect(links).toHaveLength(2);
    const confirmed = await erin.request(links[1]);
    expect(confirmed.headers.get("location")).toBe("/account");
    expect(erin.has("session_token")).toBe(true);
    expect((await userOf(email)).lastSignInAt).toBeInstanceOf(Date);

    // The first link again, in a new browser: the address is already confirmed; nobody is signed in.
    const later = new Browser();
    await later.request(links[0]);
    expect(later.has("session_token")).toBe(false);
  });
});
