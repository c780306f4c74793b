import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { unique, useTestDatabase, violatedConstraint } from "../../../tests/support/test-database";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "~/lib/site-settings";
import { isDatabaseDown } from "~/server/db/availability.server";
import { setDatabase } from "~/server/db/client.server";
import { siteSettings, users } from "~/server/db/schema";
import { rethrowAsUnavailable } from "~/server/platform/outage.server";
import { logger } from "~/server/platform/logger.server";
import { getSiteSettings, InvalidSiteSettingsError, updateSiteSettings } from "./site-settings.server";

const database = useTestDatabase();

const RENAMED: SiteSettings = {
  ...DEFAULT_SITE_SETTINGS,
  schoolName: "Harbour Lane School",
  tagline: "Small lessons for small shops.",
  supportEmail: "help@harbour.example",
  logoUrl: "/media/site/logo-1.png",
  membershipMonthlyCents: 4950,
  membershipYearlyCents: 49500,
  courseFallbackPriceCents: 9900,
};

/** Every test starts from the row the migration wrote. */
afterEach(async () => {
  await database().db.execute(sql`insert into site_settings (id) values (true) on conflict do nothing`);
  await updateSiteSettings({ input: DEFAULT_SITE_SETTINGS, actorId: null });
});

async function savedRows() {
  return database().db.select().from(siteSettings);
}

