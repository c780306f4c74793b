import { useMemo, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { ArrowLeft, ImageOff } from "lucide-react";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { FileUpload } from "~/components/admin/file-upload";
import { MarkdownPreview } from "~/components/admin/markdown-preview";
import { UnsavedChangesDialog, useUnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { useEditorSave } from "~/components/admin/use-editor-save";
import { useSlugFollowsTitle } from "~/components/admin/use-slug-follows-title";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { POST_MESSAGES } from "~/lib/post-messages";
import { POST_LIMITS, type PostFormValues } from "./post-form";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { imageSrc } from "~/lib/image-url";

type PostEditorProps = {
  mode: "new" | "edit";
  postId?: string;
  status?: "draft" | "published";
  initial: PostFormValues;
  categories: readonly string[];
  /** The message of the last failed save ('Title and content are required', …). */
  error?: string | null;
};

export function PostEditor({ mode, postId, status, initial, categories, error }: PostEditorProps) {
  const [values, setValues] = useState(initial);
  // What the server has; a failed save keeps what was typed, and success leaves the page.
  const [saved] = useState(initial);
  const slug = useSlugFollowsTitle({ following: mode === "new" && initial.slug === "" });
  const { submitting, hydrated, pendingIntent } = useEditorSave();

  const dirty = useMemo(() => (Object.keys(values) as (keyof PostFormValues)[]).some((key) => values[key] !== saved[key]), [values, saved]);
  const blocker = useUnsavedChangesGuard(dirty, submitting);

  const set = (key: keyof PostFormValues) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [key]: value, ...(key === "title" ? slug.slugFor(value) : {}) }));
  };

  const excerptLength = values.excerpt.length;
  const excerptHint = `140-200 characters recommended (${excerptLength} ${excerptLength === 1 ? "character" : "characters"})`;

  return (
    <div className="grid gap-6" data-hydrated={hydrated || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <Link to="/admin/blog" className="flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to posts
          </Link>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight">
            {mode === "new" ? "New post" : "Edit post"}
            {status ? <PublishStatusBadge status={status} /> : null}
          </h1>
        </div>
        {mode === "edit" && postId ? <DeletePostButton postId={postId} onConfirm={() => (submitting.current = true)} /> : null}
      </div>

      {error ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-background p-3 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}

      <Form
        method="post"
        className="grid gap-6"
        noValidate
        onSubmit={() => {
          // Saving leaves the page on success: that navigation must pass the unsaved-changes guard.
          submitting.current = true;
        }}
      >
        <div className="grid gap-6 rounded-xl border border-border bg-card p-4 sm:p-6">
          <div className="grid gap-6 md:grid-cols-2">
            <FormField className="content-start" label="Title" name="title">
              <Input value={values.title} onChange={set("title")} required maxLength={POST_LIMITS.title} autoComplete="off" />
            </FormField>
            <FormField
              className="content-start"
              label="Slug"
              name="slug"
              hint="Made from the title; letters, digits and hyphens. A taken slug gets -1, -2, …"
            >
              <Input
                value={values.slug}
                onChange={(event) => {
                  slug.stopFollowing();
                  set("slug")(event);
                }}
                maxLength={POST_LIMITS.slug}
                autoComplete="off"
                spellCheck={false}
              />
            </FormField>
          </div>
          <FormField className="content-start" label="Excerpt" name="excerpt" hint={excerptHint}>
            <Textarea value={values.excerpt} onChange={set("excerpt")} rows={3} maxLength={POST_LIMITS.excerpt} className="min-h-20" />
          </FormField>
          <div className="grid gap-6 md:grid-cols-2">
            <FormField className="content-start" label="Category" name="category">
              <NativeSelect value={values.category} onChange={set("category")}>
                {categories.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField className="content-start" label="Tags" name="tags" hint="Comma-separated, e.g. pricing, shopify">
              <Input value={values.tags} onChange={set("tags")} maxLength={POST_LIMITS.tags} autoComplete="off" />
            </FormField>
          </div>
          <div className="grid gap-3">
            <span className="text-sm font-medium" id="cover-label">
              Cover image
            </span>
            <input type="hidden" name="coverUrl" value={values.coverUrl} />
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
              <div className="flex aspect-video w-full max-w-64 items-center justify-center overflow-hidden rounded-md border border-border bg-muted">
                {imageSrc(values.coverUrl) ? (
                  <img src={imageSrc(values.coverUrl)!} alt="Cover preview" className="size-full object-cover" />
                ) : (
                  <ImageOff aria-label="No cover image" className="size-8 text-muted-foreground" />
                )}
              </div>
              <div className="grid gap-2">
                <FileUpload
                  kind="post-cover"
                  ownerId={postId}
                  label={values.coverUrl ? "Replace cover image" : "Upload cover image"}
                  messages={{
                    success: POST_MESSAGES.uploaded,
                    failure: POST_MESSAGES.uploadFailed,
                  }}
                  onUploaded={(result) => setValues((current) => ({ ...current, coverUrl: result.url }))}
                />
                {values.coverUrl ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="justify-self-start"
                    onClick={() => setValues((current) => ({ ...current, coverUrl: "" }))}
                  >
                    Remove cover
                  </Button>
                ) : null}
              </div>
            </div>
          </div>
        </div>

        <div className="grid gap-6 lg:grid-cols-2">
          <FormField className="content-start" label="Content (Markdown)" name="contentMd">
            <Textarea
              value={values.contentMd}
              onChange={set("contentMd")}
              required
              maxLength={POST_LIMITS.contentMd}
              rows={20}
              className="min-h-96 font-mono text-sm"
              spellCheck
            />
          </FormField>
          <section aria-labelledby="preview-heading" className="grid content-start gap-2">
            <h2 id="preview-heading" className="text-sm font-medium">
              Preview
            </h2>
            <MarkdownPreview markdown={values.contentMd} />
          </section>
        </div>

        <div className="flex flex-wrap justify-end gap-3">
          <Button
            type="submit"
            name="intent"
            value="draft"
            variant="outline"
            loading={pendingIntent === "draft"}
            disabled={pendingIntent != null}
          >
            Save as draft
          </Button>
          <Button type="submit" name="intent" value="publish" loading={pendingIntent === "publish"} disabled={pendingIntent != null}>
            Publish
          </Button>
        </div>
      </Form>

      <UnsavedChangesDialog blocker={blocker} what="this post" />
    </div>
  );
}

function DeletePostButton({ postId, onConfirm }: { postId: string; onConfirm: () => void }) {
  const submit = useSubmit();
  return (
    <ConfirmButton
      trigger={
        <Button type="button" variant="destructive">
          Delete
        </Button>
      }
      title="Delete this post?"
      description="Are you sure you want to delete this post? This action cannot be undone."
      confirmLabel="Delete post"
      onConfirm={() => {
        onConfirm();
        void submit({ intent: "delete", id: postId }, { method: "post" });
      }}
    />
  );
}
