import { useRef, useState } from "react";
import { Link } from "react-router";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { LESSON_LIMITS } from "~/lib/forms/limits";
import { lessonInputName, removedLessonInputName, type CourseFormChange, type LessonRowValues } from "../course-form";

type LessonsCardProps = {
  lessons: LessonRowValues[];
  /** Ids of saved lessons removed from the card; only these are deleted when the form is saved. */
  removed: string[];
  onChange: CourseFormChange;
  errorFor: (key: string) => string[] | undefined;
  listError?: string[];
  moduleLessonCount: number;
  courseId?: string;
};

/** The course's flat lessons (those outside modules), in order; numbers follow the order, from 1. */
export function LessonsCard({ lessons, removed, onChange, errorFor, listError, moduleLessonCount, courseId }: LessonsCardProps) {
  const addButton = useRef<HTMLButtonElement>(null);
  const nextKey = useRef(0);
  const [focusKey, setFocusKey] = useState<string | null>(null);

  const add = () => {
    const key = `new-${++nextKey.current}`;
    onChange((current) => ({ lessons: [...current.lessons, { key, id: "", title: "", contentMd: "" }] }));
    setFocusKey(key);
  };
  // A saved lesson is deleted only because it is named here as removed (docs/decisions/011).
  const remove = (row: LessonRowValues) => {
    onChange((current) => ({
      lessons: current.lessons.filter((lesson) => lesson.key !== row.key),
      removedLessons: row.id ? [...current.removedLessons, row.id] : current.removedLessons,
    }));
    addButton.current?.focus();
  };
  const update = (key: string, field: "title" | "contentMd", value: string) =>
    onChange((current) => ({ lessons: current.lessons.map((lesson) => (lesson.key === key ? { ...lesson, [field]: value } : lesson)) }));

  return (
    <section aria-labelledby="course-lessons-heading" className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="course-lessons-heading" className="text-lg font-semibold">
            Lessons
          </h2>
          <p className="text-sm text-muted-foreground">
            Listed first on the course page, in this order. A removed lesson is deleted, with learners’ progress in it, when you save.
          </p>
        </div>
        <Button ref={addButton} type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" /> Add Lesson
        </Button>
      </div>
      {moduleLessonCount > 0 ? (
        <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">
          This course also has {moduleLessonCount} {moduleLessonCount === 1 ? "lesson" : "lessons"} inside modules.{" "}
          {courseId ? (
            <Link to={`/admin/courses/builder/${courseId}`} className="font-medium text-primary underline-offset-4 hover:underline">
              Edit them in the Course Builder
            </Link>
          ) : null}
        </p>
      ) : null}
      {removed.map((id, index) => (
        <input key={id} type="hidden" name={removedLessonInputName(index)} value={id} />
      ))}
      {listError?.length ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {listError[0]}
        </p>
      ) : null}
      {lessons.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {moduleLessonCount > 0
            ? "No lessons outside modules."
            : "No lessons yet. Add the first one, or build modules in the Course Builder after saving."}
        </p>
      ) : (
        <ol className="grid gap-4" aria-label="Lessons">
          {lessons.map((lesson, index) => (
            <LessonRow
              key={lesson.key}
              lesson={lesson}
              index={index}
              error={errorFor(lesson.key)}
              autoFocus={lesson.key === focusKey}
              onRemove={() => remove(lesson)}
              onUpdate={(field, value) => update(lesson.key, field, value)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function LessonRow({
  lesson,
  index,
  error,
  autoFocus,
  onRemove,
  onUpdate,
}: {
  lesson: LessonRowValues;
  index: number;
  error?: string[];
  /** Only the row just added takes the focus, when it appears. */
  autoFocus: boolean;
  onRemove: () => void;
  onUpdate: (field: "title" | "contentMd", value: string) => void;
}) {
  const number = index + 1;
  return (
    <li className="grid gap-3 rounded-lg border border-border p-3 sm:p-4" data-lesson-id={lesson.id || undefined}>
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm font-semibold text-muted-foreground">Lesson {number}</span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={`Remove lesson ${number}${lesson.title.trim() ? `: ${lesson.title.trim()}` : ""}`}
        >
          <Trash2 aria-hidden="true" /> Remove
        </Button>
      </div>
      <input type="hidden" name={lessonInputName(index, "id")} value={lesson.id} />
      <FormField label={`Lesson ${number} title`} name={lessonInputName(index, "title")} error={error}>
        <Input
          value={lesson.title}
          onChange={(event) => onUpdate("title", event.target.value)}
          maxLength={LESSON_LIMITS.title}
          autoComplete="off"
          autoFocus={autoFocus}
        />
      </FormField>
      <FormField label={`Lesson ${number} content (Markdown, optional)`} name={lessonInputName(index, "contentMd")}>
        <Textarea
          value={lesson.contentMd}
          onChange={(event) => onUpdate("contentMd", event.target.value)}
          rows={3}
          maxLength={LESSON_LIMITS.contentMd}
          className="min-h-20 font-mono text-sm"
        />
      </FormField>
    </li>
  );
}
