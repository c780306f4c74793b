import { isOneOf } from "~/lib/domain-values";
import { formatDate, formatIsoDay, formatMonthYear } from "~/lib/dates";

/**
 * Admin → Analytics: the range and bucket an owner picks, read from the URL (docs/decisions/029).
 * Ranges are whole UTC days: `from` is the first day's midnight, `to` the midnight after the last.
 */

export const ANALYTICS_RANGES = ["7d", "30d", "90d", "12m", "custom"] as const;
export type AnalyticsRangeKey = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_LABELS: Record<AnalyticsRangeKey, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "12m": "Last 12 months",
  custom: "Custom",
};

export const ANALYTICS_BUCKETS = ["day", "week", "month"] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];
export const ANALYTICS_BUCKET_LABELS: Record<AnalyticsBucket | "auto", string> = {
  auto: "Automatic",
  day: "By day",
  week: "By week",
  month: "By month",
};

export const ANALYTICS_REPORTS = ["revenue", "kinds", "courses", "affiliates", "signups", "members", "funnel"] as const;
export type AnalyticsReport = (typeof ANALYTICS_REPORTS)[number];

/** A custom range may span at most this many days (about five years): one row per day stays bounded. */
const MAX_CUSTOM_DAYS = 1830;
const DAY_MS = 86_400_000;

export type AnalyticsRange = {
  range: AnalyticsRangeKey;
  /** Inclusive first day, "YYYY-MM-DD". */
  fromDay: string;
  /** Inclusive last day, "YYYY-MM-DD". */
  toDay: string;
  from: Date;
  /** Exclusive: midnight after the last day. */
  to: Date;
  bucket: AnalyticsBucket;
  /** "auto" when the bucket was chosen from the range's length. */
  bucketChoice: AnalyticsBucket | "auto";
  /** The course whose completion funnel is shown, if any. */
  courseId: string | null;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseDay(value: string | null): Date | null {
  if (!value || !ISO_DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || formatIsoDay(date) !== value ? null : date;
}

/** Days up to 31 by day, up to 183 by week, longer by month. */
export function autoBucket(days: number): AnalyticsBucket {
  if (days <= 31) return "day";
  if (days <= 183) return "week";
  return "month";
}

/** Never throws: an unknown range is the last 30 days; a custom range with bad or reversed dates too. */
export function parseAnalyticsRange(params: URLSearchParams, now = new Date()): AnalyticsRange {
  const today = parseDay(formatIsoDay(now))!;
  const rangeParam = params.get("range");
  let range: AnalyticsRangeKey = isOneOf(ANALYTICS_RANGES, rangeParam) ? rangeParam : "30d";
  let from: Date;
  let last = today;
  if (range === "custom") {
    const customFrom = parseDay(params.get("from"));
    const customTo = parseDay(params.get("to"));
    if (customFrom && customTo && customFrom <= customTo && customTo.getTime() - customFrom.getTime() <= MAX_CUSTOM_DAYS * DAY_MS) {
      from = customFrom;
      last = customTo;
    } else {
      range = "30d";
      from = new Date(today.getTime() - 29 * DAY_MS);
    }
  } else if (range === "12m") {
    from = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate() + 1));
  } else {
    from = new Date(today.getTime() - (Number.parseInt(range, 10) - 1) * DAY_MS);
  }
  const to = new Date(last.getTime() + DAY_MS);
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS);
  const choice = params.get("bucket");
  const bucketChoice = isOneOf(ANALYTICS_BUCKETS, choice) ? choice : "auto";
  const courseParam = params.get("course");
  return {
    range,
    fromDay: formatIsoDay(from),
    toDay: formatIsoDay(last),
    from,
    to,
    bucket: bucketChoice === "auto" ? autoBucket(days) : bucketChoice,
    bucketChoice,
    courseId: courseParam && UUID.test(courseParam) ? courseParam : null,
  };
}

/** The URL's query for a range, leaving out what is the default. */
export function analyticsSearch(state: Pick<AnalyticsRange, "range" | "fromDay" | "toDay" | "bucketChoice" | "courseId">) {
  const params = new URLSearchParams();
  if (state.range !== "30d") params.set("range", state.range);
  if (state.range === "custom") {
    params.set("from", state.fromDay);
    params.set("to", state.toDay);
  }
  if (state.bucketChoice !== "auto") params.set("bucket", state.bucketChoice);
  if (state.courseId) params.set("course", state.courseId);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A bucket's label: "Apr 14, 2025" for a day or week (its first day), "Apr 2025" for a month. */
export function bucketLabel(day: string, bucket: AnalyticsBucket) {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (bucket === "month") return formatMonthYear(date);
  return bucket === "week" ? `Week of ${formatDate(date)}` : formatDate(date);
}
