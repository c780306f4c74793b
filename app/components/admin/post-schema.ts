import { z } from "zod";
import { POST_CATEGORIES } from "~/lib/domain-values";

/** "a, b ,, c " → ["a", "b", "c"]: comma-separated, trimmed, empties and repeats dropped. */
export function parseTags(raw: string) {
  return [
    ...new Set(
      raw
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

const text = (max: number) => z.string().trim().max(max).catch("");

/** The post editor's form, parsed again by the action. Title and content are checked apart so the message is the spec's. */
export const postFormSchema = z.object({
  intent: z.enum(["draft", "publish"]),
  title: text(300),
  slug: text(300),
  excerpt: text(1000),
  category: z.enum(POST_CATEGORIES).catch("Announcements"),
  content_md: z.string().max(200_000).catch(""),
  tags: z.string().max(2000).catch("").transform(parseTags),
  cover_url: z
    .string()
    .trim()
    .max(2000)
    // Only our own uploads (/media/…) or an absolute https image.
    .refine((value) => value === "" || value.startsWith("/media/") || value.startsWith("https://"))
    .catch(""),
});

export type PostFormValues = {
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  content_md: string;
  tags: string;
  cover_url: string;
};
