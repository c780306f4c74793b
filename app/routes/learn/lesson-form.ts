import { z } from "~/lib/forms/zod";

/** The lesson page's own form: mark the lesson complete, or not complete again. */
export const lessonCompletionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("complete") }),
  z.object({ intent: z.literal("incomplete") }),
]);
