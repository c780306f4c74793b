import { data, type RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { canSeeCourse } from "~/server/access/draft-visibility.server";
import { invalidForm } from "~/server/action.server";
import { requireUser } from "~/server/auth/guards.server";
import { findCourseBySlug } from "~/server/courses/catalog.server";
import { setCourseSaved } from "~/server/courses/saved-courses.server";
import { dataWithToast } from "~/server/toast.server";
import { SAVE_COURSE_MESSAGES, saveCourseForm } from "./save-course-form";

/** A course a visitor may not see does not exist for them. */
export const courseNotFound = () => data({ notFound: true }, { status: 404 });

/** Save or unsave the course for later; the page stays, the toast says which. */
export async function saveCourseAction({
  request,
  context,
  slug,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  slug: string;
}) {
  const user = requireUser({ request, context });
  const parsed = parseForm(saveCourseForm, await request.formData());
  if (parsed.errors) return invalidForm(parsed);
  const course = await findCourseBySlug({ slug });
  if (!course || !canSeeCourse({ user, course })) throw courseNotFound();
  const { saved } = await setCourseSaved({ userId: user.id, courseId: course.id, saved: parsed.data.intent === "save" });
  return dataWithToast({ saved }, { kind: "success", message: saved ? SAVE_COURSE_MESSAGES.saved : SAVE_COURSE_MESSAGES.unsaved });
}
