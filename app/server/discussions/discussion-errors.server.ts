import type { Failure } from "~/server/action.server";
import { logger } from "~/server/platform/logger.server";

/**
 * Why a discussion write was refused, with the sentence the person reads. Nothing is stored when
 * one is thrown: every check runs before the write, or inside its transaction.
 */
export class DiscussionError extends Error {
  constructor(
    readonly reason:
      | "not-found"
      | "locked"
      | "sign-in"
      | "confirm-email"
      | "banned"
      | "rate-limited"
      | "empty"
      | "too-long"
      | "reply-closed"
      | "other-lesson"
      | "own-post"
      | "not-yours"
      | "edit-window"
      | "not-a-question"
      | "not-staff",
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = "DiscussionError";
  }
}

export const DISCUSSION_MESSAGES = {
  notFound: "That post no longer exists.",
  locked: "You can't take part in this lesson's discussion.",
  signIn: "Sign in to take part in the discussion.",
  confirmEmail: "Confirm your e-mail address to post in free preview discussions.",
  banned: "You have been stopped from posting in discussions.",
  rateLimited: "You're posting too quickly. Please wait a few minutes and try again.",
  empty: "Write something before posting.",
  tooLong: "Posts can be at most 5,000 characters.",
  replyClosed: "You can't reply to a post that was deleted or hidden.",
  otherLesson: "That thread belongs to another lesson.",
  ownPost: "You can't mark your own post as helpful.",
  notYours: "You can only change your own posts.",
  editWindow: "Posts can only be edited within 30 minutes of posting.",
  notAQuestion: "Only the asker or staff can mark a question answered.",
  notStaff: "Only staff can do that.",
  held: "Posted. Because it holds many links, it will appear once staff have reviewed it.",
} as const;

/** A refused discussion write as a toast and a status; anything else is logged and a 500. */
export function discussionFailure(error: unknown, context: Record<string, unknown>): Failure {
  if (error instanceof DiscussionError) return { toast: { kind: "error", message: error.message }, status: error.status };
  logger.error({ err: error, ...context }, "discussion write failed");
  return { toast: { kind: "error", message: "Something went wrong. Please try again." }, status: 500 };
}
