import { useEffect, useRef } from "react";

export type MoveDirection = "up" | "down";

/** The id of a row's arrow button, so focus can find it again after the row moved. */
export const moveButtonId = (rowId: string, direction: MoveDirection) => `move-${rowId}-${direction}`;

/**
 * After a keyboard move the row is rendered again in its new place: once the move has come back
 * (`idle`) and the new order is on screen (`order` changed), focus returns to the button that was
 * pressed, or to the row's other arrow when the row reached an end and that one is disabled.
 * Returns the function a step calls before it submits.
 */
export function useRefocusAfterMove(idle: boolean, order: unknown) {
  const pending = useRef<{ rowId: string; direction: MoveDirection } | null>(null);
  useEffect(() => {
    if (!idle || !pending.current) return;
    const { rowId, direction } = pending.current;
    pending.current = null;
    const same = document.getElementById(moveButtonId(rowId, direction)) as HTMLButtonElement | null;
    const other = document.getElementById(moveButtonId(rowId, direction === "up" ? "down" : "up")) as HTMLButtonElement | null;
    (same && !same.disabled ? same : other)?.focus();
  }, [idle, order]);
  return (rowId: string, direction: MoveDirection) => {
    pending.current = { rowId, direction };
  };
}
