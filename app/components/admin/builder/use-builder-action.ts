import { useFetcher } from "react-router";
import { useToastOnce } from "~/components/use-toast-once";
import type { FieldErrors } from "~/lib/forms/parse-form";
import type { Toast } from "~/lib/toast";

/** What the builder's action answers (app/routes/admin/course-builder.server.ts). */
export type BuilderActionData = {
  intent: string | null;
  toast?: Toast;
  errors?: FieldErrors;
  values?: Record<string, string>;
  result?: unknown;
};

/**
 * A fetcher posting to the builder's action, whose answer's toast is shown once. `done` is true
 * once the last submission came back without errors, e.g. to close a dialog.
 */
export function useBuilderAction() {
  const fetcher = useFetcher<BuilderActionData>();
  useToastOnce(fetcher.data?.toast);
  const data = fetcher.state === "idle" ? fetcher.data : undefined;
  const failed = Boolean(data?.toast && data.toast.kind === "error");
  return {
    fetcher,
    busy: fetcher.state !== "idle",
    pendingIntent: fetcher.state !== "idle" ? (fetcher.formData?.get("intent") as string | null) : null,
    errors: failed ? (data?.errors ?? {}) : {},
    done: Boolean(data && !failed),
  };
}
