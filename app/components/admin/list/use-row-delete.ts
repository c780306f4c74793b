import { useFetcher } from "react-router";
import { useAnswerToast } from "~/components/use-toast-once";

/**
 * Deleting a row from a list. A deleted row disappears when the list reloads, and a fetcher
 * inside it would go with it before its toast is shown; this one lives with the list. Posts
 * `{ intent: "delete", id }` to the list's own action.
 */
export function useRowDelete(): RowDelete {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data);
  return {
    deleteRow: (id: string) => void fetcher.submit({ intent: "delete", id }, { method: "post" }),
    deletingId: fetcher.state !== "idle" ? (fetcher.formData?.get("id") ?? null) : null,
  };
}

export type RowDelete = {
  deleteRow: (id: string) => void;
  /** The id being deleted right now, if any. */
  deletingId: FormDataEntryValue | null;
};
