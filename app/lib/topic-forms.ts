import { z } from "~/lib/forms/zod";
import { COURSE_LIMITS } from "~/lib/forms/limits";
import { defineListUrl, pageParam, textParam } from "~/lib/list-url";
import { isUuid } from "~/lib/uuid";
import { TOPIC_MESSAGES } from "~/lib/topics";

/** Admin → Topics' forms and list URL. */

const topicName = z
  .string()
  .trim()
  .min(1, TOPIC_MESSAGES.nameRequired)
  .max(COURSE_LIMITS.topicName, TOPIC_MESSAGES.nameTooLong)
  // Plain text: no markup characters reach a pill, a URL's label or the placeholder art.
  .refine((value) => !/[<>]/.test(value), "Leave out < and >");
const topicId = z.string().refine(isUuid, TOPIC_MESSAGES.notFound);

export const topicScreenForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: topicName }),
  z.object({ intent: z.literal("rename"), id: topicId, name: topicName }),
  z.object({ intent: z.literal("move"), id: topicId, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("delete"), id: topicId }),
]);

export const topicList = defineListUrl("/admin/topics", { q: textParam({ maxLength: 60 }), page: pageParam() });
