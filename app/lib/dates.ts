/**
 * Every date the site shows or names is formatted here and nowhere else (eslint.config.js keeps
 * it so). Dates shown to people are in the school's time zone and date format (Settings; issue 38,
 * docs/decisions/051): the server sets them from the settings it reads (settings/site-settings.server.ts),
 * the browser from the root loader's settings before it renders (root.tsx), so the server's text
 * and the browser's agree whatever the reader's own zone, and a test can predict the text.
 * Machine forms (formatIsoDay) and calendar days given as "yyyy-mm-dd" stay in UTC.
 */

type DateInput = Date | string | number;

/** The date formats a school may choose, as the spec writes them; the first is the default. */
export const DATE_FORMATS = ["MMM d, yyyy", "d MMM yyyy", "yyyy-MM-dd", "dd/MM/yyyy", "MM/dd/yyyy"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export function isDateFormat(value: string): value is DateFormat {
  return (DATE_FORMATS as readonly string[]).includes(value);
}

export type DateDisplay = { timeZone: string; dateFormat: DateFormat };

const DEFAULT_DISPLAY: DateDisplay = { timeZone: "UTC", dateFormat: "MMM d, yyyy" };
let display: DateDisplay = DEFAULT_DISPLAY;
const partFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The school's time zone and date format for every date shown from now on in this process (or
 * tab). A zone Intl does not know, or a format not in the list, keeps the defaults rather than fail.
 */
export function setDateDisplay(next: DateDisplay) {
  display = {
    timeZone: zoneFormat(next.timeZone) ? next.timeZone : DEFAULT_DISPLAY.timeZone,
    dateFormat: isDateFormat(next.dateFormat) ? next.dateFormat : DEFAULT_DISPLAY.dateFormat,
  };
}

/** Whether Intl knows the IANA time zone ("Europe/Dublin"). */
export function isTimeZone(value: string) {
  return value.length > 0 && value.length <= 64 && zoneFormat(value) !== null;
}

export function getDateDisplay(): DateDisplay {
  return display;
}

function zoneFormat(timeZone: string) {
  let format = partFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-US", {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone,
      });
    } catch {
      return null;
    }
    partFormats.set(timeZone, format);
  }
  return format;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

type DateParts = Record<"year" | "month" | "day" | "hour" | "minute", string>;

/**
 * The parts of moments already shown, by zone and time: Intl's formatToParts is the dearest step
 * of a date, and a page shows the same rows' dates on every request (issue 44). Emptied when full.
 */
const shownParts = new Map<string, DateParts>();
const SHOWN_PARTS_LIMIT = 5_000;

function partsOf(value: DateInput) {
  // A calendar day ("2024-01-01") is that day wherever the school is.
  const calendarDay = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const timeZone = calendarDay ? "UTC" : display.timeZone;
  const date = new Date(value);
  const key = `${timeZone} ${date.getTime()}`;
  let parts = shownParts.get(key);
  if (!parts) {
    parts = Object.fromEntries(zoneFormat(timeZone)!.formatToParts(date).map((part) => [part.type, part.value])) as DateParts;
    if (shownParts.size >= SHOWN_PARTS_LIMIT) shownParts.clear();
    shownParts.set(key, parts);
  }
  return parts;
}

const pad = (text: string) => text.padStart(2, "0");

/** "Apr 14, 2025" (the spec's 'MMM d, yyyy', the default), or the school's format: dates in lists, receipts and the account pages. */
export function formatDate(value: DateInput) {
  const { month, day, year } = partsOf(value);
  const monthNumber = String(MONTHS.indexOf(month) + 1);
  switch (display.dateFormat) {
    case "d MMM yyyy":
      return `${day} ${month} ${year}`;
    case "yyyy-MM-dd":
      return `${year}-${pad(monthNumber)}-${pad(day)}`;
    case "dd/MM/yyyy":
      return `${pad(day)}/${pad(monthNumber)}/${year}`;
    case "MM/dd/yyyy":
      return `${pad(monthNumber)}/${pad(day)}/${year}`;
    default:
      return `${month} ${day}, ${year}`;
  }
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

/** "2025-04-14": a calendar day in machine form (sitemaps, file names, per-day keys), in UTC. */
export function formatIsoDay(value: DateInput) {
  const date = new Date(value);
  const padNumber = (n: number) => String(n).padStart(2, "0");
  return `${date.getUTCFullYear()}-${padNumber(date.getUTCMonth() + 1)}-${padNumber(date.getUTCDate())}`;
}

/** "Apr 2025": a calendar month (the analytics' monthly figures). */
export function formatMonthYear(value: DateInput) {
  const { month, year } = partsOf(value);
  return `${month} ${year}`;
}
