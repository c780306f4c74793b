/**
 * Toasts without sonner up front (issue 21): sonner loads with the first toast a page shows. Until
 * its list is on the page, calls wait here; the page's <Toaster /> hears that one is wanted and
 * loads it, and the loaded toaster says when sonner listens.
 */

export type ToastApi = {
  success: (title: string, options?: { description?: string }) => unknown;
  error: (title: string, options?: { description?: string }) => unknown;
};

let api: ToastApi | null = null;
let wanted = false;
const waiting: ((toast: ToastApi) => void)[] = [];
const listeners = new Set<() => void>();

/** Runs now if sonner is listening, else once it is (and asks for it to load). */
export function withToastApi(run: (toast: ToastApi) => void) {
  if (api) return run(api);
  waiting.push(run);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

/** Whether a toast was asked for yet; `onWanted` hears the first ask. */
export function toasterWanted(onWanted?: () => void) {
  if (onWanted && !wanted) {
    listeners.add(onWanted);
    return { wanted, stop: () => listeners.delete(onWanted) };
  }
  return { wanted, stop: () => false };
}

/** Called by the loaded toaster once its list listens: the waiting toasts show. */
export function toastApiReady(toast: ToastApi) {
  api = toast;
  for (const run of waiting.splice(0)) run(toast);
}
