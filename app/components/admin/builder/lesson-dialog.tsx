import { useEffect, useState } from "react";
import { MarkdownPreview } from "~/components/admin/markdown-preview";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { BUILDER_EXTRA_MESSAGES, BUILDER_MESSAGES } from "~/lib/builder-messages";
import { LESSON_LIMITS } from "~/lib/forms/limits";
import { builderSlug } from "~/lib/slug";
import { embedCodeSource, lessonVideoPath, vimeoEmbedUrl, youtubeEmbedUrl } from "~/lib/video-embed";
import type { BuilderLesson } from "~/server/curriculum/curriculum.server";
import type { BuilderQuiz } from "~/server/quizzes/quiz-editor.server";
import { QuizEditor } from "./quiz-editor";
import { VideoUpload } from "./video-upload";
import { useBuilderAction } from "./use-builder-action";

const PROVIDER_LABELS = { upload: "Upload", youtube: "YouTube", vimeo: "Vimeo", embed: "Embed code" } as const;

/** The form's fields as text, as the inputs hold them. */
function initialValues(lesson: BuilderLesson) {
  return {
    title: lesson.title,
    slug: lesson.slug,
    type: lesson.type as string,
    summary: lesson.summary,
    contentMd: lesson.contentMd,
    videoProvider: lesson.videoProvider as string,
    videoUrl: lesson.videoUrl ?? "",
    videoStoragePath: lesson.videoStoragePath ?? "",
    embedCode: lesson.embedCode ?? "",
    durationSeconds: String(lesson.durationSeconds),
    isPreview: lesson.isPreview,
    moduleId: lesson.moduleId ?? "",
  };
}

/**
 * Edit Lesson (§2): Title, Slug, Module, Type, Summary; for a video its source (upload, YouTube,
 * Vimeo, embed code), for an article Markdown with a preview, for a quiz its questions and rules; Duration; Free preview; Cancel and
 * Save Lesson ('Lesson updated'). Every field is sent, so switching the source back loses nothing.
 */
