/** URL-safe names for topics, e.g. for placeholder images: "AI & ChatGPT" → "ai-chatgpt". */
export function topicSlug(topic: string | undefined) {
  if (!topic) return "default";
  return topic.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "default";
}

export function topicPlaceholder(topic: string | undefined) {
  const known = ["shopify", "ai-chatgpt", "automation", "fulfillment", "lovable"];
  const slug = topicSlug(topic);
  return `/images/placeholders/${known.includes(slug) ? slug : "default"}.webp`;
}

/** "3h 20m" / "45m" from seconds. */
export function formatHours(seconds: number) {
  const hours = seconds / 3600;
  return hours >= 1 ? `${Math.round(hours * 10) / 10} hours` : `${Math.max(1, Math.round(seconds / 60))} min`;
}
