import { useEffect, useRef, useState } from "react";
import { lessonProgressPath, POSITION_SAVE_INTERVAL_MS } from "~/lib/learning";
import { AUTO_QUALITY, useHlsStream } from "./use-hls-stream";

/** A position this close to the end plays the lesson again from the start instead of resuming. */
const RESUME_END_MARGIN_SECONDS = 3;

/**
 * Sends the position to the progress route. On the way out the page may be gone before a normal
 * request finishes: sendBeacon (or a keepalive fetch) outlives it. Both are same-origin POSTs, so
 * the server's origin check applies as to any form.
 */
function sendPosition(lessonId: string, seconds: number, { leaving = false } = {}) {
  const body = new URLSearchParams({ intent: "position", position: String(Math.floor(seconds)) });
  const url = lessonProgressPath(lessonId);
  if (leaving && typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, body)) return;
  void fetch(url, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => {
    // A lost position save costs a few seconds of resume accuracy; the next one catches up.
  });
}

/**
 * An uploaded lesson video in the browser's own player (keyboard and captions controls included),
 * streamed from the access-checked routes: its adaptive stream once ready (poster first, automatic
 * quality with a manual choice), the uploaded file otherwise. It resumes where the learner stopped,
 * saves the position every few seconds while playing and when paused or left, and reports the end
 * (auto-complete).
 */
export function LessonVideoPlayer({
  lessonId,
  src,
  stream,
  captions,
  title,
  startAt,
  saveProgress,
  onEnded,
}: {
  lessonId: string;
  src: string;
  stream?: { src: string; poster: string };
  captions?: string;
  title: string;
  startAt: number;
  saveProgress: boolean;
  onEnded?: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const quality = useHlsStream(video, { stream: stream?.src ?? null, file: src });
  // Where this page view started; later revalidations (after "Mark as complete") must not seek.
  // The page gives each lesson its own player (key), so the next lesson starts afresh.
  const [resumeAt] = useState(startAt);
  const lastSaved = useRef({ at: 0, seconds: resumeAt });
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  });

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const save = ({ leaving = false, force = false } = {}) => {
      if (!saveProgress) return;
      const seconds = Math.floor(element.currentTime);
      if (!force && seconds === lastSaved.current.seconds) return;
      lastSaved.current = { at: Date.now(), seconds };
      sendPosition(lessonId, seconds, { leaving });
    };
    const resume = () => {
      const duration = Number.isFinite(element.duration) ? element.duration : Infinity;
      if (resumeAt > 0 && resumeAt < duration - RESUME_END_MARGIN_SECONDS) element.currentTime = resumeAt;
    };
    const onTimeUpdate = () => {
      if (!element.paused && Date.now() - lastSaved.current.at >= POSITION_SAVE_INTERVAL_MS) save();
    };
    const onPause = () => {
      // "pause" also fires at the end, where the end handler saves the start instead.
      if (!element.ended) save();
    };
    const onEnd = () => {
      // Watching it again starts from the beginning.
      if (saveProgress) {
        lastSaved.current = { at: Date.now(), seconds: 0 };
        sendPosition(lessonId, 0);
      }
      onEndedRef.current?.();
    };
    const onLeave = () => save({ leaving: true });
    const onHidden = () => {
      if (document.visibilityState === "hidden") save({ leaving: true });
    };

    if (element.readyState >= 1) resume();
    else element.addEventListener("loadedmetadata", resume, { once: true });
    element.addEventListener("timeupdate", onTimeUpdate);
    element.addEventListener("pause", onPause);
    element.addEventListener("ended", onEnd);
    window.addEventListener("pagehide", onLeave);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      // Moving to another lesson inside the app unmounts the player without a pagehide.
      save();
      element.removeEventListener("loadedmetadata", resume);
      element.removeEventListener("timeupdate", onTimeUpdate);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("ended", onEnd);
      window.removeEventListener("pagehide", onLeave);
      document.removeEventListener("visibilitychange", onHidden);
    };
  }, [lessonId, resumeAt, saveProgress]);

  return (
    <div className="space-y-2">
      <video
        ref={video}
        // With a stream, the hook attaches it (or the file) once the page runs; the poster shows until then.
        src={stream ? undefined : src}
        poster={stream?.poster}
        controls
        preload="metadata"
        playsInline
        aria-label={`Video: ${title}`}
        className="aspect-video w-full rounded-lg bg-black"
      >
        {captions ? <track kind="captions" src={captions} srcLang="en" label="Captions" /> : null}
        Your browser cannot play this video.
      </video>
      {quality.levels.length > 1 && (
        <label className="flex items-center justify-end gap-2 text-sm text-muted-foreground">
          Quality
          <select
            value={quality.chosen}
            onChange={(event) => quality.choose(Number(event.target.value))}
            className="rounded-md border bg-background px-2 py-1 text-foreground"
          >
            <option value={AUTO_QUALITY}>
              {quality.chosen === AUTO_QUALITY && quality.playing ? `Auto (${quality.playing.height}p)` : "Auto"}
            </option>
            {quality.levels.map((level) => (
              <option key={level.index} value={level.index}>
                {level.height}p
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
