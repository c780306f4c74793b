import type { DiscussionKind, DiscussionNotificationKind } from "~/lib/domain-values";

/** Discussions (issue 42): what the pages and the server share, without zod (it stays on the server). */
export const DISCUSSION_BODY_MAX = 5000;

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

/** What a notification says after the writer's name (or alone, for hides and bans). */
export const NOTIFICATION_TEXT: Record<DiscussionNotificationKind, string> = {
  reply: "replied to your post",
  answer: "answered your question",
  follow: "replied in a thread you follow",
  hidden: "Staff hid your post",
  banned: "You were stopped from posting in discussions",
};
