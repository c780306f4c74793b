import { z } from "~/lib/forms/zod";
import { MAX_POSITION_SECONDS } from "~/lib/learning";

/** What the player sends as the learner watches: where the video is, in seconds. */
export const lessonPositionForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("position"),
    position: z.coerce.number().finite().min(0).max(MAX_POSITION_SECONDS).transform(Math.floor),
  }),
]);
