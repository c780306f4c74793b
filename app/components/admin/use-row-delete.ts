import { useFetcher } from "react-router";
import { useToastOnce } from "~/components/use-toast-once";
import type { Toast } from "~/lib/toast";

const toastOf = (data: unknown) =>
  data && typeof data === "object" && "toast" in data ? ((data as { toast?: Toast }).toast ?? null) : null;

/**
 * Deleting a row from a list. A deleted row disappears when the list reloads, and a fetcher
 * inside it would go with it before its toast is shown; this one lives with the list. Posts
 * `{ intent: "delete", id }` to the list's own action.
 */
export function useRowDelete() {
  const fetcher = useFetcher();
  useToastOnce(toastOf(fetcher.data));
  return {
    deleteRow: (id: string) => fetcher.submit({ intent: "delete", id }, { method: "post" }),
    /** The id being deleted right now, if any. */
    deletingId: fetcher.state !== "idle" ? (fetcher.formData?.get("id") ?? null) : null,
  };
}
