import type { z } from "~/lib/forms/zod";
import type { FieldErrors } from "./field-errors";

export { firstError, type FieldErrors } from "./field-errors";

/** What was typed, as text, so a refused form can show it again. */
export type FormValues = Record<string, string>;

export type ParsedForm<T> =
  { data: T; errors?: undefined; values: FormValues } | { data?: undefined; errors: FieldErrors; values: FormValues };

/** Fields never sent back to the page: a secret travels once, from the browser to the server. */
const SECRET_FIELD = /password/i;

/**
 * Parses a submitted form with its zod schema (a plain object, or a discriminated union on
 * `intent`). Files are left out (uploads have their own route). On failure, the messages per
 * field for the form to show; either way, what was typed, minus passwords.
 */
export function parseForm<T extends z.ZodType>(schema: T, form: FormData): ParsedForm<z.output<T>> {
  const fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const values = Object.fromEntries(Object.entries(fields).filter(([name]) => !SECRET_FIELD.test(name)));
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { data: parsed.data, values };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "form";
    (errors[field] ??= []).push(issue.message);
  }
  return { errors, values };
}
