import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { accounts, affiliates, affiliateSettings, dataExports, discussionMailSettings, users } from "~/server/db/schema";
import { getAffiliateStanding } from "~/server/affiliates/affiliates.server";
import { findDiscussionMailEnabled } from "~/server/discussions/discussion-mail.server";
import { getAccountProfile } from "./account.server";
import { findLatestDataExport } from "./data-export.server";
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

describe("getAccountProfile's other sections (read in the same statement, issue 44)", () => {
  async function separately(userId: string) {
    return {
      discussionMailEnabled: await findDiscussionMailEnabled({ userId }),
      affiliateStanding: await getAffiliateStanding({ userId }),
      latestDataExport: await findLatestDataExport({ userId }),
    };
  }

  it("answers what the mail setting, the affiliate standing and the data export each read alone, and only the person's own", async () => {
    const { id: userId } = await upsertPasswordUser(database().db, { email: `${unique("overview")}@example.com`, password: "a-decent-passphrase", role: "user" });
    const { id: otherId } = await upsertPasswordUser(database().db, { email: `${unique("someone-else")}@example.com`, password: "a-decent-passphrase", role: "user" });

    // Nothing yet: mail on, program off (no settings row), no export.
    expect(await getAccountProfile({ userId })).toMatchObject({ discussionMailEnabled: true, affiliateStanding: null, latestDataExport: null });
    expect(await getAccountProfile({ userId })).toMatchObject(await separately(userId));

    // Someone else's rows change nothing for this person.
    await database().db.insert(discussionMailSettings).values({ userId: otherId, enabled: false });
    await database().db.insert(affiliates).values({ userId: otherId, code: unique("other-code"), status: "approved" });
    await database().db.insert(dataExports).values({ userId: otherId, status: "ready" });
    expect(await getAccountProfile({ userId })).toMatchObject({ discussionMailEnabled: true, affiliateStanding: null, latestDataExport: null });

    // The program opens to anyone: "join".
    await database().db.insert(affiliateSettings).values({ id: true, enabled: true, joinPolicy: "anyone" });
    expect(await getAccountProfile({ userId })).toMatchObject({ affiliateStanding: "join" });
    expect(await getAccountProfile({ userId })).toMatchObject(await separately(userId));

    // Their own rows: mail off, a pending affiliate, two exports (the latest one shows, expired).
    await database().db.insert(discussionMailSettings).values({ userId, enabled: false });
    await database().db.insert(affiliates).values({ userId, code: unique("own-code"), status: "pending" });
    await database().db.insert(dataExports).values({ userId, status: "ready", requestedAt: new Date("2026-01-01T00:00:00Z") });
    const [latest] = await database()
      .db.insert(dataExports)
      .values({ userId, status: "ready", sizeBytes: 1234, requestedAt: new Date("2026-02-01T00:00:00Z"), expiresAt: new Date("2026-02-08T00:00:00Z") })
      .returning({ id: dataExports.id });
    const profile = await getAccountProfile({ userId });
    expect(profile).toMatchObject({
      discussionMailEnabled: false,
      affiliateStanding: "pending",
      latestDataExport: { id: latest!.id, sizeBytes: 1234, expired: true, path: null },
    });
    expect(profile).toMatchObject(await separately(userId));
  });
});
