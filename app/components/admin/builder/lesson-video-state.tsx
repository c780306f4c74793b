import { useId } from "react";
import { useRevalidateWhile } from "~/components/use-revalidate-while";
import { Captions, RotateCcw, Trash2, Upload } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { VIDEO_STREAM_STATUS_LABELS } from "~/lib/domain-values";
import type { BuilderVideo } from "~/server/curriculum/curriculum.server";
import type { LessonStreamState } from "~/server/video/lesson-streams.server";
import { useBuilderAction } from "./use-builder-action";

const POLL_MS = 3000;

/**
 * An uploaded lesson's video (docs/decisions/026) as its builder row shows it: the stream queued,
 * processing with a percentage, ready, or failed with the reason and a Retry button; and its
 * WebVTT captions, uploaded, replaced or removed here.
 */
export function LessonVideoState({ lessonId, lessonTitle, video }: { lessonId: string; lessonTitle: string; video: BuilderVideo }) {
  return (
    <div className="flex w-full flex-wrap items-center gap-x-4 gap-y-2 text-xs">
      {video.stream ? (
        <StreamState lessonTitle={lessonTitle} stream={video.stream} />
      ) : (
        <MakeStream lessonId={lessonId} lessonTitle={lessonTitle} />
      )}
      <CaptionsControl lessonId={lessonId} lessonTitle={lessonTitle} hasCaptions={video.captions} />
    </div>
  );
}

function StreamState({ lessonTitle, stream }: { lessonTitle: string; stream: LessonStreamState }) {
  const retry = useBuilderAction();
  const label = VIDEO_STREAM_STATUS_LABELS[stream.status];
  const variant =
    stream.status === "ready"
      ? "success"
      : stream.status === "failed"
        ? "destructive"
        : stream.status === "processing"
          ? "warning"
          : "secondary";
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="video-stream-state">
      <span className="text-muted-foreground">Streaming video:</span>
      <Badge variant={variant}>{stream.status === "processing" ? `${label} ${stream.progress}%` : label}</Badge>
      {stream.status === "failed" ? (
        <>
          <span className="text-destructive">{stream.error}</span>
          <retry.fetcher.Form method="post">
            <input type="hidden" name="lessonId" value={stream.lessonId} />
            <Button type="submit" name="intent" value="retry-transcode" variant="outline" size="sm" loading={retry.busy}>
              <RotateCcw aria-hidden="true" /> Retry processing “{lessonTitle}”
            </Button>
          </retry.fetcher.Form>
        </>
      ) : null}
    </div>
  );
}

/** A video uploaded before streams existed (or whose stream was lost) is queued on request. */
function MakeStream({ lessonId, lessonTitle }: { lessonId: string; lessonTitle: string }) {
  const queue = useBuilderAction();
  return (
    <queue.fetcher.Form method="post" className="flex flex-wrap items-center gap-2" data-testid="video-stream-state">
      <span className="text-muted-foreground">Streaming video: none yet</span>
      <input type="hidden" name="lessonId" value={lessonId} />
      <Button type="submit" name="intent" value="retry-transcode" variant="outline" size="sm" loading={queue.busy}>
        <RotateCcw aria-hidden="true" /> Make streaming video of “{lessonTitle}”
      </Button>
    </queue.fetcher.Form>
  );
}

/** Upload (or replace) and remove the lesson's captions; the server checks the file and says what is wrong with it. */
function CaptionsControl({ lessonId, lessonTitle, hasCaptions }: { lessonId: string; lessonTitle: string; hasCaptions: boolean }) {
  const upload = useBuilderAction();
  const remove = useBuilderAction();
  const inputId = useId();
  const problem = upload.errors.captions?.[0];
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="video-captions">
      <Captions aria-hidden="true" className="size-4 text-muted-foreground" />
      <span className="text-muted-foreground">{hasCaptions ? "Captions added" : "No captions"}</span>
      <upload.fetcher.Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="lessonId" value={lessonId} />
        <label htmlFor={inputId} className="sr-only">
          Captions file (WebVTT) for “{lessonTitle}”
        </label>
        <input
          id={inputId}
          type="file"
          name="captions"
          accept=".vtt,text/vtt"
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          className="max-w-56 text-xs file:mr-2 file:rounded-md file:border file:border-border file:bg-background file:px-2 file:py-1"
        />
        <Button type="submit" name="intent" value="upload-captions" variant="outline" size="sm" loading={upload.busy}>
          <Upload aria-hidden="true" /> Upload captions for “{lessonTitle}”
        </Button>
      </upload.fetcher.Form>
      {hasCaptions ? (
        <remove.fetcher.Form method="post">
          <input type="hidden" name="lessonId" value={lessonId} />
          <Button type="submit" name="intent" value="remove-captions" variant="ghost" size="sm" loading={remove.busy}>
            <Trash2 aria-hidden="true" /> Remove captions of “{lessonTitle}”
          </Button>
        </remove.fetcher.Form>
      ) : null}
      {problem ? (
        <p id={`${inputId}-problem`} role="alert" className="w-full font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** Reloads the builder's data every few seconds while any lesson video is queued or processing. */
export function useStreamProgressPolling(videos: Record<string, BuilderVideo>) {
  useRevalidateWhile(
    Object.values(videos).some((video) => video.stream?.status === "queued" || video.stream?.status === "processing"),
    POLL_MS,
  );
}