export function LessonDialog({
  lesson,
  modules,
  quiz,
  onClose,
}: {
  lesson: BuilderLesson;
  modules: { id: string; title: string }[];
  /** The lesson's saved quiz, if it has one (docs/decisions/024). */
  quiz: BuilderQuiz | null;
  onClose: () => void;
}) {
  const { fetcher, busy, errors, done } = useBuilderAction();
  const [values, setValues] = useState(() => initialValues(lesson));
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  // A new lesson's slug (new-lesson-…) or one made from its title follows the title as it is typed.
  const [slugFollows, setSlugFollows] = useState(/^new-lesson-\d+$/.test(lesson.slug) || lesson.slug === builderSlug(lesson.title));
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);

  const set =
    (name: keyof ReturnType<typeof initialValues>) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
    };

  const isVideo = values.type === "video";
  const provider = values.videoProvider as keyof typeof PROVIDER_LABELS;
  const playsAs =
    provider === "youtube"
      ? youtubeEmbedUrl(values.videoUrl)
      : provider === "vimeo"
        ? vimeoEmbedUrl(values.videoUrl)
        : provider === "embed"
          ? (embedCodeSource(values.embedCode)?.src ?? null)
          : null;
  const savedVideo = lesson.videoStoragePath && values.videoStoragePath === lesson.videoStoragePath;
  // Hidden copies of the fields the current choice does not show, so they are saved unchanged.
  const hidden = (name: keyof ReturnType<typeof initialValues>) => <input type="hidden" name={name} value={String(values[name])} />;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Lesson</DialogTitle>
          <DialogDescription>What learners see for “{lesson.title}”.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" noValidate className="grid gap-4">
          <input type="hidden" name="intent" value="update-lesson" />
          <input type="hidden" name="lessonId" value={lesson.id} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField className="content-start" label="Title" name="title" error={errors.title}>
              <Input
                value={values.title}
                required
                maxLength={LESSON_LIMITS.title}
                autoComplete="off"
                onChange={(event) => {
                  const title = event.target.value;
                  setValues((current) => ({ ...current, title, ...(slugFollows ? { slug: builderSlug(title) } : {}) }));
                }}
              />
            </FormField>
            <FormField className="content-start" label="Slug" name="slug" error={errors.slug}>
              <Input
                value={values.slug}
                required
                maxLength={LESSON_LIMITS.slug}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => {
                  setSlugFollows(false);
                  set("slug")(event);
                }}
              />
            </FormField>
            <FormField className="content-start" label="Module" name="moduleId" error={errors.moduleId}>
              <NativeSelect value={values.moduleId} onChange={set("moduleId")}>
                <option value="">Lessons without a module</option>
                {modules.map((module) => (
                  <option key={module.id} value={module.id}>
                    {module.title}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField className="content-start" label="Type" name="type" error={errors.type}>
              <NativeSelect value={values.type} onChange={set("type")}>
                <option value="video">Video</option>
                <option value="article">Article</option>
                <option value="quiz">Quiz</option>
              </NativeSelect>
            </FormField>
          </div>
          <FormField label="Summary" name="summary" error={errors.summary}>
            <Textarea value={values.summary} onChange={set("summary")} rows={2} maxLength={LESSON_LIMITS.summary} />
          </FormField>

          {isVideo ? (
            <fieldset className="grid gap-4 rounded-md border border-border p-4">
              <legend className="px-1 text-sm font-medium">Video</legend>
              <FormField label="Video Source" name="videoProvider" error={errors.videoProvider}>
                <NativeSelect value={values.videoProvider} onChange={set("videoProvider")}>
                  {Object.entries(PROVIDER_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              {provider === "youtube" || provider === "vimeo" ? (
                <FormField
                  label={provider === "youtube" ? "YouTube URL" : "Vimeo URL"}
                  name="videoUrl"
                  error={errors.videoUrl}
                  hint={
                    values.videoUrl.trim() === ""
                      ? provider === "youtube"
                        ? "e.g. https://www.youtube.com/watch?v=…"
                        : "e.g. https://vimeo.com/123456789"
                      : playsAs
                        ? `Plays from ${playsAs}`
                        : provider === "youtube"
                          ? BUILDER_EXTRA_MESSAGES.youtubeInvalid
                          : BUILDER_EXTRA_MESSAGES.vimeoInvalid
                  }
                >
                  <Input
                    type="url"
                    value={values.videoUrl}
                    onChange={set("videoUrl")}
                    maxLength={LESSON_LIMITS.videoUrl}
                    autoComplete="off"
                    spellCheck={false}
                  />
                </FormField>
              ) : (
                hidden("videoUrl")
              )}
              {provider === "embed" ? (
                <FormField
                  label="Embed code"
                  name="embedCode"
                  error={errors.embedCode}
                  hint={
                    playsAs
                      ? `Plays from ${playsAs}. Only the player iframe is kept.`
                      : "An iframe from YouTube, Vimeo, Wistia, Loom or Bunny Stream; everything else is removed."
                  }
                >
                  <Textarea
                    value={values.embedCode}
                    onChange={set("embedCode")}
                    rows={4}
                    maxLength={LESSON_LIMITS.embedCode}
                    className="font-mono text-xs"
                    spellCheck={false}
                  />
                </FormField>
              ) : (
                hidden("embedCode")
              )}
              {hidden("videoStoragePath")}
              {provider === "upload" ? (
                <div className="grid gap-3">
                  {savedVideo ? (
                    // Played through the access-checked route, as learners will.
                    <video
                      controls
                      preload="metadata"
                      src={lessonVideoPath(lesson.id)}
                      className="aspect-video w-full rounded-md bg-foreground"
                      aria-label={`Video of “${lesson.title}”`}
                    >
                      <track kind="captions" />
                    </video>
                  ) : null}
                  {uploadedName ? (
                    <p role="status" className="text-sm">
                      New video <strong>{uploadedName}</strong> uploaded. Save the lesson to use it.
                    </p>
                  ) : !values.videoStoragePath ? (
                    <p className="text-sm text-muted-foreground">No video uploaded yet.</p>
                  ) : null}
                  {errors.videoStoragePath ? (
                    <p className="text-sm font-medium text-destructive">{errors.videoStoragePath[0]}</p>
                  ) : null}
                  <VideoUpload
                    lessonId={lesson.id}
                    onUploaded={(result) => {
                      setUploadedName(result.name);
                      setValues((current) => ({ ...current, videoStoragePath: result.key }));
                    }}
                  />
                </div>
              ) : null}
            </fieldset>
          ) : (
            <>
              {hidden("videoProvider")}
              {hidden("videoUrl")}
              {hidden("embedCode")}
              {hidden("videoStoragePath")}
            </>
          )}

          {isVideo ? (
            hidden("contentMd")
          ) : (
            <Tabs defaultValue="write">
              <TabsList aria-label="Lesson content">
                <TabsTrigger value="write">Write</TabsTrigger>
                <TabsTrigger value="preview">Preview</TabsTrigger>
              </TabsList>
              <TabsContent value="write" forceMount className="data-[state=inactive]:hidden">
                <FormField label="Content (Markdown)" name="contentMd" error={errors.contentMd}>
                  <Textarea
                    value={values.contentMd}
                    onChange={set("contentMd")}
                    rows={12}
                    maxLength={LESSON_LIMITS.contentMd}
                    className="min-h-56 font-mono text-sm"
                  />
                </FormField>
              </TabsContent>
              <TabsContent value="preview">
                <MarkdownPreview markdown={values.contentMd} />
              </TabsContent>
            </Tabs>
          )}

          {values.type === "quiz" ? <QuizEditor quiz={quiz} errors={errors} /> : null}

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField className="content-start" label="Duration (seconds)" name="durationSeconds" error={errors.durationSeconds}>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                max={LESSON_LIMITS.durationSeconds}
                value={values.durationSeconds}
                onChange={set("durationSeconds")}
              />
            </FormField>
            <div className="flex items-center gap-2 self-end pb-2">
              <input
                id={`preview-${lesson.id}`}
                type="checkbox"
                name="isPreview"
                checked={values.isPreview}
                onChange={(event) => setValues((current) => ({ ...current, isPreview: event.target.checked }))}
                className="size-4 accent-primary"
              />
              <label htmlFor={`preview-${lesson.id}`} className="text-sm font-medium">
                {BUILDER_MESSAGES.freePreview}
              </label>
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save Lesson
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
