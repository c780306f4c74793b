import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { callAction, callLoader, routeContext, sessionUser } from "../../../tests/support/route-harness";
import { useTestDatabase } from "../../../tests/support/test-database";
import { apiKeys, users } from "~/server/db/schema";
import { handleApiRequest } from "~/server/api/api-router.server";
import * as developers from "./developers";
import * as docs from "./developer-docs";
import * as newKey from "./developer-key-new";
import * as newWebhook from "./developer-webhook-new";

const database = useTestDatabase();
const owner = sessionUser({ role: "super_admin" });

/** The New API key form as a browser sends it: one `scopes` field per ticked box. */
async function submitNewKey(fields: [string, string][]) {
  const request = new Request("http://localhost:3000/admin/developers/new", { method: "POST", body: new URLSearchParams(fields) });
  const result = await newKey.action({ request, params: {}, context: routeContext({ user: owner }) } as never);
  return result as unknown as { data: Record<string, unknown>; init: ResponseInit | null };
}

beforeAll(async () => {
  await database().db.insert(users).values({ id: owner.id, email: owner.email, name: owner.name, role: owner.role });
});

describe("Admin → Developers", () => {
  it("creates a key with its scopes, shows it once, and the key works on the API", async () => {
    const answer = await submitNewKey([
      ["name", "  CRM sync  "],
      ["scopes", "courses:read"],
      ["scopes", "orders:read"],
    ]);
    const created = answer.data.created as { name: string; key: string; scopes: string[] };
    expect(created).toMatchObject({ name: "CRM sync", scopes: ["courses:read", "orders:read"] });

    const list = await callLoader(developers, { path: "/admin/developers", user: owner });
    expect(list.rows).toEqual([
      expect.objectContaining({ name: "CRM sync", scopes: "courses:read, orders:read", lastUsed: "Never", revoked: null }),
    ]);
    expect(JSON.stringify(list)).not.toContain(created.key);

    const api = await handleApiRequest({
      request: new Request("http://localhost:3000/api/v1/orders", { headers: { authorization: `Bearer ${created.key}` } }),
    });
    expect(api.status).toBe(200);

    const [row] = await database().db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.name, "CRM sync"));
    await callAction(developers, { path: "/admin/developers", user: owner, form: { intent: "revoke", id: row!.id } });
    const again = await handleApiRequest({
      request: new Request("http://localhost:3000/api/v1/orders", { headers: { authorization: `Bearer ${created.key}` } }),
    });
    expect(again.status).toBe(401);
    const after = await callLoader(developers, { path: "/admin/developers", user: owner });
    expect(after.rows[0]!.revoked).not.toBeNull();
  });

  it("refuses a key without a name or a scope, or with an unknown scope, keeping what was typed", async () => {
    const before = await database().db.select().from(apiKeys);
    const noScope = await submitNewKey([["name", "Zapier"]]);
    expect(noScope.init?.status).toBe(400);
    expect(noScope.data).toEqual({ errors: { scopes: ["Choose at least one scope"] }, values: { name: "Zapier", scopes: "" } });
    const unknown = await submitNewKey([
      ["name", ""],
      ["scopes", "orders:write"],
    ]);
    expect(unknown.data.errors).toEqual({
      name: ["Give the key a name, e.g. the tool that will use it"],
      scopes: ["Choose scopes from the list"],
    });
    expect(await database().db.select().from(apiKeys)).toHaveLength(before.length);
  });

  it("lists every endpoint of the OpenAPI document on the reference page", async () => {
    const page = await callLoader(docs, { path: "/admin/developers/docs", user: owner });
    const { endpoints } = (page as unknown as { data: { endpoints: { method: string; path: string; scope: string }[] } }).data;
    expect(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toContain("POST /enrollments");
    expect(endpoints.find((endpoint) => endpoint.path === "/enrollments" && endpoint.method === "POST")!.scope).toBe("enrollments:write");
    // And every webhook event with the fields of its `data`, from the same document.
    const { webhooks } = (page as unknown as { data: { webhooks: { event: string; data: { name: string; type: string }[] }[] } }).data;
    expect(webhooks.map((webhook) => webhook.event)).toContain("membership.ended");
    expect(webhooks.find((webhook) => webhook.event === "certificate.issued")!.data).toEqual([
      { name: "certificate", required: true, type: "Certificate", description: "" },
    ]);
  });

  it("refuses a webhook URL that is not https or leads to a private address, keeping what was typed", async () => {
    const submit = async (fields: [string, string][]) => {
      const request = new Request("http://localhost:3000/admin/developers/webhooks/new", {
        method: "POST",
        body: new URLSearchParams(fields),
      });
      return (await newWebhook.action({ request, params: {}, context: routeContext({ user: owner }) } as never)) as unknown as {
        data: { errors: Record<string, string[]>; values: Record<string, string> };
        init: ResponseInit | null;
      };
    };
    const plain = await submit([
      ["url", "http://hooks.example.com/x"],
      ["events", "order.paid"],
    ]);
    expect(plain.init?.status).toBe(400);
    expect(plain.data).toEqual({
      errors: { url: ["The URL must start with https://"] },
      values: { url: "http://hooks.example.com/x", description: "", events: "order.paid" },
    });
    const internal = await submit([
      ["url", "https://169.254.169.254/latest"],
      ["events", "order.paid"],
    ]);
    expect(internal.data.errors.url).toEqual(["The URL leads to a private or local address, which webhooks cannot reach"]);
    const noEvents = await submit([["url", "https://hooks.example.com/x"]]);
    expect(noEvents.data.errors.events).toEqual(["Choose at least one event"]);
  });
});
