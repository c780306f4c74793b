import { createEmailVerificationToken } from "better-auth/api";
import { desc, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { verifications } from "~/server/db/schema";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { getAuth } from "./auth.server";
import { resolveAuthSecret } from "./auth-secrets.server";
import { getConfig } from "~/server/platform/config.server";

const database = useTestDatabase();
const ORIGIN = "http://localhost:3000";

async function verificationLink(callbackURL: string) {
  const email = `${unique("confirm")}@example.com`;
  const user = await upsertPasswordUser(database().db, { email, password: "a-decent-passphrase", role: "user" });
  const token = await createEmailVerificationToken(resolveAuthSecret(getConfig()), email, undefined, 3600, { userId: user.id });
  return `${ORIGIN}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(callbackURL)}`;
}

describe("every redirect Better Auth makes goes through safeNextPath", () => {
  it.each(["/.//evil.com", "/%2f%2fevil.com", "/a/..//evil.com", "/%2e//evil.com", "https://evil.com/", "//evil.com"])(
    "a confirmation link with callbackURL=%s lands on /account",
    async (callbackURL) => {
      const response = await getAuth().handler(new Request(await verificationLink(callbackURL)));
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/account");
    },
  );

  it("keeps a same-site callbackURL", async () => {
    const response = await getAuth().handler(new Request(await verificationLink("/courses?topic=ai")));
    expect(response.headers.get("location")).toBe("/courses?topic=ai");
  });

  it("a reset link's callbackURL is held to the same rule", async () => {
    const email = `${unique("reset")}@example.com`;
    await upsertPasswordUser(database().db, { email, password: "a-decent-passphrase", role: "user" });
    await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/reset-password/new" } });
    const [row] = await database()
      .db.select({ identifier: verifications.identifier })
      .from(verifications)
      .where(like(verifications.identifier, "reset-password:%"))
      .orderBy(desc(verifications.createdAt))
      .limit(1);
    const token = row!.identifier.replace(/^reset-password:/, "");
    const response = await getAuth().handler(new Request(`${ORIGIN}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent("/.//evil.com")}`));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!, ORIGIN);
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(`${ORIGIN}/reset-password/new?token=${token}`);
  });
});
