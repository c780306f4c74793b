import { useEffect } from "react";
import { useBlocker, type Blocker } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-button";

/**
 * Asks before leaving an editor with unsaved changes: in-app navigation is blocked (answer with
 * <UnsavedChangesDialog>), and closing or reloading the tab gets the browser's own prompt.
 * `submitting` is set while a save is under way, because a successful save leaves the page.
 */
export function useUnsavedChangesGuard(dirty: boolean, submitting: React.RefObject<boolean>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !submitting.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (submitting.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty, submitting]);
  return blocker;
}

/** "Leave without saving?" for a blocked navigation; `what` names the thing being edited ("this post"). */
export function UnsavedChangesDialog({ blocker, what }: { blocker: Blocker; what: string }) {
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onCancel={() => blocker.state === "blocked" && blocker.reset()}
      title="Leave without saving?"
      description={`You have unsaved changes to ${what}. If you leave now they will be lost.`}
      cancelLabel="Stay on this page"
      confirmLabel="Leave"
      onConfirm={() => blocker.state === "blocked" && blocker.proceed()}
    />
  );
}
