import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuyer } from "../../../tests/support/payments";
import { startAppServer } from "../../../tests/support/app-server";
import { useTestDatabase } from "../../../tests/support/test-database";
import { affiliateClicks } from "~/server/db/schema";
import { readReferral } from "./affiliate-referrals.server";
import { updateAffiliateProgram } from "./affiliate-settings.server";
import { joinAffiliateProgram, setAffiliateStatus } from "./affiliates.server";

/** Affiliate links over HTTP: redirects that set the cookie, answered before the page cache, which never keeps a cookie. */

const database = useTestDatabase();
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

let app: Awaited<ReturnType<typeof startAppServer>>;
let affiliateId = "";

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.base}${path}`, { headers: { "user-agent": CHROME, ...headers }, redirect: "manual" });
  return {
    status: response.status,
    location: response.headers.get("location"),
    cookie: response.headers.get("set-cookie"),
    cacheControl: response.headers.get("cache-control"),
    cache: response.headers.get("x-page-cache"),
  };
}

beforeAll(async () => {
  const owner = await createBuyer();
  await updateAffiliateProgram({
    input: {
      enabled: true,
      joinPolicy: "approval",
      commissionType: "percent",
      commissionPercent: 20,
      commissionFixedCents: 0,
      cookieDays: 45,
      holdDays: 30,
      recurringCommissions: true,
    },
    actorId: owner.id,
  });
  const person = await createBuyer();
  const joined = await joinAffiliateProgram({ userId: person.id, code: "Ann-Links" });
  await setAffiliateStatus({ affiliateId: joined.id, intent: "approve", actorId: owner.id });
  affiliateId = joined.id;
  app = await startAppServer({ routes: (file) => !file.startsWith("routes/admin/") && !file.startsWith("routes/checkout/") });
});

afterAll(async () => {
  await app?.close();
});

describe("affiliate links", () => {
  it("answer ?ref= with a redirect to the same page without it, setting the signed cookie for the cookie period", async () => {
    const visit = await get("/pricing?ref=ann-links&plan=yearly");
    expect(visit.status).toBe(302);
    expect(visit.location).toBe("/pricing?plan=yearly");
    expect(visit.cacheControl).toBe("no-store");
    expect(visit.cookie).toMatch(/^affiliate_ref=[^;]+; Path=\/; Max-Age=3888000; HttpOnly; SameSite=Lax/);
    expect(readReferral(visit.cookie!.split(";")[0])?.affiliateId).toBe(affiliateId);
  });

  it("answer /r/CODE with the home page or a chosen page of this site, never another host", async () => {
    expect((await get("/r/ANN-LINKS")).location).toBe("/");
    expect((await get("/r/ann-links?to=%2Fcourses")).location).toBe("/courses");
    expect((await get("/r/ann-links?to=%2F%2Fevil.example")).location).toBe("/");
    expect((await get("/r/ann-links?to=https%3A%2F%2Fevil.example")).location).toBe("/");
  });

  it("redirect an unknown code without a cookie", async () => {
    const visit = await get("/?ref=nobody-at-all");
    expect(visit).toMatchObject({ status: 302, location: "/", cookie: null });
  });

  it("count a visitor's clicks once a day, and leave bots out", async () => {
    await database().db.delete(affiliateClicks).where(eq(affiliateClicks.affiliateId, affiliateId));
    for (let index = 0; index < 4; index++) await get("/?ref=ann-links");
    await get("/?ref=ann-links", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    expect(await database().db.select().from(affiliateClicks).where(eq(affiliateClicks.affiliateId, affiliateId))).toHaveLength(1);
  });

  it("keep public pages cached for a visitor holding the referral cookie, and never store one with a cookie", async () => {
    const { cookie } = await get("/?ref=ann-links");
    const referral = cookie!.split(";")[0]!;
    let page = await get("/about", { cookie: referral });
    for (let tries = 0; tries < 5 && page.cache !== "hit"; tries++) page = await get("/about", { cookie: referral });
    expect(page.cache).toBe("hit");
    expect(page.cookie).toBeNull();
    // Another cookie (a session's) still passes the cache by.
    expect((await get("/about", { cookie: `${referral}; other=1` })).cache).toBe("pass");
  });
});
