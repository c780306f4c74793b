import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { accounts, users } from "~/server/db/schema";
import { getAccountProfile } from "./account.server";
import { upsertPasswordUser } from "./password-users.server";

const database = useTestDatabase();

describe("getAccountProfile (the account page's profile, one query)", () => {
  it("tells a password account from one that signs in another way, and answers null for no one", async () => {
    const email = `${unique("with-password")}@example.com`;
    const { id: userId } = await upsertPasswordUser(database().db, { email, password: "a-decent-passphrase", role: "admin" });
    expect(await getAccountProfile({ userId })).toMatchObject({ email, role: "admin", twoFactorEnabled: false, hasPassword: true });

    const other = unique("no-password");
    await database().db.insert(users).values({ id: other, email: `${other}@example.com`, name: "No Password" });
    await database().db.insert(accounts).values({ id: unique("oauth"), userId: other, accountId: other, providerId: "github" });
    expect(await getAccountProfile({ userId: other })).toMatchObject({ name: "No Password", role: "user", hasPassword: false });

    expect(await getAccountProfile({ userId: unique("nobody") })).toBeNull();
  });
});
