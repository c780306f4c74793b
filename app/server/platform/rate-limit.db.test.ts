import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { rateLimits } from "~/server/db/schema";
import { consumeRateLimit, resetRateLimit } from "~/server/platform/rate-limit.server";

const database = useTestDatabase();

const MINUTE = 60_000;
const row = async (key: string) => (await database().db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0];

describe("consumeRateLimit (the one limiter)", () => {
  it("allows exactly max of many simultaneous requests", async () => {
    const key = unique("burst");
    const decisions = await Promise.all(Array.from({ length: 30 }, () => consumeRateLimit({ key, max: 7, windowMs: MINUTE })));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(7);
    expect(decisions.filter((decision) => !decision.allowed).every((decision) => (decision.retryAfterSeconds ?? 0) > 0)).toBe(true);
  });

  it("blocks for a whole window from the request that reached max, and refused requests do not extend it", async () => {
    const key = unique("window");
    for (let i = 0; i < 3; i++) expect((await consumeRateLimit({ key, max: 3, windowMs: 10 * MINUTE })).allowed).toBe(true);
    const reachedAt = Number((await row(key)).lastRequest);
    const refused = await consumeRateLimit({ key, max: 3, windowMs: 10 * MINUTE });
    expect(refused).toMatchObject({ allowed: false, count: 4 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(9 * 60);
    await consumeRateLimit({ key, max: 3, windowMs: 10 * MINUTE });
    expect(await row(key)).toMatchObject({ count: 4, lastRequest: reachedAt });

    // Once the window has passed, counting starts again at one.
    await database()
      .db.update(rateLimits)
      .set({ lastRequest: Date.now() - 10 * MINUTE - 1 })
      .where(eq(rateLimits.key, key));
    expect(await consumeRateLimit({ key, max: 3, windowMs: 10 * MINUTE })).toMatchObject({ allowed: true, count: 1 });
  });

  it("forgets a counter on reset", async () => {
    const key = unique("reset");
    await consumeRateLimit({ key, max: 1, windowMs: MINUTE });
    expect((await consumeRateLimit({ key, max: 1, windowMs: MINUTE })).allowed).toBe(false);
    await resetRateLimit({ key });
    expect((await consumeRateLimit({ key, max: 1, windowMs: MINUTE })).allowed).toBe(true);
  });
});
