import { data } from "react-router";
import type { Route } from "./+types/course-edit";
import { COURSE_MESSAGES } from "~/lib/course-messages";
import { isOneOf, LEVELS } from "~/lib/domain-values";
import { requireAdmin } from "~/server/auth/guards.server";
import { getCourseForEdit } from "~/server/courses/admin-courses.server";
import { listTopics } from "~/server/courses/topics.server";
import { logger } from "~/server/platform/logger.server";
import { redirectWithToast } from "~/server/toast.server";
import { readForm } from "~/server/action.server";
import { getRequestSiteSettings } from "~/server/settings/site-settings.server";
import { isBumpIntent, loadBumpEditor, runBumpAction } from "./bump-editor.server";
import { runCourseEditorAction } from "./course-editor.server";
import { isUpsellIntent, loadUpsellEditor, runUpsellAction } from "./upsell-editor.server";
import { isPlanIntent, loadPlanEditor, runPlanAction } from "./plan-editor.server";
import { priceInputValue, type CourseFormValues } from "./course-form";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const { currency } = await getRequestSiteSettings({ context });
  let course: Awaited<ReturnType<typeof getCourseForEdit>>;
  try {
    course = await getCourseForEdit({ courseId: params.id });
  } catch (error) {
    logger.error({ err: error, courseId: params.id }, "course load failed");
    throw await redirectWithToast("/admin/courses", { kind: "error", message: COURSE_MESSAGES.fetchFailed });
  }
  if (!course) throw data({ message: COURSE_MESSAGES.notFound }, { status: 404 });
  const values: CourseFormValues = {
    title: course.title,
    slug: course.slug,
    shortDescription: course.subtitle,
    longDescriptionMd: course.longDescriptionMd,
    price: priceInputValue(course.priceCents, currency),
    level: isOneOf(LEVELS, course.level) ? course.level : "Beginner",
    topics: course.topics,
    track: course.track,
    outcomes: course.outcomes.join("\n"),
    isFeatured: course.isFeatured,
    coverUrl: course.coverUrl ?? "",
    lessons: course.lessons.map((lesson) => ({ key: lesson.id, id: lesson.id, title: lesson.title, contentMd: lesson.contentMd })),
    removedLessons: [],
  };
  return {
    topics: await listTopics(),
    upsell: await loadUpsellEditor({ owner: { courseId: course.id }, currency }),
    bump: await loadBumpEditor({ owner: { courseId: course.id }, currency }),
    plan: await loadPlanEditor({ owner: { courseId: course.id }, currency }),
    course: {
      id: course.id,
      title: course.title,
      status: course.status === "published" ? ("published" as const) : ("draft" as const),
      moduleLessonCount: course.moduleLessonCount,
      revision: course.revision,
      values,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // The order bump's own form (docs/decisions/067) posts here too, with its own intents.
  const intent = (await readForm(request.clone())).get("intent");
  if (isBumpIntent(intent)) {
    requireAdmin({ request, context });
    const { currency } = await getRequestSiteSettings({ context });
    return runBumpAction({ request, owner: { courseId: params.id }, currency, back: `/admin/courses/${params.id}/edit` });
  }
  // The payment plan's own form (docs/decisions/069).
  if (isPlanIntent(intent)) {
    requireAdmin({ request, context });
    const { currency } = await getRequestSiteSettings({ context });
    return runPlanAction({ request, owner: { courseId: params.id }, currency, back: `/admin/courses/${params.id}/edit` });
  }
  // So does the one-click upsell's (docs/decisions/070).
  if (isUpsellIntent(intent)) {
    requireAdmin({ request, context });
    const { currency } = await getRequestSiteSettings({ context });
    return runUpsellAction({ request, owner: { courseId: params.id }, currency, back: `/admin/courses/${params.id}/edit` });
  }
  return runCourseEditorAction({ request, context, courseId: params.id });
}
