import { z } from "~/lib/forms/zod";

/** The course page's Save/Unsave form: the state the user asked for, not a toggle. */
export const saveCourseForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save") }),
  z.object({ intent: z.literal("unsave") }),
]);

export const SAVE_COURSE_MESSAGES = { saved: "Course saved", unsaved: "Removed from saved courses" } as const;
