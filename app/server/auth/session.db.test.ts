import type { AddressInfo } from "node:net";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { createApp } from "../../../server";
import { getConfig } from "~/server/platform/config.server";
import { eq } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { discussionNotifications, sessions, users } from "~/server/db/schema";
import { countUnreadNotifications, markNotificationsRead } from "~/server/discussions/discussion-notifications.server";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { getAuth } from "./auth.server";
import { sessionMiddleware, sessionUserContext } from "./session.server";

useTestDatabase();

async function sessionCookie(email = `${unique("member")}@example.com`) {
  await upsertPasswordUser(db(), { email, password: "a-decent-passphrase", role: "user" });
  const { headers } = await getAuth().api.signInEmail({ body: { email, password: "a-decent-passphrase" }, returnHeaders: true });
  return headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** Runs the root's session middleware around a route that answers `answer`. */
async function throughMiddleware(cookie: string | null, answer: () => Response) {
  const context = new RouterContextProvider();
  const request = new Request("http://localhost:3000/account.data", { headers: cookie ? { cookie } : {} });
  const response = await sessionMiddleware(
    { request, context, params: {}, unstable_pattern: "/account", url: new URL(request.url) } as never,
    async () => answer(),
  );
  return { response: response ?? null, user: context.get(sessionUserContext) };
}

describe("Cache-Control for signed-in users", () => {
  it("marks every React Router response to a signed-in user no-store, replacing what the route set", async () => {
    const cookie = await sessionCookie();
    const page = await throughMiddleware(
      cookie,
      () => new Response("<h1>Account</h1>", { headers: { "Cache-Control": "public, max-age=600" } }),
    );
    expect(page.user).not.toBeNull();
    expect(page.response?.headers.get("cache-control")).toBe("no-store");

    // Response.redirect has immutable headers; the answer is still marked.
    const redirect = await throughMiddleware(cookie, () => Response.redirect("http://localhost:3000/account", 302));
    expect(redirect.response?.status).toBe(302);
    expect(redirect.response?.headers.get("cache-control")).toBe("no-store");
  });

  it("leaves a visitor's pages cacheable as the route says", async () => {
    const visitor = await throughMiddleware(null, () => new Response("ok", { headers: { "Cache-Control": "public, max-age=600" } }));
    expect(visitor.user).toBeNull();
    // The middleware lets React Router carry on by itself and does not touch the answer.
    expect(visitor.response).toBeNull();
  });

  it("marks everything under /api/auth and /api/uploads no-store, signed in or not", async () => {
    const cookie = await sessionCookie();
    const server = createApp({ config: getConfig(), build: () => Promise.reject(new Error("no build")) }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const session = await fetch(`${base}/api/auth/get-session`, { headers: { cookie } });
      expect(session.status).toBe(200);
      expect(session.headers.get("cache-control")).toBe("no-store");
      const anonymous = await fetch(`${base}/api/auth/get-session`);
      expect(anonymous.headers.get("cache-control")).toBe("no-store");
      const upload = await fetch(`${base}/api/uploads/cover`, { method: "POST", headers: { cookie } });
      expect(upload.headers.get("cache-control")).toBe("no-store");
    } finally {
      server.close();
    }
  });
});

describe("the API token header of a session read (set-auth-jwt)", () => {
  it("comes with GET /api/auth/get-session over HTTP, and is not made for the server's own read on each page", async () => {
    const cookie = await sessionCookie();
    const own = await getAuth().api.getSession({ headers: new Headers({ cookie }), returnHeaders: true });
    expect(own.response?.user.email).toMatch(/@example\.com$/);
    expect(own.headers.get("set-auth-jwt")).toBeNull();

    const server = createApp({ config: getConfig(), build: () => Promise.reject(new Error("no build")) }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const session = await fetch(`${base}/api/auth/get-session`, { headers: { cookie } });
      const { user } = (await session.json()) as { user: { id: string } };
      const token = session.headers.get("set-auth-jwt") ?? "";
      expect(token.split(".")).toHaveLength(3);
      expect(JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString())).toMatchObject({ sub: user.id });
      expect(session.headers.get("access-control-expose-headers")).toContain("set-auth-jwt");
      // A visitor gets none.
      expect((await fetch(`${base}/api/auth/get-session`)).headers.get("set-auth-jwt")).toBeNull();
    } finally {
      server.close();
    }
  });
});

