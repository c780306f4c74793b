import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-database";
import { createApp, isSameOriginRequest } from "../../../server";
import type * as authModule from "../auth/auth.server";
import { getAuth } from "../auth/auth.server";
import { getConfig } from "./config.server";
import { setDatabase } from "../db/client.server";
import { resetHealthCache } from "./health.server";
import { expectErrorLogs } from "../../../tests/support/error-logs";

// Watched, not replaced: a request that reaches Better Auth's handler calls getAuth() first.
vi.mock("../auth/auth.server", async (importOriginal) => {
  const actual = await importOriginal<typeof authModule>();
  return { ...actual, getAuth: vi.fn(actual.getAuth) };
});

const database = useTestDatabase();

const noBuild = () => Promise.reject(new Error("no React Router build in this test"));

/** `build` is what the React Router handler loads on every request it gets, so a spy there sees every request that reaches an action or loader. */
async function withServer<T>(run: (base: string) => Promise<T>, build: () => Promise<never> = noBuild) {
  const app = createApp({ config: getConfig(), build });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.close();
  }
}

describe("GET /healthz", () => {
  it("answers 200 while the database answers", async () => {
    await withServer(async (base) => {
      const response = await fetch(`${base}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        status: "ok",
        database: "ok",
        storage: "ok",
        mail: "ok",
        queue: { waiting: 0, oldestWaitingSeconds: 0 },
      });
    });
  });

  it("answers 503 when the database is unreachable", async () => {
    expectErrorLogs(/database unreachable/);
    const healthy = database();
    setDatabase({ ...healthy, ping: () => Promise.reject(new Error("connection refused")) });
    resetHealthCache();
    try {
      await withServer(async (base) => {
        const response = await fetch(`${base}/healthz`);
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ status: "unavailable", database: "unreachable", storage: "ok", mail: "ok" });
      });
    } finally {
      setDatabase(healthy);
      resetHealthCache();
    }
  });
});

describe("isSameOriginRequest", () => {
  const publicUrl = "https://school.example";
  const request = (method: string, headers: Record<string, string>) => ({ method, headers: { host: "school.example", ...headers } });

  it.each([
    ["GET from anywhere", request("GET", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }), true],
    ["POST from the site", request("POST", { origin: "https://school.example", "sec-fetch-site": "same-origin" }), true],
    ["POST without browser headers (server-to-server)", request("POST", {}), true],
    ["POST from another site", request("POST", { origin: "https://evil.example" }), false],
    ["POST marked cross-site", request("POST", { "sec-fetch-site": "cross-site" }), false],
    ["POST from a sibling subdomain", request("POST", { origin: "https://shop.school.example", "sec-fetch-site": "same-site" }), false],
    ["POST with an opaque origin", request("POST", { origin: "null" }), false],
    ["DELETE from another site", request("DELETE", { origin: "https://evil.example" }), false],
  ])("%s", (_name, req, allowed) => {
    expect(isSameOriginRequest(req, publicUrl)).toBe(allowed);
  });

  /** A sign-in and a form post, as another site would send them. */
  async function postFrom(base: string, origin: string) {
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "a@b.co", password: "x" }),
    });
    const action = await fetch(`${base}/admin/blog/new`, {
      method: "POST",
      headers: { Origin: origin },
      body: new URLSearchParams({ title: "x" }),
    });
    return { signIn: { status: signIn.status, body: await signIn.text() }, action: { status: action.status, body: await action.text() } };
  }

  it("is applied before auth and actions: another site's POST is refused and reaches neither", async () => {
    vi.mocked(getAuth).mockClear();
    const build = vi.fn(noBuild);
    const answers = await withServer((base) => postFrom(base, "https://evil.example"), build);
    const refused = { status: 403, body: "Cross-origin requests are not allowed." };
    expect(answers).toEqual({ signIn: refused, action: refused });
    expect(getAuth).not.toHaveBeenCalled();
    expect(build).not.toHaveBeenCalled();
  });

  it("lets the same POSTs through from the site itself, to the handlers watched above", async () => {
    // The action fails only because this test has no build: the error handler logs it, and the request log its 500.
    expectErrorLogs(/unhandled error/);
    expectErrorLogs(/request errored/);
    vi.mocked(getAuth).mockClear();
    const build = vi.fn(noBuild);
    const answers = await withServer((base) => postFrom(base, base), build);
    // Better Auth answers the unknown account; the action fails only because this test has no build.
    expect(answers.signIn.status).toBe(401);
    expect(answers.action).toEqual({ status: 500, body: "Something went wrong on our side. Please try again." });
    expect(getAuth).toHaveBeenCalled();
    expect(build).toHaveBeenCalledTimes(1);
  });
});
