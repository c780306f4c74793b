import type { Route } from "./+types/course-new";
import { adminMeta } from "~/lib/seo";
import { AdminError } from "~/components/admin/admin-error";
import { useToastOnce } from "~/components/use-toast-once";
import { requireAdmin } from "~/server/auth/guards.server";
import { CourseEditor } from "./course-editor";
import { runCourseEditorAction } from "./course-editor.server";
import { EMPTY_COURSE } from "./course-form";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "New Course");

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return { initial: EMPTY_COURSE };
}

export function action({ request, context }: Route.ActionArgs) {
  return runCourseEditorAction({ request, context });
}

export default function NewCourse({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData?.toast);
  return (
    <CourseEditor
      mode="new"
      initial={actionData?.values ?? loaderData.initial}
      errors={actionData?.errors}
      error={actionData?.toast.message}
      errorDetail={actionData?.toast.description}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
