import { z } from "~/lib/forms/zod";
import { DISCUSSION_BAN_PERIODS, DISCUSSION_BODY_MAX } from "~/lib/discussions";
import { DISCUSSION_KINDS } from "~/lib/domain-values";

/**
 * The discussion forms (issue 42), read on the server only: one action takes every intent, on the
 * lesson's discussion route (the lesson page's forms post there), and one on Admin → Discussions.
 * Bodies are checked again by the domain (empty, too long), so the message is the same whichever
 * way a post arrives.
 */
const body = z
  .string()
  .trim()
  .min(1, "Write something before posting.")
  .max(DISCUSSION_BODY_MAX, "Posts can be at most 5,000 characters.");
const id = z.string().uuid("That post no longer exists.");

export const discussionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("ask"), kind: z.enum(DISCUSSION_KINDS, "Choose a question or a comment."), body }),
  z.object({ intent: z.literal("reply"), threadId: id, body }),
  z.object({ intent: z.literal("edit"), postId: id, body }),
  z.object({ intent: z.literal("delete"), postId: id }),
  z.object({ intent: z.literal("helpful"), postId: id }),
  z.object({ intent: z.literal("answered"), threadId: id, answered: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("follow"), threadId: id, following: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("preview"), body: z.string().max(DISCUSSION_BODY_MAX + 1000).default("") }),
]);

const reason = z.string().trim().min(1, "Give the reason the person will read.").max(500, "Keep the reason under 500 characters.");

export const adminDiscussionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reply"), id, body }),
  z.object({ intent: z.literal("hide"), id, reason }),
  z.object({ intent: z.literal("answered"), id }),
  z.object({ intent: z.literal("unanswered"), id }),
  z.object({ intent: z.literal("restore"), id }),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("ban"), userId: z.string().min(1).max(200), period: z.enum(DISCUSSION_BAN_PERIODS), reason }),
  z.object({ intent: z.literal("unban"), userId: z.string().min(1).max(200) }),
]);
