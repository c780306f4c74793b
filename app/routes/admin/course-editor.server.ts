import type { RouterContextProvider } from "react-router";
import { COURSE_MESSAGES } from "~/lib/course-messages";
import { firstError, parseForm } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { createCourse, deleteCourse, updateCourse } from "~/server/courses/admin-courses.server";
import { courseFailure } from "~/server/courses/course-failures.server";
import { knownTopicNames } from "~/server/courses/topics.server";
import { getRequestSiteSettings } from "~/server/settings/site-settings.server";
import { dataWithToast, newToast, redirectWithToast } from "~/server/toast.server";
import { editCourseForm, newCourseForm, typedCourseValues } from "./course-form";

/**
 * The New/Edit Course action (edit with `courseId`): Save Draft, Publish, or (edit only) Delete.
 * Success goes to the course list with the spec's toast; a refused or failed save stays on the
 * form with what was typed, the messages per field and the error toast.
 */
export async function runCourseEditorAction({
  request,
  context,
  courseId,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  courseId?: string;
}) {
  const admin = requireAdmin({ request, context });
  const { currency } = await getRequestSiteSettings({ context });
  const parsed = parseForm(courseId ? editCourseForm(currency) : newCourseForm(currency), await readForm(request));
  const values = typedCourseValues(parsed.values);
  if (parsed.errors) {
    const message = firstError(parsed.errors) ?? COURSE_MESSAGES.saveFailed;
    return invalidForm({ errors: parsed.errors, values }, { toast: newToast({ kind: "error", message }) });
  }
  const form = parsed.data;

  // The topics are the owner's rows: a name the list no longer has (renamed or deleted in another
  // tab) is refused, not saved as a pill no filter finds.
  if (form.intent !== "delete" && (await knownTopicNames({ names: form.topics })).length !== form.topics.length) {
    const errors = { topics: [COURSE_MESSAGES.topicsChanged] };
    return invalidForm({ errors, values }, { toast: newToast({ kind: "error", message: COURSE_MESSAGES.topicsChanged }) });
  }

  if (form.intent === "delete") {
    try {
      // Only the edit form has this intent, so there is an id; "" would be a missing course.
      await deleteCourse({ courseId: courseId ?? "", actorId: admin.id });
    } catch (error) {
      const { toast, status } = courseFailure("delete", error, { courseId });
      return dataWithToast({ values, errors: {} }, toast, status);
    }
    return redirectWithToast("/admin/courses", { kind: "success", message: COURSE_MESSAGES.deleted });
  }

  const publish = form.intent === "publish";
  const input = {
    title: form.title,
    slug: form.slug,
    subtitle: form.shortDescription,
    longDescriptionMd: form.longDescriptionMd,
    coverUrl: form.coverUrl,
    priceCents: form.price,
    level: form.level,
    topics: form.topics,
    track: form.track,
    outcomes: form.outcomes,
    isFeatured: form.isFeatured,
  };
  const lessons = form.lessons.map((row) => ({ id: row.id, title: row.title, contentMd: row.contentMd }));
  try {
    if (courseId) {
      await updateCourse({
        courseId,
        // Only the edit form is parsed with a course id; without a revision a save is refused as stale.
        expectedRevision: "revision" in form ? form.revision : 0,
        input,
        lessons,
        removedLessonIds: "removedLessons" in form ? form.removedLessons : [],
        publish,
      });
    } else await createCourse({ authorId: admin.id, input, lessons, publish });
  } catch (error) {
    const { toast, status } = courseFailure("save", error, { courseId });
    return dataWithToast({ values, errors: {} }, toast, status);
  }
  return redirectWithToast("/admin/courses", {
    kind: "success",
    message: publish ? COURSE_MESSAGES.published : COURSE_MESSAGES.savedDraft,
  });
}
