import { z } from "~/lib/forms/zod";
import { BUILDER_EXTRA_MESSAGES as EXTRA } from "~/lib/builder-messages";
import { LESSON_TYPES, VIDEO_PROVIDERS } from "~/lib/domain-values";
import { checkboxField, optionalText, requiredText } from "~/lib/forms/fields";
import { COURSE_LIMITS, LESSON_LIMITS, MODULE_LIMITS } from "~/lib/forms/limits";
import { DRIP_MESSAGES, DRIP_RELEASES, type DripRelease } from "~/lib/drip";
import { QUIZ_MESSAGES } from "~/lib/quiz";
import { quizField } from "~/lib/quiz-form";
import { builderSlug } from "~/lib/slug";
import { sanitizeEmbedCode, vimeoEmbedUrl, youtubeEmbedUrl } from "~/lib/video-embed";

/**
 * The course builder's forms (Details, modules, lessons, reordering): one discriminated union on
 * `intent`, parsed again by the action. Column limits are the ones New/Edit Course uses too
 * (`~/lib/forms/limits`).
 */

/** A whole number, 0 or more; empty is 0 (§5: "parsed as integers, default 0"). */
function wholeNumberField(message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return 0;
      if (!/^\d+$/.test(value) || Number(value) > max) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(value);
    });
}

/** The builder's slug rule (§5 Builder), then required. */
const builderSlugField = (max: number) =>
  z
    .string({ error: EXTRA.slugRequired })
    .max(max, `Must be at most ${max} characters`)
    .transform(builderSlug)
    .pipe(z.string().min(1, EXTRA.slugRequired));

const id = z.string().trim().min(1);
/** A module id, or empty for the course's flat lessons. */
const groupField = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || null);
const positionField = z.coerce.number().int().min(1).max(100_000);

const detailsFields = {
  title: requiredText(EXTRA.titleRequired, { max: COURSE_LIMITS.title }),
  slug: builderSlugField(COURSE_LIMITS.slug),
  description: optionalText({ max: COURSE_LIMITS.longDescriptionMd }),
  priceCents: wholeNumberField(EXTRA.priceInvalid, COURSE_LIMITS.priceCents),
  certificates: checkboxField,
  newLessonMail: checkboxField,
};

const moduleFields = {
  moduleId: id,
  title: requiredText(EXTRA.titleRequired, { max: MODULE_LIMITS.title }),
  description: optionalText({ max: MODULE_LIMITS.description }),
  release: z.enum(DRIP_RELEASES).default("now"),
  dripDays: z.string().trim().optional(),
  dripDate: z.string().trim().optional(),
};

/**
 * A module's release (drip, issue 24) read from its three fields: at once, a number of days after
 * the learner's access began, or a calendar date (midnight UTC). The message goes by the field used.
 */
function withDripRelease<T extends { release: DripRelease; dripDays?: string; dripDate?: string }>(form: T, context: z.RefinementCtx) {
  if (form.release === "days") {
    const days = Number(form.dripDays);
    if (!/^\d+$/.test(form.dripDays ?? "") || days < 1 || days > MODULE_LIMITS.dripDays) {
      context.addIssue({ code: "custom", path: ["dripDays"], message: DRIP_MESSAGES.daysInvalid });
    }
  }
  if (form.release === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(form.dripDate ?? "")) {
    context.addIssue({ code: "custom", path: ["dripDate"], message: DRIP_MESSAGES.dateInvalid });
  }
}

/** The module's drip columns from a parsed form. */
export function dripColumns(form: { release: DripRelease; dripDays?: string; dripDate?: string }) {
  return {
    dripDays: form.release === "days" ? Number(form.dripDays) : null,
    dripDate: form.release === "date" ? new Date(`${form.dripDate}T00:00:00Z`) : null,
  };
}

const lessonFields = z
  .object({
    lessonId: id,
    title: requiredText(EXTRA.titleRequired, { max: LESSON_LIMITS.title }),
    slug: builderSlugField(LESSON_LIMITS.slug),
    type: z.enum(LESSON_TYPES),
    summary: optionalText({ max: LESSON_LIMITS.summary }),
    contentMd: z.string().max(LESSON_LIMITS.contentMd).optional().default(""),
    videoProvider: z.enum(VIDEO_PROVIDERS),
    videoUrl: optionalText({ max: LESSON_LIMITS.videoUrl }),
    videoStoragePath: optionalText({ max: LESSON_LIMITS.storagePath }),
    embedCode: z.string().max(LESSON_LIMITS.embedCode).optional().default(""),
    durationSeconds: wholeNumberField(EXTRA.durationInvalid, LESSON_LIMITS.durationSeconds),
    isPreview: checkboxField,
    moduleId: groupField,
    /** Sent only while the type is Quiz (docs/decisions/024). */
    quiz: quizField.optional(),
  })
  .superRefine((lesson, context) => {
    if (lesson.type === "quiz" && !lesson.quiz)
      context.addIssue({ code: "custom", path: ["quiz", "questions"], message: QUIZ_MESSAGES.noQuestions });
    // Only the source the lesson plays from is checked; an empty one is "no video yet".
    if (lesson.type !== "video") return;
    if (lesson.videoProvider === "youtube" && lesson.videoUrl && !youtubeEmbedUrl(lesson.videoUrl)) {
      context.addIssue({ code: "custom", path: ["videoUrl"], message: EXTRA.youtubeInvalid });
    }
    if (lesson.videoProvider === "vimeo" && lesson.videoUrl && !vimeoEmbedUrl(lesson.videoUrl)) {
      context.addIssue({ code: "custom", path: ["videoUrl"], message: EXTRA.vimeoInvalid });
    }
    if (lesson.videoProvider === "embed" && lesson.embedCode.trim() && !sanitizeEmbedCode(lesson.embedCode)) {
      context.addIssue({ code: "custom", path: ["embedCode"], message: EXTRA.embedInvalid });
    }
  });

export const builderForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update-details"), ...detailsFields }),
  z.object({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("unpublish") }),
  z.object({ intent: z.literal("add-module") }),
  z.object({ intent: z.literal("update-module"), ...moduleFields }).superRefine(withDripRelease),
  z.object({ intent: z.literal("delete-module"), moduleId: id }),
  z.object({ intent: z.literal("move-module"), moduleId: id, position: positionField }),
  z.object({ intent: z.literal("add-lesson"), moduleId: groupField }),
  lessonFields.safeExtend({ intent: z.literal("update-lesson") }),
  z.object({ intent: z.literal("delete-lesson"), lessonId: id }),
  z.object({ intent: z.literal("move-lesson"), lessonId: id, moduleId: groupField, position: positionField }),
  z.object({ intent: z.literal("retry-transcode"), lessonId: id }),
  // The file itself (field "captions") is read by the action and checked as WebVTT by the operation (app/lib/webvtt.ts).
  z.object({ intent: z.literal("upload-captions"), lessonId: id }),
  z.object({ intent: z.literal("remove-captions"), lessonId: id }),
]);

export type BuilderIntent = z.output<typeof builderForm>["intent"];
