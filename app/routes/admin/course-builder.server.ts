import type { RouterContextProvider } from "react-router";
import { BUILDER_EXTRA_MESSAGES, BUILDER_MESSAGES } from "~/lib/builder-messages";
import { firstError, parseForm } from "~/lib/forms/parse-form";
import { sanitizeEmbedCode } from "~/lib/video-embed";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { setCourseStatus } from "~/server/courses/admin-courses.server";
import { updateCourseDetails } from "~/server/courses/course-details.server";
import { builderFailure, BUILDER_FAILURE_MESSAGES, type BuilderOperation } from "~/server/curriculum/builder-failures.server";
import { createLesson, deleteLesson, moveLesson, updateLesson } from "~/server/curriculum/lessons.server";
import { createModule, deleteModule, moveModule, updateModule } from "~/server/curriculum/modules.server";
import { dataWithToast, newToast } from "~/server/toast.server";
import { removeLessonCaptions, setLessonCaptions } from "~/server/video/lesson-captions.server";
import { retryLessonTranscode } from "~/server/video/lesson-streams.server";
import { CAPTIONS_MESSAGES } from "~/lib/webvtt";
import { dripColumns, builderForm, type BuilderIntent } from "./course-builder-form";
import { data } from "react-router";
import type { Route } from "./+types/course-builder";
import type { Toast } from "~/lib/toast";
import { getCourseDetails } from "~/server/courses/course-details.server";
import { builderVideos, getCurriculum } from "~/server/curriculum/curriculum.server";
import { listBuilderQuizzes } from "~/server/quizzes/quiz-editor.server";
import { logger } from "~/server/platform/logger.server";

const OPERATION: Record<BuilderIntent, BuilderOperation> = {
  "update-details": "details",
  publish: "status",
  unpublish: "status",
  "add-module": "create-module",
  "update-module": "update-module",
  "delete-module": "delete-module",
  "move-module": "move",
  "add-lesson": "create-lesson",
  "update-lesson": "update-lesson",
  "delete-lesson": "delete-lesson",
  "move-lesson": "move",
  "retry-transcode": "retry-transcode",
  "upload-captions": "captions",
  "remove-captions": "captions",
};

const SUCCESS: Record<BuilderIntent, string> = {
  "update-details": BUILDER_MESSAGES.detailsUpdated,
  publish: BUILDER_MESSAGES.published,
  unpublish: BUILDER_MESSAGES.unpublished,
  // §8 has no success text for these; the new row appearing is the answer, the toast confirms it.
  "add-module": "Module added",
  "update-module": BUILDER_MESSAGES.moduleUpdated,
  "delete-module": BUILDER_MESSAGES.moduleDeleted,
  "move-module": BUILDER_EXTRA_MESSAGES.moved,
  "add-lesson": "Lesson added",
  "update-lesson": BUILDER_MESSAGES.lessonUpdated,
  "delete-lesson": BUILDER_MESSAGES.lessonDeleted,
  "move-lesson": BUILDER_EXTRA_MESSAGES.moved,
  "retry-transcode": BUILDER_EXTRA_MESSAGES.transcodeQueued,
  "upload-captions": CAPTIONS_MESSAGES.uploaded,
  "remove-captions": CAPTIONS_MESSAGES.removed,
};

/** A file field's bytes; none (or not a file) is empty, which the operation refuses with its message. */
async function uploadedBytes(value: FormDataEntryValue | null) {
  return typeof value === "object" && value !== null && "arrayBuffer" in value
    ? new Uint8Array(await value.arrayBuffer())
    : new Uint8Array();
}

const isIntent = (value: unknown): value is BuilderIntent => typeof value === "string" && value in OPERATION;

type Form = Exclude<ReturnType<typeof builderForm.parse>, never>;

