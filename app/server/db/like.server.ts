import { ilike, or, type Column, type SQL } from "drizzle-orm";

/** Escapes LIKE's wildcards so a visitor's "50%_off" is matched literally. */
export function escapeLikePattern(text: string) {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A pattern for ILIKE that matches the text anywhere (and can use the trigram indexes). */
export function containsPattern(text: string) {
  return `%${escapeLikePattern(text)}%`;
}

/**
 * A search box's condition: one of the columns contains the text (trimmed, cut to `maxLength`),
 * any case; undefined, so no condition, when there is nothing to search for.
 */
export function anyColumnContains({ columns, text, maxLength }: { columns: Column[]; text: string; maxLength: number }): SQL | undefined {
  const search = text.trim().slice(0, maxLength);
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(...columns.map((column) => ilike(column, pattern)));
}
