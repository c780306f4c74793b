import { useId, useRef, useState } from "react";
import { Upload } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Progress } from "~/components/ui/progress";
import { toastError, toastSuccess } from "~/components/ui/toaster";
import { UPLOAD_KINDS, type UploadKindName } from "~/lib/upload-kinds";

/** `url` is the file's public address; lesson videos have none (they play through an access-checked route). */
export type UploadResult = {
  bucket: string;
  key: string;
  url: string;
  contentType: string;
  size: number;
  /** The row a recorded kind wrote (a lesson's file). */
  file?: unknown;
};

type FileUploadProps = {
  /** A kind known to /api/uploads/:kind; its accept list, limit and texts come from app/lib/upload-kinds.ts. */
  kind: UploadKindName;
  /** The post, course or lesson the file belongs to; none for one not saved yet. */
  ownerId?: string;
  label: string;
  messages: { success: string; failure: string };
  onUploaded: (result: UploadResult) => void;
  /** Said after the kind's formats and limit. */
  note?: string;
};

/** Thrown by `sendFile` when its signal aborts the upload. */
export class UploadCancelledError extends Error {
  constructor() {
    super("The upload was cancelled");
    this.name = "UploadCancelledError";
  }
}

/** Sends one file with XMLHttpRequest, whose upload events give a real progress bar; `signal` cancels it. */
export function sendFile(url: string, file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  return new Promise<UploadResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    if (signal?.aborted) return reject(new UploadCancelledError());
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(new UploadCancelledError());
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as (Partial<UploadResult> & { error?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.key) resolve(body as UploadResult);
      else reject(new Error(body?.error ?? `Upload failed with status ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error("The network connection failed"));
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}

export function FileUpload({ kind, ownerId, label, messages, onUploaded, note }: FileUploadProps) {
  const { accept, maxBytes, hint: formats, messages: refusals } = UPLOAD_KINDS[kind];
  const hint = note ? `${formats} ${note}` : formats;
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(file: File) {
    setProblem(null);
    if (file.size > maxBytes) {
      setProblem(refusals.size);
      toastError(messages.failure);
      return;
    }
    setProgress(0);
    try {
      const query = ownerId ? `?ownerId=${encodeURIComponent(ownerId)}` : "";
      const result = await sendFile(`/api/uploads/${kind}${query}`, file, setProgress);
      onUploaded(result);
      toastSuccess(messages.success);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`${messages.failure}: ${reason}`);
      setProblem(reason);
      toastError(messages.failure);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  }

  const describedBy = [`${inputId}-hint`, problem ? `${inputId}-problem` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-2">
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={accept}
        className="sr-only"
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" loading={progress !== null} onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" />
          {label}
        </Button>
        {/* The visible button opens the picker; this label names the input for assistive technology. */}
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
      </div>
      {progress !== null ? <Progress value={progress} label="Upload progress" showValue /> : null}
      <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      {problem ? (
        <p id={`${inputId}-problem`} role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
