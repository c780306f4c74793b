import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database";
import { createApp, isSameOriginRequest } from "../../server";
import { getConfig } from "./config.server";
import { setDatabase } from "./db/client.server";

const database = useTestDatabase();

async function withServer<T>(run: (base: string) => Promise<T>) {
  const app = createApp({ config: getConfig(), build: () => Promise.reject(new Error("no React Router build in this test")) });
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
      expect(await response.json()).toEqual({ status: "ok", database: "ok" });
    });
  });

  it("answers 503 when the database is unreachable", async () => {
    const healthy = database();
    setDatabase({ ...healthy, ping: () => Promise.reject(new Error("connection refused")) });
    try {
      await withServer(async (base) => {
        const response = await fetch(`${base}/healthz`);
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ status: "unavailable", database: "unreachable" });
      });
    } finally {
      setDatabase(healthy);
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

  it("is applied before auth and actions", async () => {
    const log = vi.fn();
    expect(log).not.toHaveBeenCalled();
    await withServer(async (base) => {
      const response = await fetch(`${base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
        body: JSON.stringify({ email: "a@b.co", password: "x" }),
      });
      expect(response.status).toBe(403);
    });
  });
});
