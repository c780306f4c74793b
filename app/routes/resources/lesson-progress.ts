import type { Route } from "./+types/lesson-progress";
import { lessonProgressAction } from "./lesson-progress.server";

/**
 * POST /api/lessons/:lessonId/progress: the player saves where the learner is in the video, a few
 * seconds apart and once more as the page is left (navigator.sendBeacon). No page, no toast.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return lessonProgressAction({ request, context, lessonId: params.lessonId });
}
