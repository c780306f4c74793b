import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInstanceDatabase, startInstance, stopInstances, type Instance } from "../../../tests/support/app-instances";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { upsertPasswordUser } from "~/server/users/password-users.server";

/**
 * Two app instances, each a process of its own, on one PostgreSQL database (issue 22): accounts
 * behave as on one instance. A session opened on one works on the other and ends on both; a
 * token issued by one is accepted by the other; wrong passwords count across both, so the
 * lockout comes at the sixth attempt whichever instance gets it.
 */

const OWNER = { email: "owner@instances.example", password: "a-long-owner-password-for-instances" };

let handle: DatabaseHandle;
const instances: Instance[] = [];
let a = "";
let b = "";

beforeAll(async () => {
  const database = await createInstanceDatabase("auth_instances");
  handle = database.handle;
  const settings = { AUTH_SECRET: "auth-instances-secret-auth-instances-0123", ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password };
  // One after the other: both would otherwise create the owner at once.
  instances.push(await startInstance(database.url, settings));
  instances.push(await startInstance(database.url, settings));
  [a, b] = instances.map((instance) => instance.base);
}, 120_000);

afterAll(async () => {
  await stopInstances(instances);
  await handle?.close();
});

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");

function signIn(base: string, password: string, email = OWNER.email) {
  return fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password }),
  });
}

/** Who a page (the root's session middleware, not Better Auth's endpoint) takes the cookie for: the account page or the sign-in redirect. */
async function accountPage(base: string, cookie: string) {
  const response = await fetch(`${base}/account`, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  return response.status === 200 ? "signed in" : `${response.status} ${response.headers.get("location")}`;
}

async function sessionEmail(base: string, cookie: string) {
  const response = await fetch(`${base}/api/auth/get-session`, { headers: { cookie } });
  const body = (await response.json()) as { user?: { email?: string } } | null;
  return body?.user?.email ?? null;
}

describe("two instances on one PostgreSQL", () => {
  it("a session opened on one works on the other, its token is accepted there, and signing out on either ends it on both", async () => {
    const opened = await signIn(a, OWNER.password);
    expect(opened.status).toBe(200);
    const cookie = cookieOf(opened);
    expect(await sessionEmail(a, cookie)).toBe(OWNER.email);
    expect(await sessionEmail(b, cookie)).toBe(OWNER.email);

    // A token from one instance's /api/auth/token, presented to the other's /api/me (keys are in the database).
    const token = (await (await fetch(`${a}/api/auth/token`, { headers: { cookie } })).json()) as { token: string };
    const me = await fetch(`${b}/api/me`, { headers: { authorization: `Bearer ${token.token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(OWNER.email);

    const signedOut = await fetch(`${b}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie, origin: b, "content-type": "application/json" },
      body: "{}",
    });
    expect(signedOut.status).toBe(200);
    expect(await sessionEmail(a, cookie)).toBeNull();
    expect(await sessionEmail(b, cookie)).toBeNull();
  });

  it("a page on one instance refuses a session at the next request after the other signed it out everywhere, and after the account was banned or removed", async () => {
    const learner = { email: "learner@instances.example", password: "a-long-learner-password-for-instances" };
    await upsertPasswordUser(handle.db, { ...learner, role: "user" });
    const onA = cookieOf(await signIn(a, learner.password, learner.email));
    const onB = cookieOf(await signIn(b, learner.password, learner.email));
    expect(await accountPage(b, onB)).toBe("signed in");
    expect(await accountPage(a, onB)).toBe("signed in");

    const revoked = await fetch(`${a}/api/auth/revoke-other-sessions`, {
      method: "POST",
      headers: { cookie: onA, origin: a, "content-type": "application/json" },
      body: "{}",
    });
    expect(revoked.status).toBe(200);
    // No wait: the very next request to the other instance is refused.
    expect(await accountPage(b, onB)).toBe("302 /login?next=%2Faccount");
    expect(await accountPage(b, onA)).toBe("signed in");

    const [row] = await handle.db.update(users).set({ banned: true }).where(eq(users.email, learner.email)).returning({ id: users.id });
    expect(await accountPage(b, onA)).toBe("302 /login?next=%2Faccount");
    await handle.db.update(users).set({ banned: false }).where(eq(users.id, row!.id));
    expect(await accountPage(b, onA)).toBe("signed in");
    await handle.db.delete(users).where(eq(users.id, row!.id));
    expect(await accountPage(a, onA)).toBe("302 /login?next=%2Faccount");
    expect(await accountPage(b, onA)).toBe("302 /login?next=%2Faccount");
  });

  it("wrong passwords count across both: after five, split between them, the sixth attempt is refused on either, even with the right password", async () => {
    for (const base of [a, b, a, b, a]) {
      const wrong = await signIn(base, "not-the-owner-password");
      expect(wrong.status).toBe(401);
    }
    const sixth = await signIn(b, OWNER.password);
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { message: string }).message).toMatch(/^Too many failed sign-in attempts for this account\./);
    expect((await signIn(a, OWNER.password)).status).toBe(429);
  });
});
