import { describe, expect, it } from "vitest";
import { loader as apiMe } from "~/routes/resources/api-me";
import { loader as jwksJson } from "~/routes/resources/jwks";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { setUserRole, upsertPasswordUser } from "~/server/users/password-users.server";
import { getAuth } from "./auth.server";

const database = useTestDatabase();
const ORIGIN = "http://localhost:3000";

async function signedInUser() {
  const email = `${unique("api")}@example.com`;
  const password = "api-client-passphrase";
  const { id } = await upsertPasswordUser(database().db, { email, password, role: "user", name: "Api Client" });
  const { headers } = await getAuth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { id, email, cookie };
}

/** The token an API client gets for its session from Better Auth's jwt plugin. */
async function issueToken(cookie: string) {
  const response = await getAuth().handler(new Request(`${ORIGIN}/api/auth/token`, { headers: { cookie } }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function callApiMe(authorization?: string) {
  const request = new Request(`${ORIGIN}/api/me`, { headers: authorization ? { authorization } : {} });
  const response = await apiMe({ request } as Parameters<typeof apiMe>[0]);
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

describe("GET /api/me (bearer JWT)", () => {
  it("answers with the token's user for a valid token", async () => {
    const user = await signedInUser();
    await setUserRole(database().db, { email: user.email, role: "admin" });
    const token = await issueToken(user.cookie);
    const { status, body } = await callApiMe(`Bearer ${token}`);
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ id: user.id, email: user.email, name: "Api Client", role: "admin", emailVerified: true });
  });

  it("rejects an expired token with 401", async () => {
    const user = await signedInUser();
    const now = Math.floor(Date.now() / 1000);
    const { token } = await getAuth().api.signJWT({ body: { payload: { sub: user.id, iat: now - 3600, exp: now - 60 } } });
    const { status, body, headers } = await callApiMe(`Bearer ${token}`);
    expect(status).toBe(401);
    expect(body).toEqual({ error: "JWT expired" });
    expect(headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("rejects a tampered token (a changed claim) with 'Invalid JWT signature'", async () => {
    const user = await signedInUser();
    const [header, payload, signature] = (await issueToken(user.cookie)).split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const forged = Buffer.from(JSON.stringify({ ...claims, role: "super_admin" })).toString("base64url");
    const { status, body } = await callApiMe(`Bearer ${header}.${forged}.${signature}`);
    expect(status).toBe(401);
    expect(body).toEqual({ error: "Invalid JWT signature" });
  });

  it("rejects a token whose signature was altered, or one that names another algorithm", async () => {
    const user = await signedInUser();
    const [header, payload, signature] = (await issueToken(user.cookie)).split(".");
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    expect((await callApiMe(`Bearer ${header}.${payload}.${flipped}`)).body).toEqual({ error: "Invalid JWT signature" });
    const claimsNone = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(header, "base64url").toString()), alg: "none" })).toString(
      "base64url",
    );
    expect((await callApiMe(`Bearer ${claimsNone}.${payload}.`)).status).toBe(401);
    expect((await callApiMe(`Bearer ${claimsNone}.${payload}.${signature}`)).body).toEqual({ error: "Invalid JWT signature" });
  });

  it("asks for a token when there is none, and refuses one for a deleted user", async () => {
    expect(await callApiMe()).toMatchObject({ status: 401, body: { error: "Missing bearer token" } });
    expect(await callApiMe("Basic abc")).toMatchObject({ status: 401, body: { error: "Missing bearer token" } });
    const { token } = await getAuth().api.signJWT({ body: { payload: { sub: "no-such-user" } } });
    expect(await callApiMe(`Bearer ${token}`)).toMatchObject({ status: 401, body: { error: "User not found" } });
  });

  it("publishes the verifying keys at /.well-known/jwks.json", async () => {
    const user = await signedInUser();
    const token = await issueToken(user.cookie);
    const kid = JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString()).kid;
    const response = await jwksJson();
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: Array<Record<string, unknown>> };
    expect(keys.map((key) => key.kid)).toContain(kid);
    for (const key of keys) expect(key).not.toHaveProperty("d");
  });
});
