import type { Route } from "./+types/course-edit";
import { adminMeta } from "~/lib/seo";
import { AdminError } from "~/components/admin/admin-error";
import { useToastOnce } from "~/components/use-toast-once";
import { COURSE_MESSAGES } from "~/lib/course-messages";

import { CourseEditor } from "./course-editor";
import { BumpCard } from "~/components/admin/bump-card";
import { PlanCard } from "~/components/admin/plan-card";
import { UpsellCard } from "./course-editor/upsell-card";
export { loader, action } from "./course-edit.server";

export const meta: Route.MetaFunction = (args) =>
  adminMeta(args, args.loaderData ? `Edit: ${args.loaderData.course.title}` : COURSE_MESSAGES.notFound);

export default function EditCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { course } = loaderData;
  // The order bump's form answers its own fetcher; a no-JS refusal of it comes here without a toast.
  const editorAnswer = actionData && "toast" in actionData ? actionData : undefined;
  useToastOnce(editorAnswer?.toast);
  return (
    <>
      <CourseEditor
        // A different course is a fresh form, not the previous one's state.
        key={course.id}
        mode="edit"
        topics={loaderData.topics}
        courseId={course.id}
        status={course.status}
        initial={editorAnswer?.values ?? course.values}
        errors={editorAnswer?.errors}
        error={editorAnswer?.toast.message}
        errorDetail={editorAnswer?.toast.description}
        moduleLessonCount={course.moduleLessonCount}
        revision={course.revision}
      />
      <BumpCard
        description={`One other course offered at checkout for “${course.title}”, at a special price, in a box the buyer ticks.`}
        bump={loaderData.bump}
        answer={actionData && "bumpErrors" in actionData ? actionData : undefined}
      />
      <PlanCard
        productTitle={`“${course.title}”`}
        plan={loaderData.plan}
        answer={actionData && "planErrors" in actionData ? actionData : undefined}
      />
      <UpsellCard
        productTitle={course.title}
        upsell={loaderData.upsell}
        answer={actionData && "upsellErrors" in actionData ? actionData : undefined}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError error={error} notFound={{ title: COURSE_MESSAGES.notFound, backTo: "/admin/courses", backLabel: "Back to Courses" }} />
  );
}
