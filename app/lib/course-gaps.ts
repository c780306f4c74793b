/** What a course still lacks before it is worth publishing, each with where the builder fixes it. */
export type CourseGap = { key: "lessons" | "cover" | "price"; message: string; fix: "curriculum" | "details" | "edit" };

/**
 * The builder's reminder beside Publish (issue 38): no lessons, no cover, no price. Every course is
 * sold (on its own or through the membership), so a price of 0 counts as none. It never blocks
 * publishing: a course may go live on purpose before it is finished.
 */
export function courseGaps({ lessonCount, coverUrl, priceCents }: { lessonCount: number; coverUrl: string | null; priceCents: number }) {
  const gaps: CourseGap[] = [];
  if (lessonCount === 0) gaps.push({ key: "lessons", message: "No lessons yet", fix: "curriculum" });
  if (!coverUrl) gaps.push({ key: "cover", message: "No cover image", fix: "edit" });
  if (priceCents <= 0) gaps.push({ key: "price", message: "No price (it sells for 0)", fix: "details" });
  return gaps;
}
