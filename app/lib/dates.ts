/**
 * Every date the site shows or names is formatted here and nowhere else (eslint.config.js keeps
 * it so). Formats are in UTC: a date formats the same on the server and in the browser, whatever
 * the time zone of either, so hydration never disagrees and a test can predict the text.
 */

type DateInput = Date | string | number;

const utcParts = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

function partsOf(value: DateInput) {
  const parts = Object.fromEntries(utcParts.formatToParts(new Date(value)).map((part) => [part.type, part.value]));
  return parts as Record<"year" | "month" | "day" | "hour" | "minute", string>;
}

/** "Apr 14, 2025" (the spec's 'MMM d, yyyy'): dates in lists, receipts and the account pages. */
export function formatDate(value: DateInput) {
  const { month, day, year } = partsOf(value);
  return `${month} ${day}, ${year}`;
}

const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "January 1, 2024": the legal pages' "Last updated" line. */
export function formatLongDate(value: DateInput) {
  return longDate.format(new Date(value));
}

/** "09:05". */
export function formatTime(value: DateInput) {
  const { hour, minute } = partsOf(value);
  return `${hour}:${minute}`;
}

/** "Apr 14, 2025 09:05" (the spec's 'MMM d, yyyy HH:mm'): when something happened, to the minute. */
export function formatDateTime(value: DateInput) {
  return `${formatDate(value)} ${formatTime(value)}`;
}

/** "2025-04-14": a calendar day in machine form (sitemaps, file names, per-day keys). */
export function formatIsoDay(value: DateInput) {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** "Apr 2025": a calendar month (the analytics' monthly figures). */
export function formatMonthYear(value: DateInput) {
  const { month, year } = partsOf(value);
  return `${month} ${year}`;
}
