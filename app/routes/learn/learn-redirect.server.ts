import { redirect } from "react-router";
import type { Route } from "./+types/learn-redirect";
import { lessonPath } from "~/lib/learning";
import { canSeeCourse } from "~/server/access/draft-visibility.server";
import { getSessionUser } from "~/server/auth/guards.server";
import { findLearningCourse } from "~/server/learning/lesson-page.server";
import { findNextLesson } from "~/server/learning/progress.server";
import { lessonNotFound } from "./lesson.server";

/**
 * The old /learn/{course} and /learn/{course}/{lesson} addresses. A lesson goes to its page; a
 * course to where the learner left off (the next unfinished lesson, or the first). The lesson page
 * then applies the access rule.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.lessonSlug) return redirect(lessonPath(params.courseSlug, params.lessonSlug), 301);
  const user = getSessionUser({ context });
  const course = await findLearningCourse({ slug: params.courseSlug });
  if (!course || !canSeeCourse({ user, course })) throw lessonNotFound();
  const next = await findNextLesson({ userId: user?.id ?? null, courseId: course.id });
  // A course without lessons yet: its page says so.
  return redirect(next ? lessonPath(course.slug, next.slug) : `/courses/${encodeURIComponent(course.slug)}`);
}
