import { z } from "~/lib/forms/zod";
import { ANNOUNCEMENT_LIMITS, ANNOUNCEMENT_MESSAGES } from "~/lib/announcements";
import { ANNOUNCEMENT_AUDIENCES } from "~/lib/domain-values";
import { optionalText, requiredText } from "~/lib/forms/fields";

const fields = {
  sendKey: z.string().trim().min(16).max(64),
  subject: requiredText(ANNOUNCEMENT_MESSAGES.subjectRequired, { max: ANNOUNCEMENT_LIMITS.subject }),
  bodyMd: requiredText(ANNOUNCEMENT_MESSAGES.bodyRequired, { max: ANNOUNCEMENT_LIMITS.bodyMd }),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  courseId: optionalText({ max: 64 }),
};

/** New announcement: send a test to yourself, or send it to the audience (a course needs its course). */
export const announcementForm = z
  .discriminatedUnion("intent", [z.object({ intent: z.literal("test"), ...fields }), z.object({ intent: z.literal("send"), ...fields })])
  .superRefine((form, context) => {
    if (form.intent === "send" && form.audience === "course" && !form.courseId) {
      context.addIssue({ code: "custom", path: ["courseId"], message: ANNOUNCEMENT_MESSAGES.courseRequired });
    }
  });
