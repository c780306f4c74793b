import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Reads the page's loaders again every `everyMs` while `active` (a video processing, an
 * announcement sending), one reload at a time: the next waits until the last one is done.
 */
export function useRevalidateWhile(active: boolean, everyMs = 3000) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), everyMs);
    return () => clearTimeout(timer);
  }, [active, state, everyMs, revalidate]);
}
