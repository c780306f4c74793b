import { useId, useRef, useState } from "react";
import { Upload, X } from "lucide-react";
import { sendFile, UploadCancelledError, type UploadResult } from "~/components/admin/file-upload";
import { Button } from "~/components/ui/button";
import { Progress } from "~/components/ui/progress";
import { toastError, toastSuccess } from "~/components/ui/toaster";
import { BUILDER_MESSAGES } from "~/lib/builder-messages";
import { UPLOAD_KINDS, videoFileProblem } from "~/lib/upload-kinds";

const VIDEO = UPLOAD_KINDS["lesson-video"];

/**
 * Uploads a lesson's video with a progress bar and a Cancel button. The server files it under the
 * lesson's course and answers with its storage key, which the lesson form saves.
 */
export function VideoUpload({ lessonId, onUploaded }: { lessonId: string; onUploaded: (result: UploadResult & { name: string }) => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(file: File) {
    setProblem(null);
    const refused = videoFileProblem(file);
    if (refused) {
      setProblem(refused);
      toastError(refused);
      if (input.current) input.current.value = "";
      return;
    }
    controller.current = new AbortController();
    setProgress(0);
    try {
      const result = await sendFile(
        `/api/uploads/lesson-video?ownerId=${encodeURIComponent(lessonId)}`,
        file,
        setProgress,
        controller.current.signal,
      );
      onUploaded({ ...result, name: file.name });
      toastSuccess(BUILDER_MESSAGES.videoUploaded);
    } catch (error) {
      if (error instanceof UploadCancelledError) {
        setProblem("Upload cancelled.");
      } else {
        const reason = error instanceof Error ? error.message : String(error);
        console.warn(`${BUILDER_MESSAGES.videoUploadFailed}: ${reason}`);
        setProblem(reason);
        toastError(BUILDER_MESSAGES.videoUploadFailed);
      }
    } finally {
      controller.current = null;
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="grid gap-2">
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={VIDEO.accept}
        className="sr-only"
        aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-problem` : ""}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <label htmlFor={inputId} className="sr-only">
        Upload video
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" loading={progress !== null} onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" /> Upload video
        </Button>
        {progress !== null ? (
          <Button type="button" variant="ghost" onClick={() => controller.current?.abort()}>
            <X aria-hidden="true" /> Cancel upload
          </Button>
        ) : null}
      </div>
      {progress !== null ? <Progress value={progress} label="Video upload progress" showValue /> : null}
      <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
        {VIDEO.hint}
      </p>
      {problem ? (
        <p id={`${inputId}-problem`} role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
