import { utc } from "@date-fns/utc";
import { format } from "date-fns";

/**
 * Every date the site shows or names is formatted here and nowhere else (eslint.config.js keeps
 * it so). Formats are in UTC: a date formats the same on the server and in the browser, whatever
 * the time zone of either, so hydration never disagrees and a test can predict the text.
 */

type DateInput = Date | string | number;

/** "Apr 14, 2025" (the spec's 'MMM d, yyyy'): dates in lists, receipts and the account pages. */
export function formatDate(value: DateInput) {
  return format(value, "MMM d, yyyy", { in: utc });
}

/** "Apr 14, 2025 09:05": when something happened, to the minute. */
export function formatDateTime(value: DateInput) {
  return format(value, "MMM d, yyyy HH:mm", { in: utc });
}

/** "09:05". */
export function formatTime(value: DateInput) {
  return format(value, "HH:mm", { in: utc });
}

/** "2025-04-14": a calendar day in machine form (sitemaps, file names, per-day keys). */
export function formatIsoDay(value: DateInput) {
  return format(value, "yyyy-MM-dd", { in: utc });
}
