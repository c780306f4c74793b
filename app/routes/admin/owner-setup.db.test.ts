import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { callAction, callLoader, sessionUser, thrownResponse, toastAfter } from "../../../tests/support/route-harness";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { accessEvents, accounts, ownerSetupCodes, rateLimits, users } from "~/server/db/schema";
import { createOwnerAccount, issueOwnerSetupCode, OWNER_SETUP_ATTEMPTS } from "~/server/users/owner-setup.server";
import * as dashboard from "./dashboard";
import * as layout from "./layout";
import * as ownerSetup from "./owner-setup";

/**
 * The first run, on a database of its own with no admin (the e2e server starts with
 * ADMIN_EMAIL, so these route-level tests are where the owner setup is exercised).
 */
const database = useTestDatabase();

const PASSWORD = "a long passphrase 42";
const learner = sessionUser({ role: "user" });

type Answer = {
  data: { errors?: Record<string, string[]>; error?: string; values?: Record<string, string> };
  init?: { status?: number } | null;
};

function submit(form: Record<string, string>, clientIp = "198.51.100.7") {
  return callAction(ownerSetup, { path: "/admin/setup", form, clientIp }) as Promise<Answer | Response>;
}

const ownerForm = (code: string, email = `${unique("owner")}@example.test`) => ({ code, name: "Olive Owner", email, password: PASSWORD });

/** Back to a first run: no admins, no codes. */
async function reopen() {
  const db = database().db;
  await db.delete(users).where(inArray(users.role, ["admin", "super_admin"]));
  await db.delete(ownerSetupCodes);
}

async function admins() {
  return database()
    .db.select({ email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.role, ["admin", "super_admin"]));
}

beforeEach(async () => {
  // Every case starts with a full allowance of attempts.
  await database().db.delete(rateLimits);
  await reopen();
});

describe("while no admin exists", () => {
  it("sends everyone who opens /admin to the owner-setup form", async () => {
    for (const user of [null, learner]) {
      for (const module of [layout, dashboard]) {
        expect(await thrownResponse(callLoader(module, { path: "/admin", user }))).toMatchObject({ status: 302, location: "/admin/setup" });
      }
    }
    expect(await callLoader(ownerSetup, { path: "/admin/setup" })).toBeNull();
  });

  it("creates the owner with the printed code: a super admin, signed in, sent to /admin; the codes are used up", async () => {
    const { code } = await issueOwnerSetupCode();
    const email = `${unique("owner")}@example.test`;
    // Typed as people type: lower case, with spaces.
    const response = (await submit(ownerForm(` ${code.toLowerCase().replace(/-/g, " ")} `, ` ${email.toUpperCase()} `))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.includes("session_token="))).toBe(true);
    // The toast's cookie rides along with the session's.
    const toastCookie = cookies.find((cookie) => cookie.startsWith("toast="));
    expect(await toastAfter(new Response(null, { headers: { "Set-Cookie": toastCookie ?? "" } }))).toMatchObject({
      kind: "success",
      message: "Owner account created",
      description: "Welcome to your back office.",
    });

    const [owner] = await database().db.select().from(users).where(eq(users.email, email));
    expect(owner).toMatchObject({ role: "super_admin", name: "Olive Owner", emailVerified: true });
    expect(await database().db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, owner.id))).toEqual([
      { providerId: "credential" },
    ]);
    expect(await database().db.select().from(ownerSetupCodes)).toEqual([]);
    expect(
      await database()
        .db.select({ type: accessEvents.type, toRole: accessEvents.toRole, actorId: accessEvents.actorId, note: accessEvents.note })
        .from(accessEvents)
        .where(eq(accessEvents.userId, owner.id)),
    ).toEqual([{ type: "role_change", toRole: "super_admin", actorId: null, note: "Owner account created with the first-run setup code" }]);
  });

  it("refuses a wrong or expired code with a message under the code field, creating no one", async () => {
    await issueOwnerSetupCode();
    const expired = await issueOwnerSetupCode({ now: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    for (const code of ["AAAAA-BBBBB-CCCCC", expired.code]) {
      const answer = (await submit(ownerForm(code))) as Answer;
      expect(answer.init?.status).toBe(403);
      expect(answer.data.errors?.code?.[0]).toMatch(/^That setup code is not right, or it has expired\./);
      // What was typed stays, except the password.
      expect(answer.data.values).toMatchObject({ name: "Olive Owner", code });
      expect(answer.data.values).not.toHaveProperty("password");
    }
    expect(await admins()).toEqual([]);
  });

  it("checks the form: every field required, a valid email, a password that is long enough and not common", async () => {
    const { code } = await issueOwnerSetupCode();
    const empty = (await submit({})) as Answer;
    expect(empty.init?.status).toBe(400);
    expect(Object.keys(empty.data.errors ?? {}).toSorted()).toEqual(["code", "email", "name", "password"]);
    const invalid = (await submit({ ...ownerForm(code), email: "not-an-email", password: "short" })) as Answer;
    expect(invalid.data.errors).toMatchObject({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 12 characters"],
    });
    // Long enough for a learner, not for the owner.
    const learnerLength = (await submit({ ...ownerForm(code), password: "violet-harb" })) as Answer;
    expect(learnerLength.data.errors?.password).toEqual(["Password must be at least 12 characters"]);
    const common = (await submit({ ...ownerForm(code), password: "qwerty123456" })) as Answer;
    expect(common.init?.status).toBe(400);
    expect(common.data.errors?.password?.[0]).toMatch(/most common passwords/);
    expect(await admins()).toEqual([]);
  });

  it("refuses an email that already has an account, under the email field", async () => {
    const { code } = await issueOwnerSetupCode();
    const existing = `${unique("existing")}@example.test`;
    await database()
      .db.insert(users)
      .values({ id: unique("existing"), email: existing, name: "Existing Learner", emailVerified: true });
    const answer = (await submit(ownerForm(code, existing))) as Answer;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.errors).toEqual({ email: ["An account with this email already exists. Use another email address."] });
    expect(await admins()).toEqual([]);
  });

  it("limits attempts per address, so the code cannot be guessed by a script", async () => {
    const { code } = await issueOwnerSetupCode();
    for (let attempt = 0; attempt < OWNER_SETUP_ATTEMPTS.max; attempt++) {
      expect(((await submit(ownerForm("WRONG-WRONG-WRONG"), "192.0.2.1")) as Answer).init?.status).toBe(403);
    }
    const blocked = (await submit(ownerForm(code), "192.0.2.1")) as Answer;
    expect(blocked.init?.status).toBe(429);
    expect(blocked.data.error).toMatch(/^Too many attempts\. Please wait 15 minutes and try again\.$/);
    expect(await admins()).toEqual([]);
    // Another address is not held back.
    expect(((await submit(ownerForm(code), "192.0.2.2")) as Response).status).toBe(302);
  });
});

