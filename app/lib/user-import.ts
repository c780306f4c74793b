/**
 * Admin → Users → Import (issue 43; docs/decisions/060): the columns an admin maps, the limits and
 * every message, shared by the page and the server.
 */

export const USER_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const USER_IMPORT_MAX_ROWS = 100_000;

/** What each column of the file can be; e-mail is required, the rest optional. */
export const USER_IMPORT_FIELDS = ["email", "name", "courses", "memberUntil"] as const;
export type UserImportField = (typeof USER_IMPORT_FIELDS)[number];
export const USER_IMPORT_FIELD_LABELS: Record<UserImportField, string> = {
  email: "E-mail",
  name: "Name",
  courses: "Courses (slugs, separated by spaces or |)",
  memberUntil: "Member until (2026-12-31)",
};

/** The mapping's "Not in the file" (an empty value was not kept selected by the browser's select). */
export const NOT_IN_FILE = "none";

/** Which column of the file holds each field: its index, or null for none. */
export type UserImportColumns = { email: number; name: number | null; courses: number | null; memberUntil: number | null };

export type UserImportAction = "create" | "update" | "unchanged" | "refuse";
export const USER_IMPORT_ACTION_LABELS: Record<UserImportAction, string> = {
  create: "Created",
  update: "Updated",
  unchanged: "Unchanged",
  refuse: "Refused",
};

export const USER_IMPORT_MESSAGES = {
  fileRequired: "Choose a CSV file to import",
  fileTooLarge: "The file is larger than 50 MB: split it and import each part",
  notUtf8: "The file is not UTF-8 text: in your spreadsheet, save it as “CSV UTF-8” and upload it again",
  semicolons: "The columns are separated by “;”: save the file as CSV with commas (“CSV UTF-8”) and upload it again",
  noRows: "The file has no learners under its first line (the column names)",
  tooManyRows: `The file has more than ${USER_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows: split it and import each part`,
  unclosedQuote: (line: number) => `Line ${line}: a quoted cell is never closed`,
  fileGone: "That upload is no longer here (uploads are kept for a day): upload the file again",
  emailColumnRequired: "Choose the column that holds the e-mail addresses",
  sameColumnTwice: "Each column can be used for one field only",
  badEmail: (value: string) => (value ? `“${value}” is not an e-mail address` : "No e-mail address"),
  duplicate: (email: string, first: number) => `${email} is already on line ${first}`,
  unknownCourses: (slugs: string[]) => `No course ${slugs.map((slug) => `“${slug}”`).join(", ")}`,
  badDate: (value: string) => `“${value}” is not a date (write it as 2026-12-31)`,
  pastDate: (value: string) => `The membership end ${value} is already past`,
  nameTooLong: "The name is longer than 100 characters",
  refused: (count: number) => `Nothing was imported: ${count === 1 ? "1 row needs" : `${count} rows need`} fixing`,
  imported: ({ created, updated, unchanged }: { created: number; updated: number; unchanged: number }) =>
    `Imported: ${created} created, ${updated} updated, ${unchanged} unchanged`,
} as const;
