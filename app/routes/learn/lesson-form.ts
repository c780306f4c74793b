import { z } from "~/lib/forms/zod";
import { QUIZ_LIMITS } from "~/lib/quiz";
import { isUuid } from "~/lib/uuid";

/**
 * The lesson page's own forms: mark the lesson complete, or not complete again; submit a quiz's
 * answers (docs/decisions/024), whose fields `answer.{questionId}` are read by readQuizAnswers.
 */
export const lessonCompletionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("complete") }),
  z.object({ intent: z.literal("incomplete") }),
  z.object({ intent: z.literal("submit-quiz") }),
]);

/**
 * A quiz submission's answers, by question id: every `answer.{id}` field, each value an option's
 * index (a checkbox group sends several). Anything else is left out; an unanswered question is wrong.
 */
export function readQuizAnswers(form: FormData): Map<string, number[]> {
  const answers = new Map<string, number[]>();
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || !name.startsWith("answer.")) continue;
    const questionId = name.slice("answer.".length);
    if (!isUuid(questionId) || !/^\d{1,2}$/.test(value) || Number(value) >= QUIZ_LIMITS.options) continue;
    answers.set(questionId, [...(answers.get(questionId) ?? []), Number(value)]);
  }
  return answers;
}
