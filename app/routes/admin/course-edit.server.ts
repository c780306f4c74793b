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
import { parseForm } from "~/lib/forms/parse-form";
import { formatMoney } from "~/lib/money";
import { courseUpsellForm, parseUpsellProduct, UPSELL_MESSAGES, upsellProductValue } from "~/lib/course-upsells";
import { getCourseUpsellForEdit, removeCourseUpsell, saveCourseUpsell, UpsellRefusedError } from "~/server/offers/course-upsells.server";
import { getRequestSiteSettings } from "~/server/settings/site-settings.server";
import { isBumpIntent, loadBumpEditor, runBumpAction } from "./bump-editor.server";
import { runCourseEditorAction } from "./course-editor.server";
import { PLAN_MESSAGES } from "~/lib/payment-plans";
import { coursePlanForm } from "~/lib/payment-plan-form";
import { getCoursePlan, PlanRefusedError, removeCoursePlan, saveCoursePlan } from "~/server/payments/payment-plans.server";
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
  const plan = await getCoursePlan({ courseId: course.id });
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
    plan: {
      values: plan
        ? { planPayments: String(plan.payments), planInstalment: priceInputValue(plan.instalmentCents, currency) }
        : { planPayments: "", planInstalment: "" },
      saved: plan !== null,
      total: plan ? formatMoney(plan.payments * plan.instalmentCents, currency) : null,
      currency,
    },
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
  if (intent === "save-plan" || intent === "remove-plan") return coursePlanAction({ request, context, courseId: params.id });
  // So does the one-click upsell's (docs/decisions/070).
  if (intent === "save-upsell" || intent === "remove-upsell") return courseUpsellAction({ request, context, courseId: params.id });
  return runCourseEditorAction({ request, context, courseId: params.id });
}

/** Save or remove the course's one-click upsell; a refusal answers its field's message and keeps what was typed. */
async function courseUpsellAction({
  request,
  context,
  courseId,
}: {
  request: Request;
  context: Route.ActionArgs["context"];
  courseId: string;
}) {
  requireAdmin({ request, context });
  const { currency } = await getRequestSiteSettings({ context });
  const parsed = parseForm(courseUpsellForm(currency), await readForm(request));
  if (parsed.errors) return data({ upsellErrors: parsed.errors, upsellValues: parsed.values }, { status: 400 });
  const back = `/admin/courses/${courseId}/edit`;
  if (parsed.data.intent === "remove-upsell") {
    await removeCourseUpsell({ courseId });
    return redirectWithToast(back, { kind: "success", message: UPSELL_MESSAGES.removed });
  }
  try {
    await saveCourseUpsell({
      courseId,
      product: parseUpsellProduct(parsed.data.upsellProduct)!,
      priceCents: parsed.data.upsellPrice,
      pitch: parsed.data.upsellPitch,
    });
  } catch (error) {
    if (error instanceof UpsellRefusedError)
      return data({ upsellErrors: { [error.field]: [error.reason] }, upsellValues: parsed.values }, { status: 400 });
    throw error;
  }
  return redirectWithToast(back, { kind: "success", message: UPSELL_MESSAGES.saved });
}

/** Save or remove the course's payment plan; a refusal answers its field's message and keeps what was typed. */
async function coursePlanAction({
  request,
  context,
  courseId,
}: {
  request: Request;
  context: Route.ActionArgs["context"];
  courseId: string;
}) {
  requireAdmin({ request, context });
  const { currency } = await getRequestSiteSettings({ context });
  const parsed = parseForm(coursePlanForm(currency), await readForm(request));
  if (parsed.errors) return data({ planErrors: parsed.errors, planValues: parsed.values }, { status: 400 });
  const back = `/admin/courses/${courseId}/edit`;
  if (parsed.data.intent === "remove-plan") {
    await removeCoursePlan({ courseId });
    return redirectWithToast(back, { kind: "success", message: PLAN_MESSAGES.removed });
  }
  try {
    await saveCoursePlan({ courseId, payments: parsed.data.planPayments, instalmentCents: parsed.data.planInstalment });
  } catch (error) {
    if (error instanceof PlanRefusedError)
      return data({ planErrors: { [error.field]: [error.reason] }, planValues: parsed.values }, { status: 400 });
    throw error;
  }
  return redirectWithToast(back, { kind: "success", message: PLAN_MESSAGES.saved });
}
