import type { Route } from "./+types/course-new";
import { adminMeta } from "~/lib/seo";
import { AdminError } from "~/components/admin/admin-error";
import { useToastOnce } from "~/components/use-toast-once";

import { CourseEditor } from "./course-editor";
export { loader, action } from "./course-new.server";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "New Course");

export default function NewCourse({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData?.toast);
  return (
    <CourseEditor
      mode="new"
      topics={loaderData.topics}
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
