import { describe, expect, it } from "vitest";
import { routeContext, sessionUser, thrownResponse } from "../../../tests/support/route-harness";
import { requireAdmin, requireAnonymous, requireSuperAdmin, requireUser } from "./guards.server";

const member = sessionUser({ id: "u1", email: "learner@example.com", name: "Learner" });
const visitor = routeContext();

describe("requireUser", () => {
  it("sends a visitor to /login with the page as next, without React Router's data suffix", async () => {
    const response = await thrownResponse(() =>
      requireUser({ request: new Request("http://site.test/account.data?tab=security&_routes=routes%2Faccount"), context: visitor }),
    );
    expect(response.status).toBe(302);
    expect(response.location).toBe(`/login?next=${encodeURIComponent("/account?tab=security")}`);
  });

  it("prefers the normalized url React Router passes", async () => {
    const response = await thrownResponse(() =>
      requireUser({
        request: new Request("http://site.test/admin/blog.data"),
        url: new URL("http://site.test/admin/blog?page=2"),
        context: visitor,
      }),
    );
    expect(response.location).toBe(`/login?next=${encodeURIComponent("/admin/blog?page=2")}`);
  });

  it("returns the signed-in user", () => {
    expect(requireUser({ request: new Request("http://site.test/account"), context: routeContext({ user: member }) })).toBe(member);
  });
});

describe("requireAdmin", () => {
  it("answers 403 with the debug info for a non-admin", async () => {
    const response = await thrownResponse(() =>
      requireAdmin({ request: new Request("http://site.test/admin"), context: routeContext({ user: member }) }),
    );
    expect(response.status).toBe(403);
    expect(response.data).toEqual({ accessDenied: true, user: "learner@example.com", role: "user", isAdmin: false });
  });

  it("lets admin and super_admin through", () => {
    for (const role of ["admin", "super_admin"] as const) {
      const user = { ...member, role };
      expect(requireAdmin({ request: new Request("http://site.test/admin"), context: routeContext({ user }) })).toBe(user);
    }
  });
});

describe("requireSuperAdmin", () => {
  it("answers a plain admin and a learner with the same 403 as requireAdmin", async () => {
    for (const role of ["admin", "user"] as const) {
      const response = await thrownResponse(() =>
        requireSuperAdmin({
          request: new Request("http://site.test/admin/settings"),
          context: routeContext({ user: { ...member, role } }),
        }),
      );
      expect(response.status, role).toBe(403);
      expect(response.data, role).toEqual({ accessDenied: true, user: "learner@example.com", role, isAdmin: role === "admin" });
    }
  });

  it("sends a visitor to /login and lets a super_admin through", async () => {
    const response = await thrownResponse(() =>
      requireSuperAdmin({ request: new Request("http://site.test/admin/settings"), context: visitor }),
    );
    expect(response.location).toBe(`/login?next=${encodeURIComponent("/admin/settings")}`);
    const owner = { ...member, role: "super_admin" as const };
    expect(requireSuperAdmin({ request: new Request("http://site.test/admin/settings"), context: routeContext({ user: owner }) })).toBe(
      owner,
    );
  });
});

describe("requireAnonymous", () => {
  it("sends a signed-in user to /account", async () => {
    const response = await thrownResponse(() =>
      requireAnonymous({ request: new Request("http://site.test/login"), context: routeContext({ user: member }) }),
    );
    expect(response.location).toBe("/account");
  });
});
