import { useEffect, useRef } from "react";

/** Typing here must never trigger a shortcut. */
function isTypingTarget(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return (
    target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], [role='textbox'], [role='combobox']") !== null
  );
}

/**
 * Runs `action` when `key` is pressed alone (no Ctrl, Alt, Meta or Shift), outside form fields
 * and while no dialog is open. The admin screens use it for "n": new post, new course, or focus
 * the users search.
 */
export function useShortcut(key: string, action: () => void, { enabled = true }: { enabled?: boolean } = {}) {
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.isComposing) return;
      if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return;
      if (event.key.toLowerCase() !== key.toLowerCase()) return;
      if (isTypingTarget(event.target)) return;
      if (document.querySelector("[role='dialog'], [role='alertdialog']")) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [key, enabled]);
}
