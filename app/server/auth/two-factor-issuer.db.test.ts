import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { DEFAULT_SITE_SETTINGS } from "~/lib/site-settings";
import { updateSiteSettings } from "~/server/settings/site-settings.server";
import { upsertPasswordUser } from "~/server/users/password-users.server";
import { getAuth } from "./auth.server";

const database = useTestDatabase();

/** A new two-factor setup's otpauth:// URI, for a fresh signed-in user. */
async function enableTwoFactor() {
  const email = `${unique("totp")}@example.com`;
  const password = "a two-factor passphrase";
  await upsertPasswordUser(database().db, { email, password, role: "user", name: "Tess Totp" });
  const { headers } = await getAuth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const result = await getAuth().api.enableTwoFactor({ body: { password, issuer: "Someone Else" }, headers: new Headers({ cookie }) });
  if (result.method !== "totp") throw new Error("expected a TOTP setup");
  return new URL(result.totpURI);
}

describe("two-factor setup", () => {
  it("labels the authenticator entry with the school's name as it is at that moment", async () => {
    expect((await enableTwoFactor()).searchParams.get("issuer")).toBe(DEFAULT_SITE_SETTINGS.schoolName);
    await updateSiteSettings({ input: { ...DEFAULT_SITE_SETTINGS, schoolName: "Harbour Lane School" }, actorId: null });
    const uri = await enableTwoFactor();
    expect(uri.searchParams.get("issuer")).toBe("Harbour Lane School");
    expect(decodeURIComponent(uri.pathname)).toContain("Harbour Lane School:");
  });
});
