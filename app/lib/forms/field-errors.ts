/**
 * A refused form's messages, as pages show them. Apart from parse-form.ts (which runs the zod
 * schemas) so that a public page that only shows messages does not load zod.
 */

/**
 * Messages per field name; a message about the whole form sits under "form". A field inside a
 * list is named by its path, as its input is: "lessons.2.title".
 */
export type FieldErrors = Partial<Record<string, string[]>>;

/** The first message of a refused form, for a toast or an alert (in the schema's field order). */
export function firstError(errors: FieldErrors): string | undefined {
  for (const messages of Object.values(errors)) if (messages?.[0]) return messages[0];
  return undefined;
}
