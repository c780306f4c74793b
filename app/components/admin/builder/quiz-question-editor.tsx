import { ArrowDown, ArrowUp, Plus, Trash2, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { QUIZ_QUESTION_KIND_LABELS, QUIZ_QUESTION_KINDS, type QuizQuestionKind } from "~/lib/domain-values";
import type { FieldErrors } from "~/lib/forms/parse-form";
import { QUIZ_LIMITS, TRUE_FALSE_OPTIONS } from "~/lib/quiz";

/** One question as the dialog edits it; `key` tells rows apart before a new question has an id. */
export type DraftQuestion = {
  key: string;
  id?: string;
  kind: QuizQuestionKind;
  prompt: string;
  options: string[];
  correct: number[];
  explanation: string;
};

/**
 * One question of the quiz editor: its kind, the question, the options with which are correct
 * (radio buttons for one answer, checkboxes for several), the explanation, and Move/Delete.
 * Messages come keyed by path (`quiz.questions.{index}.…`, lib/quiz-form.ts).
 */
export function QuizQuestionEditor({
  question,
  index,
  count,
  errors,
  onChange,
  onMove,
  onDelete,
}: {
  question: DraftQuestion;
  index: number;
  count: number;
  errors: FieldErrors;
  onChange: (question: DraftQuestion) => void;
  onMove: (to: number) => void;
  onDelete: () => void;
}) {
  const number = index + 1;
  const path = `quiz.questions.${index}`;
  const options = question.kind === "true_false" ? [...TRUE_FALSE_OPTIONS] : question.options;
  const many = question.kind === "multiple";
  const setCorrect = (option: number, checked: boolean) =>
    onChange({
      ...question,
      correct: many ? (checked ? [...question.correct, option] : question.correct.filter((value) => value !== option)) : [option],
    });
  const removeOption = (option: number) =>
    onChange({
      ...question,
      options: question.options.filter((_, at) => at !== option),
      correct: question.correct.filter((value) => value !== option).map((value) => (value > option ? value - 1 : value)),
    });
  const correctError = errors[`${path}.correct`];
  const optionsError = errors[`${path}.options`];

  return (
    <fieldset
      className="grid gap-3 rounded-md border border-border p-3"
      aria-describedby={correctError ? `${question.key}-correct-error` : undefined}
    >
      <legend className="px-1 text-sm font-medium">Question {number}</legend>
      <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <FormField className="content-start" label={`Kind of question ${number}`} error={errors[`${path}.kind`]}>
          <NativeSelect
            value={question.kind}
            onChange={(event) => {
              const kind = event.target.value as QuizQuestionKind;
              onChange({ ...question, kind, correct: kind === "multiple" ? question.correct : question.correct.slice(0, 1) });
            }}
          >
            {QUIZ_QUESTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {QUIZ_QUESTION_KIND_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField className="content-start" label={`Text of question ${number}`} error={errors[`${path}.prompt`]}>
          <Textarea
            value={question.prompt}
            rows={2}
            maxLength={QUIZ_LIMITS.prompt}
            onChange={(event) => onChange({ ...question, prompt: event.target.value })}
          />
        </FormField>
      </div>

      <div className="grid gap-2">
        <p className="text-sm font-medium">{many ? "Options (tick every correct one)" : "Options (choose the correct one)"}</p>
        <ul className="grid gap-2">
          {options.map((option, at) => {
            const optionError = errors[`${path}.options.${at}`];
            const label = question.kind === "true_false" ? option : `Option ${at + 1} of question ${number}`;
            return (
              <li key={at} className="grid gap-1">
                <div className="flex items-center gap-2">
                  <input
                    id={`${question.key}-correct-${at}`}
                    type={many ? "checkbox" : "radio"}
                    name={`${question.key}-correct`}
                    checked={question.correct.includes(at)}
                    onChange={(event) => setCorrect(at, event.target.checked)}
                    aria-label={`${label || `Option ${at + 1}`} is correct`}
                    className="size-4 accent-primary"
                  />
                  {question.kind === "true_false" ? (
                    <label htmlFor={`${question.key}-correct-${at}`} className="text-sm">
                      {option}
                    </label>
                  ) : (
                    <>
                      <Input
                        value={option}
                        aria-label={label}
                        aria-invalid={optionError ? true : undefined}
                        maxLength={QUIZ_LIMITS.option}
                        autoComplete="off"
                        onChange={(event) =>
                          onChange({ ...question, options: question.options.map((value, i) => (i === at ? event.target.value : value)) })
                        }
                      />
                      <Button type="button" variant="ghost" size="icon" onClick={() => removeOption(at)} aria-label={`Remove ${label}`}>
                        <X aria-hidden="true" />
                      </Button>
                    </>
                  )}
                </div>
                {optionError ? <p className="text-sm font-medium text-destructive">{optionError[0]}</p> : null}
              </li>
            );
          })}
        </ul>
        {optionsError ? <p className="text-sm font-medium text-destructive">{optionsError[0]}</p> : null}
        {correctError ? (
          <p id={`${question.key}-correct-error`} className="text-sm font-medium text-destructive">
            {correctError[0]}
          </p>
        ) : null}
        {question.kind !== "true_false" && question.options.length < QUIZ_LIMITS.options ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => onChange({ ...question, options: [...question.options, ""] })}
          >
            <Plus aria-hidden="true" /> Add option to question {number}
          </Button>
        ) : null}
      </div>

      <FormField
        label={`Explanation of question ${number} (optional)`}
        error={errors[`${path}.explanation`]}
        hint="Shown after the learner submits."
      >
        <Textarea
          value={question.explanation}
          rows={2}
          maxLength={QUIZ_LIMITS.explanation}
          onChange={(event) => onChange({ ...question, explanation: event.target.value })}
        />
      </FormField>

      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" disabled={index === 0} onClick={() => onMove(index - 1)}>
          <ArrowUp aria-hidden="true" /> Move question {number} up
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          <ArrowDown aria-hidden="true" /> Move question {number} down
        </Button>
        <Button type="button" variant="outline" size="sm" className="text-destructive" onClick={onDelete}>
          <Trash2 aria-hidden="true" /> Delete question {number}
        </Button>
      </div>
    </fieldset>
  );
}
