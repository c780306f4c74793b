import { assertWithinPruningHorizon, consumeRateLimit, minutesText, type RateLimit } from "~/server/platform/rate-limit.server";
import { getConfig } from "~/server/platform/config.server";

const MINUTE = 60_000;

/**
 * Per-IP limits on the anonymous forms that store something and send mail (the support inbox, a
 * confirmation to any address), before RATE_LIMIT_PER_IP_MULTIPLIER. Counted by the same limiter,
 * in the same table and key shape (`<ip>|<path>`), as the per-IP limits on sign-up.
 */
export const FORM_RATE_LIMITS = {
  "/contact": { max: 5, windowMs: 15 * MINUTE },
  "/newsletter": { max: 10, windowMs: 15 * MINUTE },
  // A guest checkout makes an account when it is paid: limited as sign-up is (auth.server.ts).
  "/guest-checkout": { max: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimit>;

assertWithinPruningHorizon("Form limit", FORM_RATE_LIMITS);

export type LimitedForm = keyof typeof FORM_RATE_LIMITS;

/**
 * Takes one submission of `form` from this client address's allowance: null when it may go
 * ahead, else the seconds to wait. Without an address (only tests and scripts call actions
 * without one) the form is not limited outside production.
 */
export async function consumeFormAllowance({ form, clientIp }: { form: LimitedForm; clientIp: string | undefined }) {
  const config = getConfig();
  if (!clientIp && !config.isProduction) return null;
  const { max, windowMs } = FORM_RATE_LIMITS[form];
  const decision = await consumeRateLimit({
    key: `${clientIp || "unknown"}|${form}`,
    max: max * config.perIpRateLimitMultiplier,
    windowMs,
  });
  return decision.allowed ? null : decision.retryAfterSeconds;
}

/** The form's answer when its allowance is used up. */
export function tooManySubmissionsMessage(seconds: number) {
  return `Too many requests from your network. Please try again in ${minutesText(seconds)}.`;
}
