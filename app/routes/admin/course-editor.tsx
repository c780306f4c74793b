import { useId, useMemo, useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { ArrowLeft, ListTree, Trash2 } from "lucide-react";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { PreviewToggle } from "~/components/admin/preview-toggle";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { UnsavedChangesDialog, useUnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { useEditorSave } from "~/components/admin/use-editor-save";
import { useSlugFollowsTitle } from "~/components/admin/use-slug-follows-title";
import { Button } from "~/components/ui/button";
import { COURSE_MESSAGES } from "~/lib/course-messages";
import type { FieldErrors } from "~/lib/forms/parse-form";
import { lessonInputName, type CourseFormChange, type CourseFormValues } from "./course-form";
import { CatalogSection, type TopicOption } from "./course-editor/catalog-section";
import { CoursePreview } from "./course-editor/course-preview";
import { DetailsSection } from "./course-editor/details-section";
import { LessonsCard } from "./course-editor/lessons-card";

type CourseEditorProps = {
  mode: "new" | "edit";
  courseId?: string;
  status?: "draft" | "published";
  initial: CourseFormValues;
  /** Messages per field of the last refused save ("lessons.2.title": […]). */
  errors?: FieldErrors;
  /** The message of the last failed save, and what to do about it. */
  error?: string | null;
  errorDetail?: string;
  /** Lessons inside modules: not on this form, edited in the Course Builder. */
  moduleLessonCount?: number;
  /** The course's revision this form was opened on (edit only), checked when it is saved. */
  revision?: number;
  /** The owner's topics (Admin → Topics), in their order. */
  topics: TopicOption[];
};

const sameValues = (a: CourseFormValues, b: CourseFormValues) => JSON.stringify(a) === JSON.stringify(b);

/** New Course and Edit Course: the course's fields and its flat lessons, saved as a draft or published in one go. */
export function CourseEditor({
  mode,
  courseId,
  status,
  initial,
  errors = {},
  error,
  errorDetail,
  moduleLessonCount = 0,
  revision,
  topics,
}: CourseEditorProps) {
  const [values, setValues] = useState(initial);
  // What the server has; a failed save keeps what was typed, and success leaves the page.
  const [saved] = useState(initial);
  const slug = useSlugFollowsTitle({ following: mode === "new" && initial.slug === "" });
  const [showPreview, setShowPreview] = useState(false);
  const previewId = useId();
  const { submitting, hydrated, pendingIntent } = useEditorSave();

  const dirty = useMemo(() => !sameValues(values, saved), [values, saved]);
  const blocker = useUnsavedChangesGuard(dirty, submitting);

  // A lesson's error belongs to the row it was about, even after rows are added or removed:
  // the keys in the order they were sent map "lessons.{i}.title" back to a row.
  const sentKeys = useRef<string[] | null>(null);
  const lessonError = (key: string) => {
    const index = (sentKeys.current ?? values.lessons.map((row) => row.key)).indexOf(key);
    return index < 0 ? undefined : errors[lessonInputName(index, "title")];
  };

  const change: CourseFormChange = (changes) =>
    setValues((current) => ({ ...current, ...(typeof changes === "function" ? changes(current) : changes) }));

  return (
    <div className="grid gap-6" data-hydrated={hydrated || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <Link to="/admin/courses" className="flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to Courses
          </Link>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight">
            {mode === "new" ? "New Course" : "Edit Course"}
            {status ? <PublishStatusBadge status={status} /> : null}
          </h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <PreviewToggle shown={showPreview} onToggle={() => setShowPreview((shown) => !shown)} controls={previewId} />
          {mode === "edit" && courseId ? (
            <>
              <Button asChild variant="outline">
                <Link to={`/admin/courses/builder/${courseId}`}>
                  <ListTree aria-hidden="true" /> Open Course Builder
                </Link>
              </Button>
              <DeleteCourseButton onConfirm={() => (submitting.current = true)} />
            </>
          ) : null}
        </div>
      </div>

      {error ? (
        <div role="alert" className="rounded-md border border-destructive/30 bg-background p-3 text-sm text-destructive">
          <p className="font-medium">{error}</p>
          {errorDetail ? <p className="mt-1">{errorDetail}</p> : null}
        </div>
      ) : null}

      <div className={showPreview ? "grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]" : "grid gap-6"}>
        <Form
          method="post"
          className="grid min-w-0 gap-6"
          noValidate
          onSubmit={() => {
            // Saving leaves the page on success: that navigation must pass the unsaved-changes guard.
            submitting.current = true;
            sentKeys.current = values.lessons.map((row) => row.key);
          }}
        >
          {revision !== undefined ? <input type="hidden" name="revision" value={revision} /> : null}
          <DetailsSection
            values={values}
            errors={errors}
            onChange={change}
            onTitleChange={(title) => change({ title, ...slug.slugFor(title) })}
            onSlugTyped={slug.stopFollowing}
            courseId={courseId}
          />
          <CatalogSection values={values} errors={errors} onChange={change} topics={topics} />
          <LessonsCard
            lessons={values.lessons}
            removed={values.removedLessons}
            onChange={change}
            errorFor={lessonError}
            listError={errors.lessons}
            moduleLessonCount={moduleLessonCount}
            courseId={courseId}
          />

          <div className="flex flex-wrap justify-end gap-3">
            <Button
              type="submit"
              name="intent"
              value="draft"
              variant="outline"
              loading={pendingIntent === "draft"}
              disabled={pendingIntent != null}
            >
              Save Draft
            </Button>
            <Button type="submit" name="intent" value="publish" loading={pendingIntent === "publish"} disabled={pendingIntent != null}>
              Publish
            </Button>
          </div>
        </Form>

        {showPreview ? <CoursePreview id={previewId} values={values} moduleLessonCount={moduleLessonCount} /> : null}
      </div>

      <UnsavedChangesDialog blocker={blocker} what="this course" />
    </div>
  );
}

function DeleteCourseButton({ onConfirm }: { onConfirm: () => void }) {
  const submit = useSubmit();
  return (
    <ConfirmButton
      trigger={
        <Button type="button" variant="destructive">
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      }
      title="Delete this course?"
      description={COURSE_MESSAGES.confirmDeleteFromEditor}
      confirmLabel="Delete course"
      onConfirm={() => {
        onConfirm();
        void submit({ intent: "delete" }, { method: "post" });
      }}
    />
  );
}
