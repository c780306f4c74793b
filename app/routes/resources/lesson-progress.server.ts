import { data, type RouterContextProvider } from "react-router";
import { parseForm } from "~/lib/forms/parse-form";
import { getSessionUser } from "~/server/auth/guards.server";
import { learningFailure } from "~/server/learning/learning-failures.server";
import { saveLessonPosition } from "~/server/learning/progress.server";
import { lessonPositionForm } from "./lesson-progress-form";
import { readForm } from "~/server/action.server";

/**
 * Saves the video position. The same-origin check in server.ts has run (it is a POST); the access
 * rule runs inside saveLessonPosition. Answers are bare statuses: a beacon reads none of them and
 * the player never shows one, so a sign-in redirect would be pointless (401 instead).
 */
export async function lessonProgressAction({
  request,
  context,
  lessonId,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  lessonId: string;
}) {
  const user = getSessionUser({ context });
  if (!user) return data({ error: "Sign in to save your progress." }, { status: 401 });
  const parsed = parseForm(lessonPositionForm, await readForm(request));
  if (parsed.errors) return data({ errors: parsed.errors }, { status: 400 });
  try {
    const saved = await saveLessonPosition({ user, lessonId, positionSeconds: parsed.data.position });
    return data(saved);
  } catch (error) {
    const { toast, status } = learningFailure(error, { userId: user.id, lessonId });
    return data({ error: toast.message }, { status });
  }
}
