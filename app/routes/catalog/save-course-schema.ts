import { z } from "zod";

/** The course page's Save/Unsave form: the state the user asked for, not a toggle. */
export const saveCourseSchema = z.object({ intent: z.enum(["save", "unsave"]) });
