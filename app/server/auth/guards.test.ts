import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requireAdmin, requireAnonymous, requireUser } from "./guards.server";
import { sessionUserContext, type SessionUser } from "./session.server";

const member: SessionUser = {
  id: "u1",
  email: "learner@example.com",
  name: "Learner",
  image: null,
  role: "user",
  emailVerified: true,
  createdAt: new Date(),
};

function contextWith(user: SessionUser | null) {
  const context = new RouterContextProvider();
  context.set(sessionUserContext, user);
  return context;
}

function thrown(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the guard to throw");
}

describe("requireUser", () => {
  it("sends a visitor to /login with the page as next, without React Router's data suffix", () => {
    const response = thrown(() =>
      requireUser({
        request: new Request("http://site.test/account.data?tab=security&_routes=routes%2Faccount"),
        context: contextWith(null),
      }),
    ) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?next=${encodeURIComponent("/account?tab=security")}`);
  });

  it("prefers the normalized url React Router passes", () => {
    const response = thrown(() =>
      requireUser({
        request: new Request("http://site.test/admin/blog.data"),
        url: new URL("http://site.test/admin/blog?page=2"),
        context: contextWith(null),
      }),
    ) as Response;
    expect(response.headers.get("Location")).toBe(`/login?next=${encodeURIComponent("/admin/blog?page=2")}`);
  });

  it("returns the signed-in user", () => {
    expect(requireUser({ request: new Request("http://site.test/account"), context: contextWith(member) })).toBe(member);
  });
});

describe("requireAdmin", () => {
  it("answers 403 with the debug info for a non-admin", () => {
    const error = thrown(() => requireAdmin({ request: new Request("http://site.test/admin"), context: contextWith(member) })) as {
      init: ResponseInit;
      data: unknown;
    };
    expect(error.init.status).toBe(403);
    expect(error.data).toEqual({ accessDenied: true, user: "learner@example.com", role: "user", isAdmin: false });
  });

  it("lets admin and super_admin through", () => {
    for (const role of ["admin", "super_admin"] as const) {
      const user = { ...member, role };
      expect(requireAdmin({ request: new Request("http://site.test/admin"), context: contextWith(user) })).toBe(user);
    }
  });
});

describe("requireAnonymous", () => {
  it("sends a signed-in user to /account", () => {
    const response = thrown(() =>
      requireAnonymous({ request: new Request("http://site.test/login"), context: contextWith(member) }),
    ) as Response;
    expect(response.headers.get("Location")).toBe("/account");
  });
});
