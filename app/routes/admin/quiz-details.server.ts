import { data } from "react-router";
import type { Route } from "./+types/quiz-details";
import { QUIZ_QUESTION_KIND_LABELS, isOneOf, QUIZ_QUESTION_KINDS } from "~/lib/domain-values";
import { QUIZ_ADMIN_MESSAGES } from "~/lib/quiz";
import { requireAdmin } from "~/server/auth/guards.server";
import { getQuizStats } from "~/server/quizzes/quiz-stats.server";

/** One quiz: its attempts, pass rate, and how often each question was answered right (docs/decisions/024). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin({ request, context });
  const quiz = await getQuizStats({ lessonId: params.lessonId });
  if (!quiz) throw data({ message: QUIZ_ADMIN_MESSAGES.notFound }, { status: 404 });
  return {
    quiz: {
      ...quiz,
      questions: quiz.questions.map((question) => ({
        ...question,
        kind: isOneOf(QUIZ_QUESTION_KINDS, question.kind) ? QUIZ_QUESTION_KIND_LABELS[question.kind] : question.kind,
      })),
    },
  };
}
