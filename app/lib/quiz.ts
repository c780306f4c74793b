import type { QuizQuestionKind } from "~/lib/domain-values";

/**
 * Quizzes for both sides (docs/decisions/024): limits, the spec-like texts, and the grading rule.
 * No zod here: the lesson page imports it. The builder's schema is ./quiz-form.ts.
 */

export const QUIZ_LIMITS = {
  questions: 100,
  options: 10,
  prompt: 1000,
  option: 500,
  explanation: 2000,
  /** The most attempts a quiz can allow when it is not unlimited. */
  attempts: 1000,
} as const;

/** The fixed options of a true/false question, in this order (indexes 0 and 1). */
export const TRUE_FALSE_OPTIONS = ["True", "False"] as const;

export const QUIZ_MESSAGES = {
  noQuestions: "Add at least one question",
  promptRequired: "Enter the question",
  tooFewOptions: "Give at least two options",
  optionEmpty: "Fill in this option or remove it",
  correctRequired: "Mark the correct answer",
  oneCorrect: "A single-choice question has exactly one correct answer",
  passPercent: "Enter a pass mark from 0 to 100",
  maxAttempts: `Enter a number of attempts from 1 to ${QUIZ_LIMITS.attempts}, or leave it empty for unlimited`,
  invalid: "The quiz could not be read; reload the page and try again",
  passed: "Quiz passed",
  failed: "Quiz not passed",
  noAttemptsLeft: "No attempts left",
  alreadyPassed: "You have already passed this quiz",
  submitFailed: "Failed to submit the quiz",
  completeByPassing: "A quiz is completed by passing it",
} as const;

export type GradableQuestion = { id: string; kind: QuizQuestionKind | string; correctOptions: number[] };

/** A question is right when exactly its correct options were chosen (one for single choice and true/false). */
export function isAnswerCorrect(question: GradableQuestion, chosen: readonly number[]) {
  const picked = [...new Set(chosen)].sort((a, b) => a - b);
  const correct = [...new Set(question.correctOptions)].sort((a, b) => a - b);
  return picked.length === correct.length && picked.every((value, index) => value === correct[index]);
}

/**
 * Grades a submission. Unanswered questions are wrong. The pass mark is compared exactly
 * (correct / total ≥ pass %), the score shown is rounded to a whole percent.
 */
export function gradeQuiz({
  questions,
  answers,
  passPercent,
}: {
  questions: GradableQuestion[];
  answers: ReadonlyMap<string, readonly number[]>;
  passPercent: number;
}) {
  const results = questions.map((question) => {
    const chosen = [...new Set(answers.get(question.id) ?? [])].sort((a, b) => a - b);
    return { questionId: question.id, chosen, correct: chosen.length > 0 && isAnswerCorrect(question, chosen) };
  });
  const correctCount = results.filter((result) => result.correct).length;
  const questionCount = questions.length;
  return {
    results,
    correctCount,
    questionCount,
    scorePercent: questionCount === 0 ? 0 : Math.round((correctCount / questionCount) * 100),
    passed: questionCount > 0 && correctCount * 100 >= passPercent * questionCount,
  };
}

/** "2 of 3 attempts left", or null for unlimited attempts. */
export function attemptsLeftText(used: number, maxAttempts: number | null) {
  if (maxAttempts === null) return null;
  const left = Math.max(maxAttempts - used, 0);
  return `${left} of ${maxAttempts} ${maxAttempts === 1 ? "attempt" : "attempts"} left`;
}

/** The form field a question's answer is sent in (the lesson page's quiz form works without JavaScript). */
export const answerFieldName = (questionId: string) => `answer.${questionId}`;

export const QUIZ_ADMIN_MESSAGES = {
  fetchFailed: "Failed to fetch quizzes",
  empty: "No quizzes yet.",
  emptyHint: "Make a lesson a quiz in a course's builder (Edit Lesson → Type → Quiz).",
  emptySearch: "No quizzes found matching your search.",
  notFound: "Quiz not found.",
  noAttempts: "No attempts yet.",
} as const;

/** A pass rate or a share of right answers as the admin reads it: "75%", or "—" before anyone tried. */
export const quizPassRateText = (rate: number | null) => (rate === null ? "—" : `${rate}%`);
