import { useEffect, useRef } from "react";
import { toastError, toastSuccess } from "~/components/ui/toaster";
import type { Toast } from "~/lib/toast";

/**
 * Shows a toast from loader or action data once: the same message object (same id) seen again
 * after a revalidation or a re-render is not shown twice.
 */
export function useToastOnce(toast: Toast | null | undefined) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!toast || shown.current === toast.id) return;
    shown.current = toast.id;
    if (toast.kind === "success") toastSuccess(toast.message, toast.description);
    // An error with more to say ("Quiz not passed", "You scored 50%.") keeps both, under "Error".
    else toastError(toast.description ? `${toast.message}. ${toast.description}` : toast.message);
  }, [toast]);
}

/** Shows the toast of an action's answer (`fetcher.data`, `actionData`), if it carries one. */
export function useAnswerToast(data: unknown) {
  useToastOnce(data && typeof data === "object" && "toast" in data ? ((data as { toast?: Toast | null }).toast ?? null) : null);
}
