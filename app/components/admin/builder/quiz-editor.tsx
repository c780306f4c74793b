import { useState } from "react";
import { Plus } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/lib/forms/parse-form";
import { QUIZ_LIMITS } from "~/lib/quiz";
import type { QuizFormInput } from "~/lib/quiz-form";
import type { BuilderQuiz } from "~/server/quizzes/quiz-editor.server";
import { QuizQuestionEditor, type DraftQuestion } from "./quiz-question-editor";

const newKey = () => crypto.randomUUID();

const blankQuestion = (): DraftQuestion => ({ key: newKey(), kind: "single", prompt: "", options: ["", ""], correct: [], explanation: "" });

/**
 * The Quiz part of Edit Lesson (docs/decisions/024): the pass mark, the attempts allowed (empty is
 * unlimited), shuffling, and the questions, added, edited, moved and deleted here and sent as one
 * JSON field, `quiz`, with the rest of the lesson. The server checks it again (lib/quiz-form.ts)
 * and its messages come back keyed by path; everything typed stays in the dialog.
 */
export function QuizEditor({ quiz, errors }: { quiz: BuilderQuiz | null; errors: FieldErrors }) {
  const [passPercent, setPassPercent] = useState(String(quiz?.passPercent ?? 70));
  const [maxAttempts, setMaxAttempts] = useState(quiz?.maxAttempts === null || !quiz ? "" : String(quiz.maxAttempts));
  const [shuffle, setShuffle] = useState(quiz?.shuffleQuestions ?? false);
  const [questions, setQuestions] = useState<DraftQuestion[]>(() =>
    quiz ? quiz.questions.map((question) => ({ ...question, key: question.id })) : [blankQuestion()],
  );

  const value: QuizFormInput = {
    passPercent,
    maxAttempts,
    shuffle,
    questions: questions.map(({ key: _key, ...question }) => question),
  };
  const move = (from: number, to: number) =>
    setQuestions((current) => {
      const next = [...current];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved);
      return next;
    });

  return (
    <fieldset className="grid gap-4 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">Quiz</legend>
      <input type="hidden" name="quiz" value={JSON.stringify(value)} />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField className="content-start" label="Pass mark (%)" error={errors["quiz.passPercent"]}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={passPercent}
            onChange={(event) => setPassPercent(event.target.value)}
          />
        </FormField>
        <FormField className="content-start" label="Attempts allowed" hint="Empty for unlimited." error={errors["quiz.maxAttempts"]}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={QUIZ_LIMITS.attempts}
            step={1}
            value={maxAttempts}
            placeholder="Unlimited"
            onChange={(event) => setMaxAttempts(event.target.value)}
          />
        </FormField>
        <div className="flex items-center gap-2 self-center">
          <input
            id="quiz-shuffle"
            type="checkbox"
            checked={shuffle}
            onChange={(event) => setShuffle(event.target.checked)}
            className="size-4 accent-primary"
          />
          <label htmlFor="quiz-shuffle" className="text-sm font-medium">
            Shuffle questions
          </label>
        </div>
      </div>

      {errors["quiz.questions"] ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors["quiz.questions"][0]}
        </p>
      ) : null}
      {errors.quiz ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.quiz[0]}
        </p>
      ) : null}
      <ol className="grid gap-3">
        {questions.map((question, index) => (
          <li key={question.key}>
            <QuizQuestionEditor
              question={question}
              index={index}
              count={questions.length}
              errors={errors}
              onChange={(changed) => setQuestions((current) => current.map((row) => (row.key === question.key ? changed : row)))}
              onMove={(to) => move(index, to)}
              onDelete={() => setQuestions((current) => current.filter((row) => row.key !== question.key))}
            />
          </li>
        ))}
      </ol>
      {questions.length < QUIZ_LIMITS.questions ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setQuestions((current) => [...current, blankQuestion()])}
        >
          <Plus aria-hidden="true" /> Add question
        </Button>
      ) : null}
    </fieldset>
  );
}
