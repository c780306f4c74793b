import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInstanceDatabase, startInstance, stopInstances, type Instance } from "../../../tests/support/app-instances";
import type { DatabaseHandle } from "~/server/db/client.server";
import { ownerSetupCodes, users } from "~/server/db/schema";

/**
 * The first run on two instances sharing one PostgreSQL database (issue 22): each instance prints
 * its own one-time setup code, either code is accepted by either instance, and the owner account is
 * created once, whichever instances the two codes are presented to at the same moment.
 */

let handle: DatabaseHandle;
const instances: Instance[] = [];

beforeAll(async () => {
  const database = await createInstanceDatabase("owner_setup_instances");
  handle = database.handle;
  // No ADMIN_EMAIL: a first run.
  const settings = { AUTH_SECRET: "owner-setup-instances-secret-0123456789" };
  instances.push(await startInstance(database.url, settings));
  instances.push(await startInstance(database.url, settings));
}, 120_000);

afterAll(async () => {
  await stopInstances(instances);
  await handle?.close();
});

function submitSetup(base: string, code: string, email: string) {
  return fetch(`${base}/admin/setup`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ code, name: "Olive Owner", email, password: "a long first-run passphrase 42" }),
    redirect: "manual",
  });
}

const admins = () =>
  handle.db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.role, ["admin", "super_admin"]));

describe("the owner-setup code across two instances", () => {
  it("each instance's code works on the other; of two presented at once, one creates the owner and every code is then used up", async () => {
    const [a, b] = instances;
    expect(a.ownerSetupCode).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(b.ownerSetupCode).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(a.ownerSetupCode).not.toBe(b.ownerSetupCode);
    expect(await handle.db.select({ id: ownerSetupCodes.id }).from(ownerSetupCodes)).toHaveLength(2);

    // Both instances send /admin to the form, and refuse a code neither printed.
    for (const { base } of instances) {
      const admin = await fetch(`${base}/admin`, { redirect: "manual" });
      expect(admin.headers.get("location")).toBe("/admin/setup");
      const wrong = await submitSetup(base, "ABCDE-FGHJK-LMNPQ", "guess@instances.example");
      expect(wrong.status).toBe(403);
      expect(await wrong.text()).toContain("That setup code is not right, or it has expired.");
    }

    // A's code presented to B and B's to A, at the same moment: one owner, the other form closed.
    const [onB, onA] = await Promise.all([
      submitSetup(b.base, a.ownerSetupCode!, "first@instances.example"),
      submitSetup(a.base, b.ownerSetupCode!, "second@instances.example"),
    ]);
    expect([onB.status, onA.status].sort()).toEqual([302, 404]);
    const winner = onB.status === 302 ? "first@instances.example" : "second@instances.example";
    expect(await admins()).toEqual([{ email: winner, role: "super_admin" }]);
    expect(await handle.db.select({ id: ownerSetupCodes.id }).from(ownerSetupCodes)).toEqual([]);

    // Used once: neither code works again on either instance, and the form is gone from both.
    for (const { base } of instances) {
      for (const code of [a.ownerSetupCode!, b.ownerSetupCode!]) {
        expect((await submitSetup(base, code, "third@instances.example")).status).toBe(404);
      }
      expect((await fetch(`${base}/admin/setup`)).status).toBe(404);
    }
    expect(await admins()).toEqual([{ email: winner, role: "super_admin" }]);
  });
});
