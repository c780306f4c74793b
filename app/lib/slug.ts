/**
 * The slug rule of the spec (§5): lower-case; drop every character that is not a letter, a digit,
 * a space or a hyphen; spaces become hyphens; runs of hyphens collapse to one. Edge hyphens are
 * trimmed too, so "  Hello!  " gives "hello" rather than "-hello-".
 */
export function slugify(text: string) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * The first of `base`, `base-1`, `base-2`, … that is not in `taken` (§5: "append -1, -2 and so
 * on until unique").
 */
export function nextFreeSlug(base: string, taken: Iterable<string>) {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 1; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * The course builder's slug rule (§5 Builder): every run of characters other than ASCII letters
 * and digits becomes one hyphen, edge hyphens trimmed, lower-cased. "Don't Panic!" → "don-t-panic".
 */
export function builderSlug(text: string) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