/** The one domain operation each intent runs; what it returns goes back to the page as `result`. */
async function run(courseId: string, form: Form, formData: FormData) {
  switch (form.intent) {
    case "update-details":
      return updateCourseDetails({
        courseId,
        title: form.title,
        slug: form.slug,
        description: form.description,
        priceCents: form.priceCents,
        certificatesEnabled: form.certificates,
        newLessonMail: form.newLessonMail,
      });
    case "publish":
    case "unpublish":
      return setCourseStatus({ courseId, status: form.intent === "publish" ? "published" : "draft" });
    case "add-module":
      return createModule({ courseId });
    case "update-module":
      return updateModule({ courseId, moduleId: form.moduleId, title: form.title, description: form.description, ...dripColumns(form) });
    case "delete-module":
      return deleteModule({ courseId, moduleId: form.moduleId });
    case "move-module":
      return moveModule({ courseId, moduleId: form.moduleId, position: form.position });
    case "add-lesson":
      return createLesson({ courseId, moduleId: form.moduleId });
    case "update-lesson":
      return updateLesson({
        courseId,
        lessonId: form.lessonId,
        moduleId: form.moduleId,
        quiz: form.type === "quiz" ? form.quiz : undefined,
        input: {
          title: form.title,
          slug: form.slug,
          type: form.type,
          summary: form.summary,
          contentMd: form.contentMd,
          videoProvider: form.videoProvider,
          videoUrl: form.videoUrl || null,
          videoStoragePath: form.videoStoragePath || null,
          // Stored as the one safe iframe it reduces to; the player rebuilds it again anyway.
          embedCode: sanitizeEmbedCode(form.embedCode),
          durationSeconds: form.durationSeconds,
          isPreview: form.isPreview,
        },
      });
    case "delete-lesson":
      return deleteLesson({ courseId, lessonId: form.lessonId });
    case "move-lesson":
      return moveLesson({ courseId, lessonId: form.lessonId, moduleId: form.moduleId, position: form.position });
    case "retry-transcode":
      return retryLessonTranscode({ courseId, lessonId: form.lessonId });
    case "upload-captions":
      return setLessonCaptions({ courseId, lessonId: form.lessonId, bytes: await uploadedBytes(formData.get("captions")) });
    case "remove-captions":
      return removeLessonCaptions({ courseId, lessonId: form.lessonId });
  }
}

/**
 * The builder's action: every tab and dialog posts here with an `intent`. The page stays; the
 * answer carries the toast, and for a refused form the messages per field and what was typed.
 */
export async function courseBuilderAction({
  request,
  context,
  courseId,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  courseId: string;
}) {
  requireAdmin({ request, context });
  const formData = await readForm(request);
  const parsed = parseForm(builderForm, formData);
  const submitted = formData.get("intent");
  const intent = isIntent(submitted) ? submitted : null;
  if (parsed.errors) {
    // A refused form says what failed (the §8 message for that operation) and why, under each field.
    const message = intent ? BUILDER_FAILURE_MESSAGES[OPERATION[intent]] : (firstError(parsed.errors) ?? "Unknown action");
    return invalidForm(parsed, { intent, toast: newToast({ kind: "error", message }) });
  }
  const form = parsed.data;
  let result: unknown;
  try {
    result = await run(courseId, form, formData);
  } catch (error) {
    const { toast, status, errors } = builderFailure(OPERATION[form.intent], error, { courseId, intent: form.intent });
    return dataWithToast({ intent: form.intent, errors: errors ?? {}, values: parsed.values }, toast, status);
  }
  return dataWithToast({ intent: form.intent, result: result ?? null }, { kind: "success", message: SUCCESS[form.intent] });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  let course: Awaited<ReturnType<typeof getCourseDetails>>;
  try {
    course = await getCourseDetails({ courseId: params.id });
  } catch (error) {
    // §8: 'Failed to load course', then the screen shows 'Course not found.'.
    logger.error({ err: error, courseId: params.id }, "builder course load failed");
    return {
      course: null,
      curriculum: null,
      quizzes: {},
      toast: newToast({ kind: "error", message: BUILDER_MESSAGES.loadCourseFailed }) as Toast | null,
    };
  }
  if (!course) throw data({ message: BUILDER_MESSAGES.courseNotFound }, { status: 404 });
  try {
    const [curriculum, quizzes] = await Promise.all([getCurriculum({ courseId: course.id }), listBuilderQuizzes({ courseId: course.id })]);
    return { course, curriculum, quizzes, videos: await builderVideos(curriculum), toast: null as Toast | null };
  } catch (error) {
    logger.error({ err: error, courseId: course.id }, "builder curriculum load failed");
    return {
      course,
      curriculum: null,
      quizzes: {},
      toast: newToast({ kind: "error", message: BUILDER_MESSAGES.loadCurriculumFailed }) as Toast | null,
    };
  }
}

export function action({ request, context, params }: Route.ActionArgs) {
  return courseBuilderAction({ request, context, courseId: params.id });
}
