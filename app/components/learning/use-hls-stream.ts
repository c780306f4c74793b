import { useEffect, useRef, useState, type RefObject } from "react";
import type HlsType from "hls.js/light";
// hls.js's transmuxing worker as a file of the site's own (the CSP allows workers from 'self' only).
import hlsWorkerUrl from "hls.js/dist/hls.worker.js?url";

/** One quality a stream offers: hls.js's level index and its height in lines. */
export type QualityLevel = { index: number; height: number };

/** The automatic choice (hls.js picks by bandwidth and player size). */
export const AUTO_QUALITY = -1;

const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * Plays a lesson's adaptive stream in `video` (docs/decisions/026). hls.js is loaded only here, by a
 * dynamic import, so it is fetched by lesson pages that have a stream and weighs on no page's
 * bundle. It runs wherever the browser has Media Source Extensions, which is what gives the manual
 * quality choice; a browser without them that plays HLS itself (iPhone Safari) gets the playlist
 * directly; anything else, or a stream that fails, plays the original file.
 */
export function useHlsStream(video: RefObject<HTMLVideoElement | null>, { stream, file }: { stream: string | null; file: string }) {
  const hls = useRef<HlsType | null>(null);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [chosen, setChosen] = useState(AUTO_QUALITY);
  const [playing, setPlaying] = useState<number | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!element || !stream) return;
    let cancelled = false;
    const playFile = () => {
      if (!cancelled && element.getAttribute("src") !== file) element.src = file;
    };
    const hasMediaSource = "MediaSource" in window || "ManagedMediaSource" in window;
    if (!hasMediaSource) {
      if (element.canPlayType(HLS_TYPE)) element.src = stream;
      else playFile();
      return;
    }
    import("hls.js/light")
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) return element.canPlayType(HLS_TYPE) ? void (element.src = stream) : playFile();
        // The segments are turned into what Media Source takes in a worker, off the page's main thread,
        // loaded from the site's own file: the Content-Security-Policy allows no blob: workers.
        const player = new Hls({ workerPath: hlsWorkerUrl, capLevelToPlayerSize: true });
        hls.current = player;
        player.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
          setLevels(data.levels.map((level, index) => ({ index, height: level.height })));
        });
        player.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => setPlaying(data.level));
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // A stream that cannot play (gone, or access ended) leaves the original file's route to answer.
          player.destroy();
          hls.current = null;
          setLevels([]);
          playFile();
        });
        player.loadSource(stream);
        player.attachMedia(element);
      })
      .catch(playFile);
    return () => {
      cancelled = true;
      hls.current?.destroy();
      hls.current = null;
    };
  }, [video, stream, file]);

  const choose = (index: number) => {
    setChosen(index);
    if (hls.current) hls.current.currentLevel = index;
  };
  return { levels, chosen, playing: playing === null ? null : (levels[playing] ?? null), choose };
}
