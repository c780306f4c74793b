import { useEffect } from "react";
import { RotateCcw } from "lucide-react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { VIDEO_STREAM_STATUS_LABELS } from "~/lib/domain-values";
import type { LessonStreamState } from "~/server/video/lesson-streams.server";
import { useBuilderAction } from "./use-builder-action";

const POLL_MS = 3000;

/**
 * An uploaded lesson's stream (docs/decisions/026) as its builder row shows it: queued, processing
 * with a percentage, ready, or failed with the reason and a Retry button.
 */
export function LessonVideoState({ lessonTitle, stream }: { lessonTitle: string; stream: LessonStreamState }) {
  const retry = useBuilderAction();
  const label = VIDEO_STREAM_STATUS_LABELS[stream.status];
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs" data-testid="video-stream-state">
      {stream.status === "processing" ? (
        <Badge variant="warning">
          {label} {stream.progress}%
        </Badge>
      ) : (
        <Badge variant={stream.status === "ready" ? "success" : stream.status === "failed" ? "destructive" : "secondary"}>{label}</Badge>
      )}
      {stream.status === "failed" ? (
        <>
          <span className="text-destructive">{stream.error}</span>
          <retry.fetcher.Form method="post">
            <input type="hidden" name="lesson_id" value={stream.lessonId} />
            <Button type="submit" name="intent" value="retry-transcode" variant="outline" size="sm" loading={retry.busy}>
              <RotateCcw aria-hidden="true" /> Retry processing “{lessonTitle}”
            </Button>
          </retry.fetcher.Form>
        </>
      ) : null}
    </div>
  );
}

/** Reloads the builder's data every few seconds while any lesson video is queued or processing. */
export function useStreamProgressPolling(streams: Record<string, LessonStreamState>) {
  const { revalidate, state } = useRevalidator();
  const working = Object.values(streams).some((stream) => stream.status === "queued" || stream.status === "processing");
  useEffect(() => {
    if (!working || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [working, state, streams, revalidate]);
}
