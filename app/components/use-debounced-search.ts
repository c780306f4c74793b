import { useEffect, useRef, useState } from "react";

/**
 * The text of a search box that mirrors the URL's query and applies itself after a pause in
 * typing (or, without `delayMs`, when its form is submitted). While the visitor types, the box is ahead of the URL and wins; otherwise a URL change
 * (back/forward, a pill, Clear filters) shows in the box.
 */
export function useDebouncedSearch({ urlQuery, delayMs, apply }: { urlQuery: string; delayMs?: number; apply: (value: string) => void }) {
  const [query, setQuery] = useState(urlQuery);
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const [shownQuery, setShownQuery] = useState(urlQuery);
  if (shownQuery !== urlQuery) {
    setShownQuery(urlQuery);
    if (!typing && query.trim() !== urlQuery) setQuery(urlQuery);
  }

  /** Stops a pending search (the form is being submitted by hand). */
  function cancel() {
    clearTimeout(timer.current);
    setTyping(false);
  }

  function change(value: string) {
    setQuery(value);
    setTyping(true);
    clearTimeout(timer.current);
    // Without a delay the box only applies when its form is submitted.
    if (delayMs === undefined) return;
    timer.current = setTimeout(() => {
      setTyping(false);
      apply(value);
    }, delayMs);
  }

  return { query, change, cancel };
}
