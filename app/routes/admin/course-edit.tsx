import type { Route } from "./+types/course-edit";
import { adminMeta } from "~/lib/seo";
import { AdminError } from "~/components/admin/admin-error";
import { useToastOnce } from "~/components/use-toast-once";
import { COURSE_MESSAGES } from "~/lib/course-messages";

import { CourseEditor } from "./course-editor";
export { loader, action } from "./course-edit.server";

export const meta: Route.MetaFunction = (args) =>
  adminMeta(args, args.loaderData ? `Edit: ${args.loaderData.course.title}` : COURSE_MESSAGES.notFound);

export default function EditCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { course } = loaderData;
  useToastOnce(actionData?.toast);
  return (
    <CourseEditor
      // A different course is a fresh form, not the previous one's state.
      key={course.id}
      mode="edit"
      topics={loaderData.topics}
      courseId={course.id}
      status={course.status}
      initial={actionData?.values ?? course.values}
      errors={actionData?.errors}
      error={actionData?.toast.message}
      errorDetail={actionData?.toast.description}
      moduleLessonCount={course.moduleLessonCount}
      revision={course.revision}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError error={error} notFound={{ title: COURSE_MESSAGES.notFound, backTo: "/admin/courses", backLabel: "Back to Courses" }} />
  );
}
