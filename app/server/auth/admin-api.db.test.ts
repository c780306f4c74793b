import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { createApp } from "../../../server";
import { getConfig } from "~/server/platform/config.server";
import { accounts, sessions, users } from "~/server/db/schema";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { isAdminApiPath } from "./admin-api.server";
import { getAuth } from "./auth.server";

const database = useTestDatabase();

const noBuild = () => Promise.reject(new Error("no React Router build in this test"));

async function withServer<T>(run: (base: string) => Promise<T>) {
  const server = createApp({ config: getConfig(), build: noBuild }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.close();
  }
}

/** A person with a password and a live session; the cookie header signs requests in as them. */
async function signedIn(role: "admin" | "super_admin") {
  const email = `${unique(role)}@example.com`;
  const password = "a-decent-passphrase";
  const { id } = await upsertPasswordUser(database().db, { email, password, role });
  const { headers } = await getAuth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { id, email, password, cookie };
}

async function snapshot(userId: string) {
  const [user] = await database().db.select().from(users).where(eq(users.id, userId));
  const [credential] = await database().db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, userId));
  const live = await database().db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return { user, password: credential?.password, sessions: live.map((session) => session.id).sort() };
}

/** Every endpoint the admin plugin brings, as Better Auth has them registered. */
function adminEndpoints() {
  const plugin = getAuth().options.plugins.find((candidate) => candidate.id === "admin");
  return Object.values((plugin as { endpoints?: Record<string, unknown> } | undefined)?.endpoints ?? {}).map((endpoint) => {
    const { path, options } = endpoint as unknown as { path: string; options: { method: string | string[] } };
    return { path, method: [options.method].flat()[0] === "GET" ? "GET" : "POST" };
  });
}

describe("Better Auth's admin HTTP API is closed", () => {
  it("covers the endpoints the review named, and every other one the plugin registers", () => {
    const paths = adminEndpoints().map((endpoint) => endpoint.path);
    for (const name of ["set-role", "set-user-password", "revoke-user-sessions", "ban-user", "remove-user", "impersonate-user", "create-user", "list-users"]) {
      expect(paths).toContain(`/admin/${name}`);
    }
    expect(paths.every((path) => isAdminApiPath(`/api/auth${path}`))).toBe(true);
  });

  it("refuses every endpoint to a plain admin acting on the owner, and nothing changes", async () => {
    const owner = await signedIn("super_admin");
    const admin = await signedIn("admin");
    const before = await snapshot(owner.id);
    const [ownerSession] = await database().db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, owner.id));
    const body = {
      userId: owner.id,
      id: owner.id,
      role: "user",
      newPassword: "taken-over-passphrase",
      sessionToken: ownerSession!.token,
      banReason: "x",
      data: { role: "user", email: "mine@example.com" },
      email: `${unique("created")}@example.com`,
      password: "created-passphrase",
      name: "Created",
      permissions: { user: ["delete"] },
    };

    const answers = await withServer(async (base) => {
      const results: Record<string, number> = {};
      for (const { path, method } of adminEndpoints()) {
        const url = `${base}/api/auth${path}${method === "GET" ? `?userId=${owner.id}&id=${owner.id}` : ""}`;
        const response = await fetch(url, {
          method,
          headers: { cookie: admin.cookie, origin: "http://localhost:3000", "content-type": "application/json" },
          body: method === "GET" ? undefined : JSON.stringify(body),
        });
        results[path] = response.status;
      }
      return results;
    });

    expect(Object.keys(answers).length).toBeGreaterThanOrEqual(14);
    expect(Object.entries(answers).filter(([, status]) => status !== 404)).toEqual([]);
    expect(await snapshot(owner.id)).toEqual(before);
    expect(before.user?.role).toBe("super_admin");
    expect(await database().db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it("is closed however the path is spelled, and for a super_admin too", async () => {
    const owner = await signedIn("super_admin");
    const target = await signedIn("admin");
    const spellings = [
      "/api/auth/admin/set-role",
      "/api/auth/admin/set-role/",
      "/api/auth/ADMIN/set-role",
      "/api/auth//admin/set-role",
      "/api/auth/admin//set-role",
      "/api/auth/%61dmin/set-role",
      "/api/auth/admin/%73et-role",
      "/api/auth/x/../admin/set-role",
      "/api/auth/%2e/admin/set-role",
    ];
    const statuses = await withServer(async (base) => {
      const results: number[] = [];
      for (const spelling of spellings) {
        const response = await fetch(`${base}${spelling}`, {
          method: "POST",
          headers: { cookie: owner.cookie, origin: "http://localhost:3000", "content-type": "application/json" },
          body: JSON.stringify({ userId: target.id, role: "user" }),
        });
        results.push(response.status);
      }
      return results;
    });
    expect(statuses).toEqual(spellings.map(() => 404));
    expect((await snapshot(target.id)).user?.role).toBe("admin");
  });
});

describe("the admin plugin's rights, for server-side calls", () => {
  it("belong to super_admin alone: a plain admin may not set roles, passwords or bans, on the owner or anyone", async () => {
    const owner = await signedIn("super_admin");
    const admin = await signedIn("admin");
    const headers = new Headers({ cookie: admin.cookie });
    const before = await snapshot(owner.id);
    await expect(getAuth().api.setRole({ headers, body: { userId: owner.id, role: "user" } })).rejects.toMatchObject({ statusCode: 403 });
    await expect(getAuth().api.setUserPassword({ headers, body: { userId: owner.id, newPassword: "taken-over-passphrase" } })).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(getAuth().api.banUser({ headers, body: { userId: owner.id } })).rejects.toMatchObject({ statusCode: 403 });
    await expect(getAuth().api.removeUser({ headers, body: { userId: owner.id } })).rejects.toMatchObject({ statusCode: 403 });
    expect(await snapshot(owner.id)).toEqual(before);

    // The owner keeps them, e.g. to change a plain admin's role.
    const learner = await signedIn("admin");
    await getAuth().api.setRole({ headers: new Headers({ cookie: owner.cookie }), body: { userId: learner.id, role: "user" } });
    expect((await snapshot(learner.id)).user?.role).toBe("user");
  });
});
