/** The words of a Markdown text: code blocks, images, link targets and markup do not count. */
export function countWords(markdown: string) {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)]\([^)]*\)/g, "$1")
    .replace(/[#>*_`|~-]/g, " ");
  return text.split(/\s+/).filter(Boolean).length;
}

/** Whole minutes to read a blog post, at least 1 (220 words a minute, rounded). */
export function readingMinutes(markdown: string) {
  return Math.max(1, Math.round(countWords(markdown) / 220));
}

/** Words a learner reads in a minute, for a lesson's reading time (issue 38: "words/≈200 per minute"). */
export const LESSON_WORDS_PER_MINUTE = 200;

/**
 * An article lesson's reading time in seconds: its words at 200 a minute, rounded up to whole
 * minutes (201 words → 120). An empty text is 0, which the course page shows as no duration.
 */
export function readingTimeSeconds(markdown: string) {
  return Math.ceil(countWords(markdown) / LESSON_WORDS_PER_MINUTE) * 60;
}

/**
 * The duration saved for a lesson: what was typed, or for an article left at 0 (or empty), its
 * reading time. Other types keep what was typed.
 */
export function lessonDurationSeconds({ type, contentMd, durationSeconds }: { type: string; contentMd: string; durationSeconds: number }) {
  return type === "article" && durationSeconds === 0 ? readingTimeSeconds(contentMd) : durationSeconds;
}
