import { z } from "~/lib/forms/zod";
import { optionalText } from "~/lib/forms/fields";
import { REVIEW_LIMITS } from "~/lib/forms/limits";
import { REVIEW_MESSAGES } from "~/lib/review-messages";

/**
 * The course page's forms: Save/Unsave (the state the user asked for, not a toggle) and the
 * learner's review (a rating of 1 to 5 and plain text).
 */
export const coursePageForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save") }),
  z.object({ intent: z.literal("unsave") }),
  z.object({
    intent: z.literal("review"),
    rating: z.coerce
      .number({ error: REVIEW_MESSAGES.ratingRequired })
      .int(REVIEW_MESSAGES.ratingRequired)
      .min(1, REVIEW_MESSAGES.ratingRequired)
      .max(5, REVIEW_MESSAGES.ratingRequired),
    comment: optionalText({ max: REVIEW_LIMITS.comment, tooLong: REVIEW_MESSAGES.commentTooLong(REVIEW_LIMITS.comment) }),
  }),
]);

export const SAVE_COURSE_MESSAGES = { saved: "Course saved", unsaved: "Removed from saved courses" } as const;
