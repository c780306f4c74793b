import { assertWithinPruningHorizon, consumeRateLimit, minutesText, type RateLimit } from "~/server/platform/rate-limit.server";
import { getConfig } from "~/server/platform/config.server";

const MINUTE = 60_000;

/**
 * Coupon codes are secrets a seller hands out: each code a buyer tries at checkout (the page with
 * `?coupon=`, its `.data` request, and Pay) is counted per account and per client address, so codes
 * cannot be guessed by the thousand. A buyer tries one or two; the limits leave room for reloads.
 * The per-IP allowance is multiplied by RATE_LIMIT_PER_IP_MULTIPLIER, like every per-IP limit.
 */
export const COUPON_CHECK_LIMITS = {
  account: { max: 20, windowMs: 15 * MINUTE },
  ip: { max: 40, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimit>;

assertWithinPruningHorizon("Coupon check limit", COUPON_CHECK_LIMITS);

/**
 * Takes one coupon check from the buyer's and the address's allowances: null when the code may be
 * looked up, else the seconds to wait. Both are counted on every try, so switching accounts or
 * addresses alone does not reset the other. Without an address (only tests and scripts call
 * routes without one) the per-IP limit is skipped outside production.
 */
export async function consumeCouponCheckAllowance({ userId, clientIp }: { userId: string | null; clientIp: string | undefined }) {
  const config = getConfig();
  const { account, ip } = COUPON_CHECK_LIMITS;
  // A guest (no account) is counted by address only; a visitor without one in production, as "unknown".
  const decisions = userId ? [await consumeRateLimit({ key: `account|coupon-checks|${userId}`, ...account })] : [];
  if (clientIp || config.isProduction || !userId) {
    decisions.push(
      await consumeRateLimit({ key: `${clientIp || "unknown"}|/checkout/coupon`, max: ip.max * config.perIpRateLimitMultiplier, windowMs: ip.windowMs }),
    );
  }
  const refused = decisions.filter((decision) => !decision.allowed);
  return refused.length === 0 ? null : Math.max(...refused.map((decision) => decision.retryAfterSeconds ?? 1));
}

/** What the code field says when the allowance is used up. */
export function tooManyCouponChecksMessage(seconds: number) {
  return `Too many coupon codes tried. Please try again in ${minutesText(seconds)}.`;
}
