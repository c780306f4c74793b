/**
 * CSV as spreadsheets read it (RFC 4180): comma-separated, CRLF line ends, a cell quoted when it
 * holds a comma, a quote or a line break, quotes doubled.
 *
 * A cell a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return that some programs skip first) gets a leading apostrophe, so a name such as
 * `=HYPERLINK(…)` typed at sign-up stays text when an admin opens the export (OWASP "CSV injection").
 */

export type CsvValue = string | number | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
