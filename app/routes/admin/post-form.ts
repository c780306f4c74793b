import { z } from "~/lib/forms/zod";
import { POST_CATEGORIES, type PostCategory } from "~/lib/domain-values";
import { imageUrlField, optionalText, requiredText, slugField } from "~/lib/forms/fields";
import { POST_MESSAGES } from "~/lib/post-messages";

/** The post editor's form (new and edit), read by the page for its inputs' limits and parsed again by the action. */

export const POST_LIMITS = { title: 300, slug: 300, excerpt: 1000, tags: 2000, contentMd: 200_000, coverUrl: 2000 } as const;

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

const postFields = {
  // Title and content carry the same message: the spec has one for both (§5).
  title: requiredText(POST_MESSAGES.required, { max: POST_LIMITS.title }),
  slug: slugField({ max: POST_LIMITS.slug }),
  excerpt: optionalText({ max: POST_LIMITS.excerpt }),
  category: z.enum(POST_CATEGORIES).catch("Announcements"),
  // Markdown keeps its whitespace; only all-blank content counts as missing.
  contentMd: z
    .string({ error: POST_MESSAGES.required })
    .max(POST_LIMITS.contentMd, `Must be at most ${POST_LIMITS.contentMd.toLocaleString("en-US")} characters`)
    .refine((value) => value.trim() !== "", POST_MESSAGES.required),
  tags: z.string().max(POST_LIMITS.tags).catch("").transform(parseTags),
  // Uploads (/media/…), the demo art (/images/…) or an https image; the demo posts keep their covers on edit.
  coverUrl: imageUrlField({ max: POST_LIMITS.coverUrl }),
};

/** A new post: save as draft or publish. */
export const newPostForm = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("draft"), ...postFields }), z.object({ intent: z.literal("publish"), ...postFields })],
  { error: POST_MESSAGES.saveFailed },
);

/** An existing post: the same, or delete it. */
export const editPostForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("draft"), ...postFields }),
    z.object({ intent: z.literal("publish"), ...postFields }),
    z.object({ intent: z.literal("delete") }),
  ],
  { error: POST_MESSAGES.saveFailed },
);

/** The list's buttons: publish, unpublish, delete, each for one post. */
export const postListForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), id: z.string() }),
  z.object({ intent: z.literal("unpublish"), id: z.string() }),
  z.object({ intent: z.literal("delete"), id: z.string() }),
]);

/** The editor's fields as text, as the form holds them. */
export type PostFormValues = {
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  contentMd: string;
  tags: string;
  coverUrl: string;
};

export const EMPTY_POST: PostFormValues = {
  title: "",
  slug: "",
  excerpt: "",
  category: "Announcements" satisfies PostCategory,
  contentMd: "",
  tags: "",
  coverUrl: "",
};

/** What a refused save shows again: exactly what was typed, field by field. */
export function typedPostValues(values: Record<string, string>): PostFormValues {
  const pick = (name: keyof PostFormValues) => values[name] ?? "";
  return {
    title: pick("title"),
    slug: pick("slug"),
    excerpt: pick("excerpt"),
    category: pick("category"),
    contentMd: pick("contentMd"),
    tags: pick("tags"),
    coverUrl: pick("coverUrl"),
  };
}