describe("site settings", () => {
  it("come with the migration: one row holding the defaults", async () => {
    const rows = await savedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: true, ...DEFAULT_SITE_SETTINGS, updatedBy: null });
    expect(await getSiteSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it("are saved whole, with who saved them, and read back on the next call", async () => {
    const [owner] = await database()
      .db.insert(users)
      .values({ id: unique("owner"), email: `${unique("owner")}@example.com`, name: "Owner", role: "super_admin", emailVerified: true })
      .returning();
    const before = new Date();
    const saved = await updateSiteSettings({ input: RENAMED, actorId: owner.id });
    expect(saved).toEqual(RENAMED);
    expect(await getSiteSettings()).toEqual(RENAMED);
    const [row] = await savedRows();
    expect(row.updatedBy).toBe(owner.id);
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    // Deleting the account keeps the settings and forgets who saved them.
    await database().db.delete(users).where(eq(users.id, owner.id));
    const [after] = await savedRows();
    expect(after).toMatchObject({ schoolName: RENAMED.schoolName, updatedBy: null });
  });

  it("normalise what they keep: trimmed one-line text, lower-case email, no logo as null", async () => {
    const saved = await updateSiteSettings({
      input: { ...RENAMED, schoolName: "  Harbour\nLane   School ", supportEmail: " Help@Harbour.Example ", logoUrl: null },
      actorId: null,
    });
    expect(saved).toMatchObject({ schoolName: "Harbour Lane School", supportEmail: "help@harbour.example", logoUrl: null });
  });

  it("refuse values that break the rules and change nothing", async () => {
    const cases: [Partial<SiteSettings>, string][] = [
      [{ schoolName: "   " }, "schoolName"],
      [{ schoolName: "x".repeat(81) }, "schoolName"],
      [{ supportEmail: "not an email" }, "supportEmail"],
      [{ logoUrl: "//evil.example/logo.png" }, "logoUrl"],
      [{ logoUrl: "javascript:alert(1)" }, "logoUrl"],
      [{ membershipMonthlyCents: -1 }, "membershipMonthlyCents"],
      [{ membershipYearlyCents: 12.5 }, "membershipYearlyCents"],
      [{ courseFallbackPriceCents: 100_000_001 }, "courseFallbackPriceCents"],
    ];
    for (const [change, field] of cases) {
      const error = await updateSiteSettings({ input: { ...RENAMED, ...change }, actorId: null }).catch((thrown: unknown) => thrown);
      expect(error, field).toBeInstanceOf(InvalidSiteSettingsError);
      expect((error as InvalidSiteSettingsError).fields, field).toEqual([field]);
    }
    expect(await getSiteSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it("are one row: the database refuses a second one, negative prices and a blank name", async () => {
    const db = database().db;
    expect(await violatedConstraint(db.execute(sql`insert into site_settings (id) values (false)`))).toEqual({
      code: "23514",
      constraint: "site_settings_single_row",
    });
    expect(await violatedConstraint(db.insert(siteSettings).values({ id: true }))).toEqual({
      code: "23505",
      constraint: "site_settings_pkey",
    });
    expect(await violatedConstraint(db.update(siteSettings).set({ membershipYearlyCents: -5 }))).toEqual({
      code: "23514",
      constraint: "site_settings_prices_check",
    });
    expect(await violatedConstraint(db.update(siteSettings).set({ schoolName: " " }))).toEqual({
      code: "23514",
      constraint: "site_settings_school_name_check",
    });
    expect(await savedRows()).toHaveLength(1);
  });

  it("are kept in memory between writes, and a write by anyone (another instance, plain SQL) shows on the next read", async () => {
    // Kept: a write that skips the triggers' announcement is not seen (only a test can make one).
    // On PostgreSQL other test files write to the same database and announce on the same channel
    // at any moment, so only the embedded database can show the value staying.
    if (database().kind === "pglite") {
      expect((await getSiteSettings()).schoolName).toBe(DEFAULT_SITE_SETTINGS.schoolName);
      await database().db.execute(sql`alter table site_settings disable trigger site_settings_page_cache`);
      try {
        await database().db.execute(sql`update site_settings set school_name = 'Quiet Change School'`);
        expect((await getSiteSettings()).schoolName).toBe(DEFAULT_SITE_SETTINGS.schoolName);
      } finally {
        await database().db.execute(sql`alter table site_settings enable trigger site_settings_page_cache`);
      }
    }
    // A write as another instance makes it (not through updateSiteSettings): announced at commit, read again.
    await database().db.execute(sql`update site_settings set school_name = 'Announced Change School'`);
    await expect.poll(async () => (await getSiteSettings()).schoolName).toBe("Announced Change School");
    // A transaction's own read is never the kept value.
    await database().db.transaction(async (tx) => {
      await tx.execute(sql`update site_settings set tagline = 'Inside a transaction'`);
      expect((await getSiteSettings({ database: tx })).tagline).toBe("Inside a transaction");
    });
    await expect.poll(async () => (await getSiteSettings()).tagline).toBe("Inside a transaction");
    // What a caller does to its copy stays with it.
    const copy = await getSiteSettings();
    copy.schoolName = "Scribbled";
    expect((await getSiteSettings()).schoolName).toBe("Announced Change School");
  });

  it("fall back to the defaults, and say so in the log, when the row is gone", async () => {
    await updateSiteSettings({ input: RENAMED, actorId: null });
    await database().db.delete(siteSettings);
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      expect(await getSiteSettings()).toEqual(DEFAULT_SITE_SETTINGS);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("site_settings row is missing"));
    } finally {
      logged.mockRestore();
    }
    // Saving puts the row back.
    await updateSiteSettings({ input: RENAMED, actorId: null });
    expect(await savedRows()).toHaveLength(1);
    expect(await getSiteSettings()).toEqual(RENAMED);
  });

  it("never fall back to the defaults when the database cannot be read: the read fails, and a lost database is a 503", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const broken = (error: Error) => ({ select: () => ({ from: () => ({ where: () => Promise.reject(error) }) }) }) as never;
    await expect(getSiteSettings({ database: broken(new Error("permission denied")) })).rejects.toThrow("permission denied");
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      const thrown = await getSiteSettings({ database: broken(refused) })
        .catch(rethrowAsUnavailable)
        .catch((error: unknown) => error);
      expect(thrown).toMatchObject({ init: { status: 503, headers: { "Retry-After": "5" } } });
      expect(isDatabaseDown()).toBe(true);
    } finally {
      logged.mockRestore();
      setDatabase(database());
    }
  });
});
