import crypto from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { rateLimits } from "~/server/db/schema";
import { logger } from "~/server/platform/logger.server";

/**
 * The one rate limiter. Every counter the app keeps — Better Auth's per-IP limits (as its
 * `customStorage`), the per-account sign-in lockout and mail allowances, and the per-IP limits on
 * the contact and newsletter forms — is a row of `rate_limits` written by `consumeRateLimit`, so
 * every app instance sees the same numbers and one upsert decides each request.
 *
 * Keys: `<ip>|<path>` for per-IP limits (Better Auth's own shape, e.g. `203.0.113.7|/sign-in/email`,
 * and `203.0.113.7|/contact` for the forms) and `account|<purpose>|<email>` per account.
 */

export type RateLimit = { max: number; windowMs: number };

export type RateLimitDecision = {
  allowed: boolean;
  /** This request's number within the window (at most max + 1: refused requests stop counting). */
  count: number;
  /** Seconds until the key allows requests again, when refused. */
  retryAfterSeconds: number | null;
};

/**
 * Counts one request against `key` and says whether it is within `max`, in one atomic upsert, so
 * that N concurrent requests get exactly `max` allowances. The window starts at the first request;
 * the request that reaches `max` restarts the clock, so a block lasts a whole window from that
 * moment. Refused requests neither count further nor extend the block.
 */
export async function consumeRateLimit({ key, max, windowMs }: { key: string } & RateLimit): Promise<RateLimitDecision> {
  const now = Date.now();
  const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}::bigint`;
  const [row] = await db()
    .insert(rateLimits)
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else least(${rateLimits.count} + 1, ${max + 1}::int) end`,
        lastRequest: sql`case when ${expired} or ${rateLimits.count} + 1 = ${max}::int then ${now}::bigint else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, lastRequest: rateLimits.lastRequest });
  pruneExpiredCounters(now);
  if (row!.count <= max) return { allowed: true, count: row!.count, retryAfterSeconds: null };
  const remainingMs = Number(row!.lastRequest) + windowMs - now;
  return { allowed: false, count: row!.count, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
}

/** Forgets a counter (a correct password ends a run of failed sign-ins). */
export async function resetRateLimit({ key }: { key: string }) {
  await db().delete(rateLimits).where(eq(rateLimits.key, key));
}

/** No limit anywhere in the app has a longer window; rows older than this are dead. */
export const LONGEST_RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
let lastPrunedAt = 0;

/** Deletes dead counters at most every ten minutes per process, without holding up the request. */
function pruneExpiredCounters(now: number) {
  if (now - lastPrunedAt < PRUNE_EVERY_MS) return;
  lastPrunedAt = now;
  db()
    .delete(rateLimits)
    .where(lt(rateLimits.lastRequest, now - LONGEST_RATE_LIMIT_WINDOW_MS))
    .catch((error: unknown) => logger.warn({ err: error }, "could not prune old rate-limit counters"));
}

/** A limit must fit under the pruning horizon, or its counters would be deleted while still counting. */
export function assertWithinPruningHorizon(name: string, limits: Record<string, RateLimit>) {
  for (const [path, limit] of Object.entries(limits)) {
    if (limit.windowMs > LONGEST_RATE_LIMIT_WINDOW_MS) {
      throw new Error(`${name} ${path}: a window longer than ${LONGEST_RATE_LIMIT_WINDOW_MS / 60_000} minutes would be pruned early.`);
    }
  }
}

export function minutesText(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
