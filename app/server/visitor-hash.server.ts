import crypto from "node:crypto";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { formatIsoDay } from "~/lib/dates";
import { resolveAuthSecret } from "~/server/auth/auth-secrets.server";
import { getConfig } from "~/server/platform/config.server";

/**
 * A visitor's id for one day: it cannot be linked across days or reversed to an IP address,
 * because the salt changes daily and derives from the server's secret. `purpose` keeps the ids of
 * one count (post views, course-page views) from matching another's.
 */
export function hashVisitor({
  ip,
  userAgent,
  day,
  secret,
  purpose = "post-views",
}: {
  ip: string;
  userAgent: string;
  day: string;
  secret: string;
  purpose?: string;
}) {
  const salt = crypto.createHmac("sha256", secret).update(`${purpose}:${day}`).digest("hex");
  return crypto.createHash("sha256").update(`${ip}\n${userAgent}\n${salt}`).digest("hex");
}

/** Today's (UTC) day and visitor id for a counted view, or null for a bot or a request without a user agent. No cookie is read or set. */
export function countableVisitor({ ip, userAgent, now, purpose }: { ip: string; userAgent: string; now: Date; purpose: string }) {
  if (!userAgent || isbot(userAgent)) return null;
  const day = formatIsoDay(now);
  return { day, visitorHash: hashVisitor({ ip, userAgent, day, secret: resolveAuthSecret(getConfig()), purpose }) };
}

/** Visitors already counted today, so a cached page's repeat views cost no database write. */
export function seenToday(max = 20_000) {
  const seen = new LRUCache<string, true>({ max });
  return (key: string) => {
    if (seen.has(key)) return true;
    seen.set(key, true);
    return false;
  };
}
