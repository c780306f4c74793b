import { isOneOf, TOPIC_SLUGS, TOPICS } from "./domain-values";

/** The placeholder cover for a course's topic ("AI & ChatGPT" → ai-chatgpt.webp); a generic one otherwise. */
export function topicPlaceholder(topic: string | undefined) {
  return `/images/placeholders/${isOneOf(TOPICS, topic) ? TOPIC_SLUGS[topic] : "default"}.webp`;
}

/** "3h 20m" / "45m" from seconds. */
export function formatHours(seconds: number) {
  const hours = seconds / 3600;
  return hours >= 1 ? `${Math.round(hours * 10) / 10} hours` : `${Math.max(1, Math.round(seconds / 60))} min`;
}
