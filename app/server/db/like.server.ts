/** Escapes LIKE's wildcards so a visitor's "50%_off" is matched literally. */
export function escapeLikePattern(text: string) {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A pattern for ILIKE that matches the text anywhere (and can use the trigram indexes). */
export function containsPattern(text: string) {
  return `%${escapeLikePattern(text)}%`;
}
