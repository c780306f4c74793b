import { z } from "~/lib/forms/zod";

/** Admin → Reviews' row buttons: hide a review or show it again. */
export const reviewListForm = z.object({ intent: z.enum(["hide", "show"]), id: z.string().min(1) });