/** The user the root's session middleware reads for this cookie. */
const pageUser = async (cookie: string) => (await throughMiddleware(cookie, () => new Response("ok"))).user;

const sessionOf = async (userId: string) => (await db().select().from(sessions).where(eq(sessions.userId, userId)))[0]!;

describe("the page's read of the session (docs/decisions/068)", () => {
  it("is read from the database on every request: sign-out everywhere, a role change, a ban and a removed account count at the next one", async () => {
    const email = `${unique("reader")}@example.com`;
    const laptop = await sessionCookie(email);
    const phone = await sessionCookie(email);
    const reader = await pageUser(laptop);
    expect(reader).toMatchObject({ email, role: "user" });
    expect((await pageUser(phone))?.id).toBe(reader!.id);
    expect((await pageUser(phone))?.sessionId).not.toBe(reader!.sessionId);

    await db().update(users).set({ role: "admin" }).where(eq(users.id, reader!.id));
    expect((await pageUser(phone))?.role).toBe("admin");
    await db().update(users).set({ role: "user" }).where(eq(users.id, reader!.id));
    expect((await pageUser(phone))?.role).toBe("user");

    // "Sign out of other devices" on the laptop ends the phone's session at its next request.
    await getAuth().api.revokeOtherSessions({ headers: new Headers({ cookie: laptop }) });
    expect(await pageUser(phone)).toBeNull();
    expect((await pageUser(laptop))?.id).toBe(reader!.id);

    await db().update(users).set({ banned: true }).where(eq(users.id, reader!.id));
    expect(await pageUser(laptop)).toBeNull();
    // A ban that has run out no longer counts.
    await db().update(users).set({ banExpires: new Date(Date.now() - 1000) }).where(eq(users.id, reader!.id));
    expect((await pageUser(laptop))?.id).toBe(reader!.id);

    await db().delete(users).where(eq(users.id, reader!.id));
    expect(await pageUser(laptop)).toBeNull();
  });

  it("carries the person's own unread notification count (the header's bell), read with the session", async () => {
    const cookie = await sessionCookie();
    const other = await sessionCookie();
    const reader = await pageUser(cookie);
    const neighbour = await pageUser(other);
    expect(reader?.unreadNotifications).toBe(0);
    await db()
      .insert(discussionNotifications)
      .values([
        { userId: reader!.id, kind: "reply" },
        { userId: reader!.id, kind: "answer" },
        { userId: neighbour!.id, kind: "reply" },
      ]);
    expect((await pageUser(cookie))?.unreadNotifications).toBe(2);
    expect((await pageUser(cookie))?.unreadNotifications).toBe(await countUnreadNotifications({ userId: reader!.id }));
    expect((await pageUser(other))?.unreadNotifications).toBe(1);
    await markNotificationsRead({ userId: reader!.id });
    expect((await pageUser(cookie))?.unreadNotifications).toBe(0);
    expect((await pageUser(other))?.unreadNotifications).toBe(1);
  });

  it("opens nothing with a cookie whose signature is not the site's, or beside a forged second session cookie", async () => {
    const cookie = await sessionCookie();
    expect(await pageUser(cookie)).not.toBeNull();
    const [name, value] = cookie.split("=") as [string, string];
    const token = decodeURIComponent(value).split(".")[0]!;
    const forged = `${token}.${Buffer.alloc(32, 7).toString("base64")}`;
    expect(await pageUser(`${name}=${encodeURIComponent(forged)}`)).toBeNull();
    expect(await pageUser(`${name}=${encodeURIComponent(token)}`)).toBeNull();
    // Two cookies of the name: Better Auth decides, as it did before (the first one it parses).
    expect(await pageUser(`${name}=${encodeURIComponent(forged)}; ${cookie}`)).toBeNull();
  });

  it("leaves an expired session to Better Auth, which deletes it, and one due to be extended, which it extends", async () => {
    const cookie = await sessionCookie();
    const user = (await pageUser(cookie))!;
    const session = await sessionOf(user.id);

    // Better Auth extends a 30-day session once a day has passed since it did.
    const stale = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000);
    await db().update(sessions).set({ expiresAt: stale }).where(eq(sessions.id, session.id));
    expect((await pageUser(cookie))?.id).toBe(user.id);
    expect((await sessionOf(user.id)).expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);

    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, session.id));
    expect(await pageUser(cookie)).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
  });
});
