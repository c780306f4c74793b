import { z } from "~/lib/forms/zod";
import { QUIZ_QUESTION_KINDS } from "~/lib/domain-values";
import { QUIZ_LIMITS as L, QUIZ_MESSAGES as M, TRUE_FALSE_OPTIONS } from "~/lib/quiz";

/**
 * The quiz part of the builder's Edit Lesson form (docs/decisions/024). The dialog sends the quiz
 * as one JSON field, `quiz`, only while the lesson's type is Quiz; a refused quiz answers with
 * messages keyed by path (`quiz.passPercent`, `quiz.questions`, `quiz.questions.2.correct`,
 * `quiz.questions.2.options.1`), which the dialog shows under the field they name.
 */

const question = z
  .object({
    /** A saved question keeps its id, so learners' answers and the statistics follow it through edits. */
    id: z.uuid().optional(),
    kind: z.enum(QUIZ_QUESTION_KINDS),
    prompt: z.string().trim().min(1, M.promptRequired).max(L.prompt, `Must be at most ${L.prompt} characters`),
    options: z.array(z.string().trim().max(L.option, `Must be at most ${L.option} characters`)).max(L.options),
    correct: z.array(z.number().int().min(0).max(L.options)).max(L.options),
    explanation: z.string().trim().max(L.explanation, `Must be at most ${L.explanation} characters`).default(""),
  })
  .transform((value) => {
    const options = value.kind === "true_false" ? [...TRUE_FALSE_OPTIONS] : value.options;
    const correct = [...new Set(value.correct)].filter((index) => index < options.length).sort((a, b) => a - b);
    return { ...value, options, correct };
  })
  .superRefine((value, context) => {
    if (value.kind !== "true_false") {
      if (value.options.length < 2) context.addIssue({ code: "custom", path: ["options"], message: M.tooFewOptions });
      value.options.forEach((option, index) => {
        if (!option) context.addIssue({ code: "custom", path: ["options", index], message: M.optionEmpty });
      });
    }
    if (value.correct.length === 0) context.addIssue({ code: "custom", path: ["correct"], message: M.correctRequired });
    else if (value.kind !== "multiple" && value.correct.length > 1)
      context.addIssue({ code: "custom", path: ["correct"], message: M.oneCorrect });
  });

/** A whole number from the text box, or the message. */
const wholeNumber = (message: string, min: number, max: number) =>
  z.string({ error: message }).trim().regex(/^\d+$/, message).transform(Number).pipe(z.number().min(min, message).max(max, message));

export const quizSchema = z.object({
  passPercent: wholeNumber(M.passPercent, 0, 100),
  /** Empty: unlimited. */
  maxAttempts: z.union([z.literal("").transform(() => null), wholeNumber(M.maxAttempts, 1, L.attempts)], { error: M.maxAttempts }),
  shuffle: z.boolean().default(false),
  questions: z.array(question).min(1, M.noQuestions).max(L.questions, `At most ${L.questions} questions`),
});

export type QuizFormInput = z.input<typeof quizSchema>;
export type QuizFormOutput = z.output<typeof quizSchema>;

/** The `quiz` form field: JSON text read into the quiz. */
export const quizField = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: M.invalid });
      return z.NEVER;
    }
  })
  .pipe(quizSchema);
