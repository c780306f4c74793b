import { Form, Link, useNavigation } from "react-router";
import { CheckCircle2, XCircle } from "lucide-react";
import { cn } from "~/lib/utils";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { answerFieldName, attemptsLeftText } from "~/lib/quiz";

type QuizQuestion = { id: string; kind: string; prompt: string; options: string[] };
type AttemptAnswer = { questionId: string; prompt: string; explanation: string; chosen: string[]; correct: boolean };
export type LessonQuizData = {
  passPercent: number;
  maxAttempts: number | null;
  questions: QuizQuestion[];
  attemptsUsed: number;
  passed: boolean;
  lastAttempt: { scorePercent: number; correctCount: number; questionCount: number; passed: boolean; answers: AttemptAnswer[] } | null;
};

/**
 * A quiz on its lesson page (docs/decisions/024): the last attempt's result, then the questions
 * as a plain form posted to the page's action (it works without JavaScript and is graded on the
 * server) while the learner has attempts left and has not passed.
 */
export function LessonQuiz({ quiz, signInHref }: { quiz: LessonQuizData | null; signInHref: string | null }) {
  const navigation = useNavigation();
  if (!quiz || quiz.questions.length === 0) {
    return <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">This quiz has no questions yet.</p>;
  }
  const attemptsLeft = quiz.maxAttempts === null ? Infinity : quiz.maxAttempts - quiz.attemptsUsed;
  const attemptsText = attemptsLeftText(quiz.attemptsUsed, quiz.maxAttempts);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "submit-quiz";

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      {quiz.lastAttempt ? <QuizResult attempt={quiz.lastAttempt} passPercent={quiz.passPercent} /> : null}
      {quiz.passed ? null : attemptsLeft <= 0 ? (
        <p role="status" className="rounded-lg border bg-secondary/40 p-4 text-sm font-medium">
          {`No attempts left. ${attemptsText ?? ""}`}
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-5" aria-labelledby="quiz-heading">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="quiz-heading" className="text-xl font-semibold">
              {quiz.lastAttempt ? "Try again" : "Questions"}
            </h2>
            <p className="text-sm text-muted-foreground">{`Pass mark ${quiz.passPercent}%${attemptsText ? ` · ${attemptsText}` : ""}`}</p>
          </div>
          <ol className="flex flex-col gap-4">
            {quiz.questions.map((question, index) => (
              <li key={question.id}>
                <fieldset className="rounded-lg border p-4">
                  <legend className="px-1 font-medium">{`${index + 1}. ${question.prompt}`}</legend>
                  {question.kind === "multiple" ? <p className="mb-2 text-sm text-muted-foreground">Choose every right answer.</p> : null}
                  <div className="flex flex-col gap-2">
                    {question.options.map((option, at) => (
                      <label key={at} className="flex items-start gap-2 text-sm">
                        <input
                          type={question.kind === "multiple" ? "checkbox" : "radio"}
                          name={answerFieldName(question.id)}
                          value={at}
                          className="mt-0.5 size-4 shrink-0 accent-primary"
                        />
                        <span>{option}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              </li>
            ))}
          </ol>
          {signInHref ? (
            <p className="text-sm">
              <Link to={signInHref} className="font-medium text-primary hover:underline">
                Sign in
              </Link>{" "}
              to take this quiz.
            </p>
          ) : (
            <Button type="submit" name="intent" value="submit-quiz" className="self-start" loading={submitting}>
              Submit answers
            </Button>
          )}
        </Form>
      )}
    </div>
  );
}

function QuizResult({ attempt, passPercent }: { attempt: NonNullable<LessonQuizData["lastAttempt"]>; passPercent: number }) {
  return (
    <section
      aria-labelledby="quiz-result-heading"
      className={cn(
        "flex flex-col gap-4 rounded-lg border p-4 sm:p-6",
        attempt.passed ? "bg-secondary/30" : "border-destructive/40 bg-destructive/5",
      )}
    >
      <div className="flex flex-wrap items-center gap-3">
        {/* Not passed reads as a failure: the error colour and a cross, with the words said too. */}
        {attempt.passed ? (
          <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-success" />
        ) : (
          <XCircle aria-hidden="true" className="size-6 shrink-0 text-destructive" />
        )}
        <h2 id="quiz-result-heading" className="text-xl font-semibold">
          {`Your result: ${attempt.scorePercent}%`}
        </h2>
        {attempt.passed ? <Badge variant="success">Passed</Badge> : <Badge variant="destructive">Not passed</Badge>}
      </div>
      <p className="text-sm text-muted-foreground">
        {`${attempt.correctCount} of ${attempt.questionCount} right; the pass mark is ${passPercent}%.`}
      </p>
      <ol className="flex flex-col gap-3">
        {attempt.answers.map((answer, index) => (
          <li key={answer.questionId} className="flex flex-col gap-1 text-sm">
            <p className="flex items-start gap-2 font-medium">
              {answer.correct ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              ) : (
                <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
              )}
              <span>
                {`${index + 1}. ${answer.prompt} `}
                <span className="font-semibold">{answer.correct ? "Right" : "Wrong"}</span>
              </span>
            </p>
            <p className="pl-6 text-muted-foreground">{`Your answer: ${answer.chosen.length ? answer.chosen.join(", ") : "none"}`}</p>
            {answer.explanation ? <p className="pl-6">{answer.explanation}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
