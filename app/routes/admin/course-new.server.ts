import type { Route } from "./+types/course-new";
import { requireAdmin } from "~/server/auth/guards.server";
import { listTopics } from "~/server/courses/topics.server";
import { runCourseEditorAction } from "./course-editor.server";
import { EMPTY_COURSE } from "./course-form";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  return { initial: EMPTY_COURSE, topics: await listTopics() };
}

export function action({ request, context }: Route.ActionArgs) {
  return runCourseEditorAction({ request, context });
}
