import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { ArrowLeft, ImageOff, ListTree, Plus, Star, Trash2 } from "lucide-react";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { FileUpload } from "~/components/admin/file-upload";
import { MarkdownPreview } from "~/components/admin/markdown-preview";
import { PreviewToggle } from "~/components/admin/preview-toggle";
import { UnsavedChangesDialog, useUnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { useSlugFollowsTitle } from "~/components/admin/use-slug-follows-title";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { COURSE_MESSAGES } from "~/lib/course-messages";
import { LEVEL_LABELS, LEVELS, TOPIC_LABELS, TOPICS, type Level, type Topic } from "~/lib/domain-values";
import type { FieldErrors } from "~/lib/forms/parse-form";
import { PRICE_STEP } from "~/lib/forms/limits";
import { dollarsToCents, formatUsd } from "~/lib/money";
import { topicPlaceholder } from "~/lib/topics";
import { COURSE_LIMITS, lessonInputName, topicInputName, type CourseFormValues, type LessonRowValues } from "./course-form";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";

const COVER_MAX_BYTES = 5 * 1024 * 1024;

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
};

const sameValues = (a: CourseFormValues, b: CourseFormValues) => JSON.stringify(a) === JSON.stringify(b);

export function CourseEditor({
  mode,
  courseId,
  status,
  initial,
  errors = {},
  error,
  errorDetail,
  moduleLessonCount = 0,
}: CourseEditorProps) {
  const [values, setValues] = useState(initial);
  // What the server has; a failed save keeps what was typed, and success leaves the page.
  const [saved] = useState(initial);
  const slug = useSlugFollowsTitle({ following: mode === "new" && initial.slug === "" });
  const [showPreview, setShowPreview] = useState(false);
  const previewId = useId();
  const submitting = useRef(false);
  // Marks the form as interactive (typed-in values are React state from here on).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);

  const dirty = useMemo(() => !sameValues(values, saved), [values, saved]);
  const blocker = useUnsavedChangesGuard(dirty, submitting);

  // A lesson's error belongs to the row it was about, even after rows are added or removed:
  // the keys in the order they were sent map "lessons.{i}.title" back to a row.
  const sentKeys = useRef<string[] | null>(null);
  const lessonError = (key: string) => {
    const index = (sentKeys.current ?? values.lessons.map((row) => row.key)).indexOf(key);
    return index < 0 ? undefined : errors[lessonInputName(index, "title")];
  };

  const set =
    <K extends "title" | "slug" | "short_description" | "long_description_md" | "price" | "track" | "outcomes">(key: K) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [key]: value, ...(key === "title" ? slug.slugFor(value) : {}) }));
    };

  return (
    <div className="grid gap-6" data-hydrated={hydrated || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <Link to="/admin/courses" className="flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to Courses
          </Link>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight">
            {mode === "new" ? "New Course" : "Edit Course"}
            {status ? (
              <PublishStatusBadge status={status} />
            ) : null}
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
          <section aria-labelledby="course-details-heading" className="grid gap-6 rounded-xl border border-border bg-card p-4 sm:p-6">
            <h2 id="course-details-heading" className="text-lg font-semibold">
              Course Details
            </h2>
            <div className="grid gap-6 md:grid-cols-2">
              <FormField className="content-start" label="Title" name="title" error={errors.title}>
                <Input value={values.title} onChange={set("title")} required maxLength={COURSE_LIMITS.title} autoComplete="off" />
              </FormField>
              <FormField
                className="content-start"
                label="Slug"
                name="slug"
                hint="Made from the title; letters, digits and hyphens. A taken slug gets -1, -2, …"
                error={errors.slug}
              >
                <Input
                  value={values.slug}
                  onChange={(event) => {
                    slug.stopFollowing();
                    set("slug")(event);
                  }}
                  maxLength={COURSE_LIMITS.slug}
                  autoComplete="off"
                  spellCheck={false}
                />
              </FormField>
            </div>
            <FormField
              className="content-start"
              label="Short Description"
              name="short_description"
              hint="One or two sentences for course cards, search results and link previews."
              error={errors.short_description}
            >
              <Textarea
                value={values.short_description}
                onChange={set("short_description")}
                required
                rows={2}
                maxLength={COURSE_LIMITS.shortDescription}
                className="min-h-16"
              />
            </FormField>
            <FormField
              className="content-start"
              label="Long Description (Markdown)"
              name="long_description_md"
              error={errors.long_description_md}
            >
              <Textarea
                value={values.long_description_md}
                onChange={set("long_description_md")}
                rows={10}
                maxLength={COURSE_LIMITS.longDescriptionMd}
                className="min-h-48 font-mono text-sm"
                spellCheck
              />
            </FormField>
            <div className="grid gap-6 sm:grid-cols-2">
              <FormField className="content-start" label="Price in USD" name="price" hint="0 for a free course." error={errors.price}>
                <Input type="number" inputMode="decimal" min={0} step={PRICE_STEP} value={values.price} onChange={set("price")} />
              </FormField>
              <FormField className="content-start" label="Level" name="level">
                <NativeSelect
                  value={values.level}
                  onChange={(event) => setValues((current) => ({ ...current, level: event.target.value as Level }))}
                >
                  {LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {LEVEL_LABELS[level]}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            </div>
            <CoverField
              courseId={courseId}
              coverUrl={values.cover_url}
              onChange={(coverUrl) => setValues((current) => ({ ...current, cover_url: coverUrl }))}
            />
          </section>

          <section aria-labelledby="course-catalog-heading" className="grid gap-6 rounded-xl border border-border bg-card p-4 sm:p-6">
            <div className="grid gap-1">
              <h2 id="course-catalog-heading" className="text-lg font-semibold">
                Catalog and Home Page
              </h2>
              <p className="text-sm text-muted-foreground">
                How visitors find the course: its topics filter the catalog; a featured course is shown on the home page.
              </p>
            </div>
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-medium">Topics</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-3">
                {TOPICS.map((topic) => (
                  <TopicCheckbox
                    key={topic}
                    topic={topic}
                    checked={values.topics.includes(topic)}
                    onCheckedChange={(checked) =>
                      setValues((current) => ({
                        ...current,
                        // Kept in the catalog's order, whatever order they were ticked in.
                        topics: TOPICS.filter((known) => (known === topic ? checked : current.topics.includes(known))),
                      }))
                    }
                  />
                ))}
              </div>
            </fieldset>
            <FormField
              className="content-start"
              label="Track"
              name="track"
              hint="Shown above the title on course cards, e.g. “Shopify Track”."
              error={errors.track}
            >
              <Input value={values.track} onChange={set("track")} maxLength={COURSE_LIMITS.track} autoComplete="off" />
            </FormField>
            <FormField
              className="content-start"
              label="Outcomes"
              name="outcomes"
              hint={`What learners will be able to do: one a line, up to ${COURSE_LIMITS.outcomes}.`}
              error={errors.outcomes}
            >
              <Textarea value={values.outcomes} onChange={set("outcomes")} rows={4} className="min-h-24" />
            </FormField>
            <div className="flex items-start gap-3">
              <Checkbox
                id="course-featured"
                name="is_featured"
                checked={values.is_featured}
                onCheckedChange={(checked) => setValues((current) => ({ ...current, is_featured: checked === true }))}
                aria-describedby="course-featured-hint"
                className="mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor="course-featured">Feature on the home page</Label>
                <p id="course-featured-hint" className="text-sm text-muted-foreground">
                  The home page shows the three newest featured courses that are published.
                </p>
              </div>
            </div>
          </section>

          <LessonsCard
            lessons={values.lessons}
            onChange={(lessons) => setValues((current) => ({ ...current, lessons }))}
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

function TopicCheckbox({
  topic,
  checked,
  onCheckedChange,
}: {
  topic: Topic;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} name={topicInputName(topic)} checked={checked} onCheckedChange={(state) => onCheckedChange(state === true)} />
      <Label htmlFor={id} className="font-normal">
        {TOPIC_LABELS[topic]}
      </Label>
    </div>
  );
}

function CoverField({ courseId, coverUrl, onChange }: { courseId?: string; coverUrl: string; onChange: (coverUrl: string) => void }) {
  return (
    <div className="grid gap-3">
      <span className="text-sm font-medium">Cover Image</span>
      <input type="hidden" name="cover_url" value={coverUrl} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex aspect-video w-full max-w-64 items-center justify-center overflow-hidden rounded-md border border-border bg-muted">
          {coverUrl ? (
            <img src={coverUrl} alt="Cover preview" className="size-full object-cover" />
          ) : (
            <ImageOff aria-label="No cover image" className="size-8 text-muted-foreground" />
          )}
        </div>
        <div className="grid gap-2">
          <FileUpload
            kind="course-cover"
            ownerId={courseId}
            label={coverUrl ? "Replace cover image" : "Upload cover image"}
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            maxBytes={COVER_MAX_BYTES}
            hint="JPEG, PNG, WebP, GIF or AVIF, up to 5 MB. 16:9 looks best."
            messages={{
              success: COURSE_MESSAGES.uploaded,
              failure: COURSE_MESSAGES.uploadFailed,
              tooLarge: "File size must be less than 5MB",
            }}
            onUploaded={(result) => onChange(result.url)}
          />
          {coverUrl ? (
            <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={() => onChange("")}>
              Remove cover
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

type LessonsCardProps = {
  lessons: LessonRowValues[];
  onChange: (lessons: LessonRowValues[]) => void;
  errorFor: (key: string) => string[] | undefined;
  listError?: string[];
  moduleLessonCount: number;
  courseId?: string;
};

/** The course's flat lessons (those outside modules), in order; numbers follow the order, from 1. */
function LessonsCard({ lessons, onChange, errorFor, listError, moduleLessonCount, courseId }: LessonsCardProps) {
  const addButton = useRef<HTMLButtonElement>(null);
  const nextKey = useRef(0);
  const [focusKey, setFocusKey] = useState<string | null>(null);

  const add = () => {
    const key = `new-${++nextKey.current}`;
    onChange([...lessons, { key, id: "", title: "", content_md: "" }]);
    setFocusKey(key);
  };
  const remove = (key: string) => {
    onChange(lessons.filter((lesson) => lesson.key !== key));
    addButton.current?.focus();
  };
  const update = (key: string, field: "title" | "content_md", value: string) =>
    onChange(lessons.map((lesson) => (lesson.key === key ? { ...lesson, [field]: value } : lesson)));

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
          {lessons.map((lesson, index) => {
            const number = index + 1;
            return (
              <li
                key={lesson.key}
                className="grid gap-3 rounded-lg border border-border p-3 sm:p-4"
                data-lesson-id={lesson.id || undefined}
              >
                <div className="flex items-center justify-between gap-3">
                  <span className="text-sm font-semibold text-muted-foreground">Lesson {number}</span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => remove(lesson.key)}
                    aria-label={`Remove lesson ${number}${lesson.title.trim() ? `: ${lesson.title.trim()}` : ""}`}
                  >
                    <Trash2 aria-hidden="true" /> Remove
                  </Button>
                </div>
                <input type="hidden" name={lessonInputName(index, "id")} value={lesson.id} />
                <FormField label={`Lesson ${number} title`} name={lessonInputName(index, "title")} error={errorFor(lesson.key)}>
                  <Input
                    value={lesson.title}
                    onChange={(event) => update(lesson.key, "title", event.target.value)}
                    maxLength={COURSE_LIMITS.lessonTitle}
                    autoComplete="off"
                    // Only the row just added takes the focus, when it appears.
                    autoFocus={lesson.key === focusKey}
                  />
                </FormField>
                <FormField label={`Lesson ${number} content (Markdown, optional)`} name={lessonInputName(index, "content_md")}>
                  <Textarea
                    value={lesson.content_md}
                    onChange={(event) => update(lesson.key, "content_md", event.target.value)}
                    rows={3}
                    maxLength={COURSE_LIMITS.lessonContentMd}
                    className="min-h-20 font-mono text-sm"
                  />
                </FormField>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** The course as a visitor will see it: its catalog card, outcomes, lessons and rendered description. */
function CoursePreview({ id, values, moduleLessonCount }: { id: string; values: CourseFormValues; moduleLessonCount: number }) {
  const cents = dollarsToCents(values.price || "0");
  const outcomes = values.outcomes
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const titled = values.lessons.filter((lesson) => lesson.title.trim());
  const lessonCount = values.lessons.length + moduleLessonCount;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:p-6 xl:sticky xl:top-4"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Preview
      </h2>
      <article className="overflow-hidden rounded-xl border border-border bg-background shadow-sm">
        <img src={values.cover_url || topicPlaceholder(values.topics[0])} alt="" className="aspect-video w-full object-cover" />
        <div className="grid gap-2 p-4">
          <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-primary uppercase">
            {values.track || values.topics[0] || "Course"}
            {values.is_featured ? (
              <Badge variant="warning">
                <Star aria-hidden="true" /> Featured
              </Badge>
            ) : null}
          </p>
          <h3 className="text-lg leading-snug font-semibold">{values.title || "Untitled course"}</h3>
          <p className="text-sm text-muted-foreground">{values.short_description || "No short description yet."}</p>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <li>{LEVEL_LABELS[values.level]}</li>
            <li>
              {lessonCount} {lessonCount === 1 ? "lesson" : "lessons"}
            </li>
            {values.topics.map((topic) => (
              <li key={topic}>{TOPIC_LABELS[topic]}</li>
            ))}
          </ul>
          <p className="border-t border-border pt-3 text-lg font-bold">{Number.isFinite(cents) && cents >= 0 ? formatUsd(cents) : "—"}</p>
        </div>
      </article>
      {outcomes.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">What you’ll learn</h3>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {outcomes.map((outcome, index) => (
              <li key={index}>{outcome}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {titled.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">{moduleLessonCount > 0 ? "Lessons before the modules" : "Lessons"}</h3>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            {titled.map((lesson) => (
              <li key={lesson.key}>{lesson.title}</li>
            ))}
          </ol>
        </div>
      ) : null}
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Description</h3>
        <MarkdownPreview markdown={values.long_description_md} />
      </div>
    </section>
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
