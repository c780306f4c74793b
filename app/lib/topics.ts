/** The longest topic the placeholder art prints; longer ones are cut with an ellipsis. */
export const PLACEHOLDER_TOPIC_MAX = 60;

/**
 * The placeholder cover of a course or post without one (or whose image fails): art drawn in the
 * school's name and brand colour, titled with the topic (`/art/cover.svg`, app/routes/art-cover.ts).
 */
export function topicPlaceholder(topic: string | undefined) {
  const text = topic?.trim().slice(0, PLACEHOLDER_TOPIC_MAX);
  return text ? `/art/cover.svg?topic=${encodeURIComponent(text)}` : "/art/cover.svg";
}

/** "3h 20m" / "45m" from seconds. */
export function formatHours(seconds: number) {
  const hours = seconds / 3600;
  return hours >= 1 ? `${Math.round(hours * 10) / 10} hours` : `${Math.max(1, Math.round(seconds / 60))} min`;
}

/** Admin → Topics' texts. */
export const TOPIC_MESSAGES = {
  nameRequired: "Enter the topic's name",
  nameTooLong: "A topic's name is at most 60 characters",
  noSlug: "Use at least one letter or digit in the name",
  taken: "A topic with this name already exists",
  inUse: (count: number) =>
    `This topic is used by ${count === 1 ? "1 course" : `${count} courses`}: untick it on those courses first, then delete it.`,
  notFound: "This topic no longer exists. Reload the page.",
  created: "Topic added",
  renamed: "Topic renamed",
  moved: "Topic moved",
  deleted: "Topic deleted",
  empty: "No topics yet.",
  listFailed: "Failed to fetch topics",
} as const;
