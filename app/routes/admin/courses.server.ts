import { courseListUrl } from "~/lib/admin-list-urls";
import type { RouterContextProvider } from "react-router";
import { COURSE_MESSAGES } from "~/lib/course-messages";
import { parseForm } from "~/lib/forms/parse-form";
import { invalidForm, readForm } from "~/server/action.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { deleteCourse, setCourseStatus } from "~/server/courses/admin-courses.server";
import { courseFailure } from "~/server/courses/course-failures.server";
import { dataWithToast } from "~/server/toast.server";
import { courseListForm } from "./course-form";
import { formatDateTime } from "~/lib/dates";
import type { Route } from "./+types/courses";
import { formatMoney } from "~/lib/money";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import { readAdminList } from "~/server/admin-list.server";
import { listAdminCourses } from "~/server/courses/admin-courses.server";

const SUCCESS = { publish: COURSE_MESSAGES.published, unpublish: COURSE_MESSAGES.unpublished, delete: COURSE_MESSAGES.deleted } as const;

/** The course list's row buttons: publish, unpublish, delete. The list stays; the toast says what happened. */
export async function courseListAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const admin = requireAdmin({ request, context });
  const parsed = parseForm(courseListForm, await readForm(request));
  if (parsed.errors) return invalidForm(parsed);
  const { intent, id } = parsed.data;
  try {
    if (intent === "delete") await deleteCourse({ courseId: id, actorId: admin.id });
    else await setCourseStatus({ courseId: id, status: intent === "publish" ? "published" : "draft" });
  } catch (error) {
    const { toast, status } = courseFailure(intent === "delete" ? "delete" : "status", error, { courseId: id });
    return dataWithToast({}, toast, status);
  }
  return dataWithToast({}, { kind: "success", message: SUCCESS[intent] });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return readAdminList({
    request,
    list: courseListUrl,
    failure: COURSE_MESSAGES.fetchListFailed,
    what: "admin course list",
    read: async ({ q, page }) => {
      const [result, { currency }] = await Promise.all([listAdminCourses({ query: q, page }), getSiteSettings()]);
      const rows = result.courses.map((course) => ({
        id: course.id,
        title: course.title,
        slug: course.slug,
        status: course.status,
        price: formatMoney(course.priceCents, currency),
        level: course.level,
        isFeatured: course.isFeatured,
        lessonCount: course.lessonCount,
        updated: formatDateTime(course.updatedAt),
      }));
      return { ...result, rows };
    },
  });
}

/** Publish, unpublish and delete: the row buttons post an `intent`, answered with the toast to show. */
export function action({ request, context }: Route.ActionArgs) {
  return courseListAction({ request, context });
}
