import { z } from "~/lib/forms/zod";
import { DISCUSSION_KINDS, type DiscussionKind, type DiscussionNotificationKind } from "~/lib/domain-values";

/**
 * The discussion forms (issue 42): one action takes every intent, on the lesson's discussion
 * route; the lesson page's forms post there. Bodies are checked again by the domain (empty, too
 * long), so the message is the same whichever way a post arrives.
 */
export const DISCUSSION_BODY_MAX = 5000;

const body = z
  .string()
  .trim()
  .min(1, "Write something before posting.")
  .max(DISCUSSION_BODY_MAX, "Posts can be at most 5,000 characters.");
const id = z.string().uuid("That post no longer exists.");

export const discussionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("ask"), kind: z.enum(DISCUSSION_KINDS, "Choose a question or a comment."), body }),
  z.object({ intent: z.literal("reply"), thread_id: id, body }),
  z.object({ intent: z.literal("edit"), post_id: id, body }),
  z.object({ intent: z.literal("delete"), post_id: id }),
  z.object({ intent: z.literal("helpful"), post_id: id }),
  z.object({ intent: z.literal("answered"), thread_id: id, answered: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("follow"), thread_id: id, following: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("preview"), body: z.string().max(DISCUSSION_BODY_MAX + 1000).default("") }),
]);

export const discussionPath = (courseSlug: string, lessonSlug: string) => `/courses/${courseSlug}/lessons/${lessonSlug}/discussion`;

export const readDiscussionSort = (url: URL): DiscussionSort => (url.searchParams.get("sort") === "helpful" ? "helpful" : "newest");

export type DiscussionSort = "newest" | "helpful";

export type DiscussionPostView = {
  id: string;
  authorName: string;
  byStaff: boolean;
  html: string;
  /** The text as written, for its author's edit form within the window. */
  bodyMd: string | null;
  createdAt: string;
  edited: boolean;
  deleted: boolean;
  /** `held`/`hidden`: only its author and staff see it, with the reason. */
  status: "visible" | "held" | "hidden";
  hiddenReason: string | null;
  helpfulCount: number;
  markedHelpful: boolean;
  own: boolean;
  canEdit: boolean;
};

export type DiscussionThreadView = DiscussionPostView & {
  kind: DiscussionKind;
  answered: boolean;
  following: boolean;
  replies: DiscussionPostView[];
};


/** Admin → Discussions' state filter. */
export const DISCUSSION_ADMIN_STATES = ["unanswered", "answered", "held", "hidden"] as const;
export type DiscussionAdminState = (typeof DISCUSSION_ADMIN_STATES)[number];
export const DISCUSSION_ADMIN_STATE_LABELS: Record<DiscussionAdminState, string> = {
  unanswered: "Unanswered",
  answered: "Answered",
  held: "Waiting for review",
  hidden: "Hidden",
};

/** How long a ban from posting lasts. */
export const DISCUSSION_BAN_PERIODS = ["1", "7", "30", "forever"] as const;
export const DISCUSSION_BAN_PERIOD_LABELS: Record<(typeof DISCUSSION_BAN_PERIODS)[number], string> = {
  "1": "1 day",
  "7": "7 days",
  "30": "30 days",
  forever: "For good",
};

const reason = z.string().trim().min(1, "Give the reason the person will read.").max(500, "Keep the reason under 500 characters.");

export const adminDiscussionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reply"), id, body }),
  z.object({ intent: z.literal("hide"), id, reason }),
  z.object({ intent: z.literal("restore"), id }),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("ban"), user_id: z.string().min(1).max(200), period: z.enum(DISCUSSION_BAN_PERIODS), reason }),
  z.object({ intent: z.literal("unban"), user_id: z.string().min(1).max(200) }),
]);

/** What a notification says after the writer's name (or alone, for hides and bans). */
export const NOTIFICATION_TEXT: Record<DiscussionNotificationKind, string> = {
  reply: "replied to your post",
  answer: "answered your question",
  follow: "replied in a thread you follow",
  hidden: "Staff hid your post",
  banned: "You were stopped from posting in discussions",
};
