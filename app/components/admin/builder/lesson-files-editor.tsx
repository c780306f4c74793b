import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { Paperclip, Trash2 } from "lucide-react";
import { FileUpload } from "~/components/admin/file-upload";
import { Button } from "~/components/ui/button";
import { fileKindLabel, formatFileSize, lessonFilePath } from "~/lib/lesson-files";
import type { LessonFile } from "~/server/curriculum/lesson-files.server";
import { useBuilderAction } from "./use-builder-action";

/**
 * A lesson's downloadable files in the Edit Lesson dialog (issue 38): each uploaded file is kept at
 * once (it needs no Save Lesson) and listed with its size; Remove takes it away. Learners see them
 * on the lesson page, downloadable by exactly who may open the lesson.
 */
export function LessonFilesEditor({ lessonId, lessonTitle, files: saved }: { lessonId: string; lessonTitle: string; files: LessonFile[] }) {
  const [files, setFiles] = useState(saved);
  const revalidator = useRevalidator();
  const remove = useBuilderAction();
  const removing = remove.busy ? (remove.fetcher.formData?.get("fileId") as string | null) : null;
  // Taken off the list once the server says it is removed.
  const removedId = remove.done ? (remove.fetcher.data?.result as { id?: string } | null)?.id : undefined;
  useEffect(() => {
    if (removedId) setFiles((current) => current.filter((kept) => kept.id !== removedId));
  }, [removedId]);

  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">Downloads</legend>
      {files.length === 0 ? (
        <p className="text-sm text-muted-foreground">No files yet. Learners who may open this lesson can download what you add here.</p>
      ) : (
        <ul aria-label={`Files of “${lessonTitle}”`} className="grid gap-2">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-2 rounded-md border border-border px-3 py-2 text-sm">
              <Paperclip aria-hidden="true" className="size-4 text-muted-foreground" />
              <a href={lessonFilePath(lessonId, file.id)} download className="min-w-0 flex-1 truncate font-medium underline-offset-4 hover:underline">
                {file.filename}
              </a>
              <span className="text-xs text-muted-foreground tabular-nums">
                {fileKindLabel(file.contentType)} · {formatFileSize(file.sizeBytes)}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                loading={removing === file.id}
                aria-label={`Remove file “${file.filename}”`}
                className="text-destructive hover:text-destructive"
                onClick={() => {
                  void remove.fetcher.submit({ intent: "remove-lesson-file", lessonId, fileId: file.id }, { method: "post" });
                }}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FileUpload
        kind="lesson-file"
        ownerId={lessonId}
        label="Add a file"
        note="Kept at once, without Save Lesson."
        messages={{ success: "File added", failure: "Failed to add the file" }}
        onUploaded={(result) => {
          if (result.file) setFiles((current) => [...current, result.file as LessonFile]);
          void revalidator.revalidate();
        }}
      />
    </fieldset>
  );
}
