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
import { formatMoney } from "~/lib/money";
import { courseUpsellForm, parseUpsellProduct, UPSELL_MESSAGES, upsellProductValue } from "~/lib/course-upsells";
import { getCourseUpsellForEdit, removeCourseUpsell, saveCourseUpsell } from "~/server/offers/course-upsells.server";
import { getRequestSiteSettings } from "~/server/settings/site-settings.server";
import { isBumpIntent, loadBumpEditor, runBumpAction } from "./bump-editor.server";
import { runCourseEditorAction } from "./course-editor.server";
import { runOfferFormAction } from "./offer-form-action.server";
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
  const upsell = await getCourseUpsellForEdit({ courseId: course.id });
  const choice = (kind: "course" | "bundle") => (row: { id: string; title: string; priceCents: number }) => ({
    value: upsellProductValue({ kind, id: row.id }),
    title: row.title,
    price: formatMoney(row.priceCents, currency),
  });
  return {
    topics: await listTopics(),
    upsell: {
      values: upsell.upsell
        ? {
            upsellProduct: upsellProductValue(upsell.upsell.product),
            upsellPrice: priceInputValue(upsell.upsell.priceCents, currency),
            upsellPitch: upsell.upsell.pitch,
          }
        : { upsellProduct: "", upsellPrice: "", upsellPitch: "" },
      saved: upsell.upsell !== null,
      courseChoices: upsell.courseChoices.map(choice("course")),
      bundleChoices: upsell.bundleChoices.map(choice("bundle")),
    },
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
  if (intent === "save-upsell" || intent === "remove-upsell") return courseUpsellAction({ request, context, courseId: params.id });
  return runCourseEditorAction({ request, context, courseId: params.id });
}

/** Save or remove the course's one-click upsell (its own card's post). */
async function courseUpsellAction({ request, context, courseId }: { request: Request; context: Route.ActionArgs["context"]; courseId: string }) {
  requireAdmin({ request, context });
  const { currency } = await getRequestSiteSettings({ context });
  return runOfferFormAction({
    card: "upsell",
    request,
    schema: courseUpsellForm(currency),
    messages: UPSELL_MESSAGES,
    remove: () => removeCourseUpsell({ courseId }),
    save: (upsell) =>
      saveCourseUpsell({ courseId, product: parseUpsellProduct(upsell.upsellProduct)!, priceCents: upsell.upsellPrice, pitch: upsell.upsellPitch }),
    back: `/admin/courses/${courseId}/edit`,
  });
}