describe("two people racing for it", () => {
  it("through the form: one owner; the other request finds the form gone (404)", async () => {
    const { code } = await issueOwnerSetupCode();
    const results = await Promise.allSettled([submit(ownerForm(code), "203.0.113.10"), submit(ownerForm(code), "203.0.113.11")]);
    const outcomes = results.map((result) =>
      result.status === "fulfilled" ? (result.value as Response).status : (result.reason as { init?: ResponseInit }).init?.status,
    );
    expect(outcomes.toSorted()).toEqual([302, 404]);
    expect(await admins()).toHaveLength(1);
  });

  it("in the domain: one creates the owner, the other is told setup is closed", async () => {
    const { code } = await issueOwnerSetupCode();
    const results = await Promise.allSettled([
      createOwnerAccount({ code, name: "A", email: `${unique("a")}@example.test`, password: PASSWORD }),
      createOwnerAccount({ code, name: "B", email: `${unique("b")}@example.test`, password: PASSWORD }),
      createOwnerAccount({ code, name: "C", email: `${unique("c")}@example.test`, password: PASSWORD }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((result) => result.status === "rejected").map((result) => (result as PromiseRejectedResult).reason.name)).toEqual(
      ["OwnerSetupClosedError", "OwnerSetupClosedError"],
    );
    expect(await admins()).toHaveLength(1);
  });
});

describe("once an admin exists", () => {
  it("the form and its action answer 404 for good, a valid code notwithstanding, and /admin asks for a sign-in", async () => {
    const { code } = await issueOwnerSetupCode();
    expect(((await submit(ownerForm(code))) as Response).status).toBe(302);
    const fresh = await issueOwnerSetupCode();

    expect(await thrownResponse(callLoader(ownerSetup, { path: "/admin/setup" }))).toMatchObject({ status: 404 });
    expect(await thrownResponse(callLoader(ownerSetup, { path: "/admin/setup", user: learner }))).toMatchObject({ status: 404 });
    const late = ownerForm(fresh.code);
    expect(await thrownResponse(submit(late))).toMatchObject({ status: 404 });
    expect(await database().db.select().from(users).where(eq(users.email, late.email))).toEqual([]);
    expect(await thrownResponse(callLoader(layout, { path: "/admin" }))).toMatchObject({ status: 302, location: "/login?next=%2Fadmin" });
    expect((await admins()).map((row) => row.role)).toEqual(["super_admin"]);
  });
});
