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

/** One record of a parsed CSV: its cells and the line of the file it starts on (1 = the first line). */
export type CsvRecord = { line: number; cells: string[] };

/**
 * Reads CSV text (RFC 4180, as spreadsheets write it): commas, CRLF or LF line ends, quoted cells
 * with doubled quotes and line breaks inside. A byte-order mark is skipped and blank lines are
 * left out. Each record keeps the line it starts on, so a refusal can name it. An unclosed quote
 * throws `CsvSyntaxError` with its line.
 */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== "") records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
  };
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line += 1;
        cell += char;
      }
    } else if (char === '"' && cell === "") {
      quoted = true;
      quoteLine = line;
    } else if (char === ",") {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[index + 1] === "\n") index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else cell += char;
  }
  if (quoted) throw new CsvSyntaxError(quoteLine);
  endRecord();
  return records;
}

export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`Line ${line}: a quoted cell is never closed`);
    this.name = "CsvSyntaxError";
  }
}
